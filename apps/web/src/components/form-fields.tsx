import { Radio, Select, Stack, TextInput, type RadioGroupProps, type SelectProps, type TextInputProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';

/** Mantine inputs bound to a react-hook-form field by name; the error message comes from the form. */
interface Bound<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
}

export function TextField<T extends FieldValues>({
  control,
  name,
  ...props
}: Bound<T> & Omit<TextInputProps, 'name' | 'value' | 'onChange' | 'error'>) {
  const {
    field: { ref, value, onChange, onBlur },
    fieldState,
  } = useController({ control, name });
  return (
    <TextInput
      {...props}
      name={name}
      ref={ref}
      value={(value as string | undefined) ?? ''}
      onChange={(e) => onChange(e.currentTarget.value)}
      onBlur={onBlur}
      error={fieldState.error?.message}
    />
  );
}

export function SelectField<T extends FieldValues>({
  control,
  name,
  onValueChange,
  ...props
}: Bound<T> & Omit<SelectProps, 'name' | 'value' | 'onChange' | 'error'> & { onValueChange?: (value: string) => void }) {
  const {
    field: { ref, value, onChange, onBlur },
    fieldState,
  } = useController({ control, name });
  return (
    <Select
      {...props}
      name={name}
      ref={ref}
      value={(value as string | undefined) || null}
      onChange={(next) => {
        onChange(next ?? '');
        onValueChange?.(next ?? '');
      }}
      onBlur={onBlur}
      error={fieldState.error?.message}
    />
  );
}

export function RadioField<T extends FieldValues>({
  control,
  name,
  options,
  ...props
}: Bound<T> & Omit<RadioGroupProps, 'name' | 'value' | 'onChange' | 'error' | 'children'> & { options: { value: string; label: ReactNode }[] }) {
  const {
    field: { value, onChange },
    fieldState,
  } = useController({ control, name });
  return (
    <Radio.Group {...props} name={name} value={(value as string | undefined) ?? null} onChange={onChange} error={fieldState.error?.message}>
      <Stack gap="xs" mt="xs">
        {options.map((o) => (
          <Radio key={o.value} value={o.value} label={o.label} />
        ))}
      </Stack>
    </Radio.Group>
  );
}
