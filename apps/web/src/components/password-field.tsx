import { PASSWORD_MAX, PASSWORD_MIN } from '@bansi/shared';
import { PasswordInput, Progress, Stack, Text, type PasswordInputProps } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import type { judgePassword } from '@bansi/shared/domain/password-strength';

type Judge = typeof judgePassword;

// The estimator's dictionaries are large: they load only once a new password is being typed.
let judgeLoading: Promise<Judge> | null = null;
const loadJudge = () => (judgeLoading ??= import('@bansi/shared/domain/password-strength').then((m) => m.judgePassword));

export type StrengthLevel = 'empty' | 'short' | 'checking' | 'weak' | 'strong';

/**
 * The meter's reading, by the same rule the server applies (packages/shared password-strength):
 * length first, then how many guesses the password would take given the user's own words.
 */
export function passwordStrength(
  password: string,
  judge: Judge | null,
  personal: string[] = [],
): { level: StrengthLevel; percent: number; color: string } {
  const length = [...password].length;
  if (length === 0) return { level: 'empty', percent: 0, color: 'gray' };
  if (length < PASSWORD_MIN) return { level: 'short', percent: Math.max(8, (length / PASSWORD_MIN) * 30), color: 'red' };
  if (!judge) return { level: 'checking', percent: 40, color: 'gray' };
  const { problem, score } = judge(password, personal);
  if (problem) return { level: 'weak', percent: 30 + score * 10, color: 'orange' };
  return { level: 'strong', percent: 100, color: 'green' };
}

function useJudge(enabled: boolean): Judge | null {
  const [judge, setJudge] = useState<Judge | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    void loadJudge().then((j) => live && setJudge(() => j));
    return () => {
      live = false;
    };
  }, [enabled]);
  return judge;
}

const strengthText = (level: StrengthLevel) =>
  level === 'empty' || level === 'short' ? `account.password.strength.${level}` : `security.password.${level}`;

/**
 * A password input with a show/hide button and, for a new password, the rules in plain words and a
 * meter that judges it by the server's own rule (length 8..128, then how easy it is to guess).
 */
export function PasswordField<T extends FieldValues>({
  control,
  name,
  isNew = false,
  personal = [],
  ...props
}: {
  control: Control<T>;
  name: Path<T>;
  isNew?: boolean;
  /** the user's own name, e-mail, company: a password built on them is refused */
  personal?: string[];
} & Omit<PasswordInputProps, 'name' | 'value' | 'onChange' | 'error'>) {
  const { t } = useTranslation();
  const {
    field: { ref, value: raw, onChange, onBlur },
    fieldState,
  } = useController({ control, name });
  const value = (raw as string | undefined) ?? '';
  const judge = useJudge(isNew && value.length > 0);
  const strength = passwordStrength(value, judge, personal);
  return (
    <Stack gap={6}>
      <PasswordInput
        {...props}
        name={name}
        ref={ref}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        onBlur={onBlur}
        error={fieldState.error?.message}
        maxLength={PASSWORD_MAX}
        description={isNew ? t('account.password.hint', { min: PASSWORD_MIN, max: PASSWORD_MAX }) : props.description}
        visibilityToggleFocusable
        visibilityToggleButtonProps={{ 'aria-label': t('account.password.toggle') }}
      />
      {isNew ? (
        <>
          <Progress value={strength.percent} color={strength.color} size="sm" aria-hidden />
          <Text size="xs" c="dimmed" aria-live="polite" data-testid="password-strength">
            {t(strengthText(strength.level), { n: [...value].length, min: PASSWORD_MIN })}
          </Text>
        </>
      ) : null}
    </Stack>
  );
}
