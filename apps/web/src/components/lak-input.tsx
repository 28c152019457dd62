import { NumberInput, Text, type NumberInputProps } from '@mantine/core';
import { INTL_LOCALES } from '@bansi/shared/format';
import type { Language } from '@bansi/shared/i18n';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../lib/use-lang';

/** The grouping and decimal marks of the language (Lao: 1.234.567; English: 1,234,567). */
function separators(lng: Language): { group: string; decimal: string } {
  const parts = new Intl.NumberFormat(INTL_LOCALES[lng]).formatToParts(1234567.5);
  const group = parts.find((p) => p.type === 'group')?.value ?? ',';
  const decimal = parts.find((p) => p.type === 'decimal')?.value ?? '.';
  return { group, decimal: decimal === group ? (group === '.' ? ',' : '.') : decimal };
}

type GroupedProps = Omit<NumberInputProps, 'thousandSeparator' | 'decimalSeparator' | 'allowNegative' | 'decimalScale'>;

/**
 * A non-negative number (head counts, amounts) grouped as the user types, in the language's own way.
 * `value` is a number or '' while empty.
 */
export function GroupedNumberInput({ allowDecimal = false, ...props }: GroupedProps) {
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
