import { localized, type Language } from '@bansi/shared';
import { Select, type SelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

/** A name in the reader's language (English falls back to Lao). */
export const nameOf = (item: { nameLo: string; nameEn: string }, lng: Language) => localized(item.nameLo, item.nameEn, lng);

/** Filters kept in the address, so a filtered list survives a reload and can be linked to (the overview does). */
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
  return { params, setFilter };
}

/** A filter select whose empty choice reads "any". */
export function FilterSelect({ data, ...props }: Omit<SelectProps, 'data'> & { data: { value: string; label: string }[] }) {
  const { t } = useTranslation();
  return (
    <Select
      {...props}
      data={[{ value: '', label: t('backoffice.companies.any') }, ...data]}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      w={{ base: '100%', xs: 200 }}
    />
  );
}
