import { Select, type SelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useApiIndex } from '../../api/get-api-index';

/** The last `span` book years, newest first (filters of the history lists). */
export function recentYears(bookYear: number | undefined, span = 10): number[] {
  if (!bookYear) return [];
  return Array.from({ length: span }, (_, i) => bookYear - i);
}

/**
 * A list's filters kept in the address, so a filtered list survives a reload and can be shared:
 * `setFilter(key, '')` (or null) removes the key. `bookYear` is the `year` filter, read.
 */
export function useUrlFilters() {
  const [params, setParams] = useSearchParams();
  const setFilter = (key: string, value: string | null) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        if (value) p.set(key, value);
        else p.delete(key);
        return p;
      },
      { replace: true },
    );
  return { params, setFilter, bookYear: Number(params.get('year')) || undefined };
}

/** A filter select whose empty choice reads "all". */
export function FilterSelect({ data, ...props }: Omit<SelectProps, 'data'> & { data: { value: string; label: string }[] }) {
  const { t } = useTranslation();
  return (
    <Select
      {...props}
      data={[{ value: '', label: t('lists.filters.all') }, ...data]}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      w={{ base: '100%', xs: 200 }}
    />
  );
}

/** The book-year filter: the last ten book years up to the configured one, or all. */
export function YearFilter({ value, onChange, testId }: { value: number | undefined; onChange: (year: string | null) => void; testId: string }) {
  const { t } = useTranslation();
  const index = useApiIndex();
  return (
    <FilterSelect
      label={t('lists.filters.year')}
      data={recentYears(index.data?.bookYear).map((y) => ({ value: String(y), label: String(y) }))}
      value={value ? String(value) : ''}
      onChange={onChange}
      data-testid={testId}
    />
  );
}
