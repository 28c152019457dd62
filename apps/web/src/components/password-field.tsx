import { PASSWORD_MAX, PASSWORD_MIN, type PasswordCheck } from '@bansi/shared';
import { PasswordInput, Progress, Stack, Text, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { usePasswordCheck } from '../api/check-password';

export type StrengthLevel = 'empty' | 'short' | 'checking' | 'unknown' | 'weak' | 'strong';

/**
 * The meter's reading: length first (no need to ask), then the verdict of the server's own rule on this
 * very password (`verdict`, null while it is being asked), or `unknown` when it could not be asked
 * (offline, or the check's rate limit): the rule is applied again when the password is saved.
 */
export function passwordStrength(
  password: string,
  verdict: PasswordCheck | null,
  failed = false,
): { level: StrengthLevel; percent: number; color: string } {
  const length = [...password].length;
  if (length === 0) return { level: 'empty', percent: 0, color: 'gray' };
  if (length < PASSWORD_MIN) return { level: 'short', percent: Math.max(8, (length / PASSWORD_MIN) * 30), color: 'red' };
  if (failed) return { level: 'unknown', percent: 40, color: 'gray' };
  if (!verdict) return { level: 'checking', percent: 40, color: 'gray' };
  if (verdict.problem) return { level: 'weak', percent: 30 + verdict.score * 10, color: 'orange' };
  return { level: 'strong', percent: 100, color: 'green' };
}

const strengthText = (level: StrengthLevel) =>
  level === 'empty' || level === 'short' ? `account.password.strength.${level}` : `security.password.${level}`;

/**
 * A password input with a show/hide button and, for a new password, the rules in plain words and a
 * meter that asks the server's own rule (length 8..128, then how easy it is to guess) once typing pauses.
 */
export function PasswordField<T extends FieldValues>({
  control,
  name,
  isNew = false,
  personal = [],
  token,
  ...props
}: {
  control: Control<T>;
  name: Path<T>;
  isNew?: boolean;
  /** the user's own name, e-mail, company: a password built on them is refused */
  personal?: string[];
  /** the token of the reset or invitation link this password is set with (its account's words count too) */
  token?: string;
} & Omit<PasswordInputProps, 'name' | 'value' | 'onChange' | 'error'>) {
  const { t } = useTranslation();
  const {
    field: { ref, value: raw, onChange, onBlur },
    fieldState,
  } = useController({ control, name });
  const value = (raw as string | undefined) ?? '';
  const check = usePasswordCheck(value, personal, token, isNew);
  const strength = passwordStrength(value, check.current && check.data ? check.data : null, check.current && check.isError);
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
