import { NumberInput, Text, type NumberInputProps } from '@mantine/core';
import { numberSeparators } from '@bansi/shared/format';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../lib/use-lang';

type GroupedProps = Omit<NumberInputProps, 'thousandSeparator' | 'decimalSeparator' | 'allowNegative' | 'decimalScale'> & {
  /** a line that may be below zero (an allowance, depreciation, accumulated losses); default false */
  allowNegative?: boolean;
};

/**
 * A number (head counts, amounts; non-negative unless `allowNegative`) grouped as the user types, in the language's own way.
 * `value` is a number or '' while empty.
 */
export function GroupedNumberInput({ allowDecimal = false, allowNegative = false, ...props }: GroupedProps) {
  const lng = useLang();
  const { group, decimal } = useMemo(() => numberSeparators(lng), [lng]);
  return (
    <NumberInput
      {...props}
      allowNegative={allowNegative}
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

/** An amount in whole kip: no fractions, no negatives, grouped as typed, "ກີບ"/"LAK" beside it. */
export function LakInput(props: Omit<GroupedProps, 'allowDecimal' | 'rightSection' | 'rightSectionWidth'>) {
  const { t } = useTranslation();
  return (
    <GroupedNumberInput
      {...props}
      allowDecimal={false}
      rightSection={
        <Text size="xs" c="dimmed">
          {t('lists.lak')}
        </Text>
      }
      rightSectionWidth={48}
    />
  );
}
