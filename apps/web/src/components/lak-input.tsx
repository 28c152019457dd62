import { NumberInput, Text, type NumberInputProps } from '@mantine/core';
import { numberSeparators } from '@bansi/shared/format';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../lib/use-lang';
import { AmountInput, type AmountInputProps } from './amount-input';

export { AmountInput, type AmountInputProps };

/** An amount in whole kip with "ກີບ"/"LAK" beside it; non-negative unless `allowNegative`. */
export function LakInput(props: Omit<AmountInputProps, 'rightSection' | 'rightSectionWidth'>) {
  const { t } = useTranslation();
  return (
    <AmountInput
      {...props}
      rightSection={
        <Text size="xs" c="dimmed">
          {t('lists.lak')}
        </Text>
      }
      rightSectionWidth={48}
    />
  );
}

/**
 * A count: a whole number through the one AmountInput; `allowDecimal` only for an average (persons a year, which
 * may have decimals: the contract's AverageLabour), the single figure that is not a whole number.
 */
export function GroupedNumberInput({ allowDecimal, ...props }: AmountInputProps & { allowDecimal?: boolean }) {
  if (allowDecimal) return <DecimalInput {...props} />;
  return <AmountInput {...props} />;
}

function DecimalInput({ value, onChange, allowNegative = false, onRefusal: _unused, ...props }: AmountInputProps) {
  const lng = useLang();
  const { group, decimal } = useMemo(() => numberSeparators(lng), [lng]);
  return (
    <NumberInput
      {...(props as Omit<NumberInputProps, 'value' | 'onChange'>)}
      value={value ?? ''}
      onChange={(v) => onChange?.(v === '' ? '' : Number(v))}
      allowNegative={allowNegative}
      allowDecimal
      decimalScale={2}
      thousandSeparator={group}
      decimalSeparator={decimal}
      hideControls
      inputMode="decimal"
      max={10_000_000}
      clampBehavior="strict"
    />
  );
}
