import { Select, type SelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The last `span` book years, newest first (filters of the history lists). */
export function recentYears(bookYear: number | undefined, span = 10): number[] {
  if (!bookYear) return [];
  return Array.from({ length: span }, (_, i) => bookYear - i);
}

/** A filter select whose empty choice reads "all". */
export function FilterSelect({ data, ...props }: Omit<SelectProps, 'data'> & { data: { value: string; label: string }[] }) {
  const { t } = useTranslation();
  return (
    <Select
      {...props}
      data={[{ value: '', label: t('submission.filters.all') }, ...data]}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      w={{ base: '100%', xs: 200 }}
    />
  );
}
