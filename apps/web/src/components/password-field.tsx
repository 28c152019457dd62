import { PASSWORD_MAX, PASSWORD_MIN } from '@bansi/shared';
import { PasswordInput, Progress, Stack, Text, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';

/**
 * How good a password looks by its length alone: NIST SP 800-63B asks for length, not for mixed
 * characters (the server also refuses common passwords).
 */
export function passwordStrength(password: string): { level: 'empty' | 'short' | 'fair' | 'good' | 'strong'; percent: number; color: string } {
  const length = [...password].length;
  if (length === 0) return { level: 'empty', percent: 0, color: 'gray' };
  if (length < PASSWORD_MIN) return { level: 'short', percent: Math.max(8, (length / PASSWORD_MIN) * 30), color: 'red' };
  if (length < 12) return { level: 'fair', percent: 55, color: 'yellow' };
  if (length < 16) return { level: 'good', percent: 80, color: 'teal' };
  return { level: 'strong', percent: 100, color: 'green' };
}

/**
 * A password input with a show/hide button and, for a new password, the rules in plain words and a
 * length meter (at least 8 characters, up to 128, no composition rules).
 */
export function PasswordField<T extends FieldValues>({
  control,
  name,
  isNew = false,
  ...props
}: { control: Control<T>; name: Path<T>; isNew?: boolean } & Omit<PasswordInputProps, 'name' | 'value' | 'onChange' | 'error'>) {
  const { t } = useTranslation();
  const {
    field: { ref, value: raw, onChange, onBlur },
    fieldState,
  } = useController({ control, name });
  const value = (raw as string | undefined) ?? '';
  const strength = passwordStrength(value);
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
            {strength.level === 'empty'
              ? t('account.password.strength.empty')
              : t(`account.password.strength.${strength.level}`, { n: [...value].length, min: PASSWORD_MIN })}
          </Text>
        </>
      ) : null}
    </Stack>
  );
}
