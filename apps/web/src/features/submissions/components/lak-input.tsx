import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useMemo } from 'react';
import { useLang } from '../lib/lang';

/** The grouping and decimal marks of the language (Lao: 1.234.567; English: 1,234,567). */
function separators(lng: string): { group: string; decimal: string } {
  const parts = new Intl.NumberFormat(lng === 'lo' ? 'lo-LA' : 'en-GB').formatToParts(1234567.5);
  const group = parts.find((p) => p.type === 'group')?.value ?? ',';
  const decimal = parts.find((p) => p.type === 'decimal')?.value ?? '.';
  return {
    group,
    decimal: decimal === group ? (group === '.' ? ',' : '.') : decimal,
  };
}

/**
 * A whole number (LAK amounts, head counts) grouped as the user types, in the language's own way.
 * `value` is a number or '' while empty.
 */
export function GroupedNumberInput({ allowDecimal = false, ...props }: Omit<NumberInputProps, 'thousandSeparator' | 'decimalSeparator'>) {
  const lng = useLang();
  const { group, decimal } = useMemo(() => separators(lng), [lng]);
  return (
    <NumberInput
      {...props}
      allowNegative={false}
      allowDecimal={allowDecimal}
      decimalScale={allowDecimal ? 2 : 0}
      thousandSeparator={group}
      decimalSeparator={decimal}
      hideControls
      inputMode={allowDecimal ? 'decimal' : 'numeric'}
      max={Number.MAX_SAFE_INTEGER}
      clampBehavior="strict"
    />
  );
}
