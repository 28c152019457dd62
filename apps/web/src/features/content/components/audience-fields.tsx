import { AUDIENCE_KINDS, type NotificationAudienceKind } from '@bansi/shared';
import { Group, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProvinces } from '../../../api/get-provinces';
import { useReferenceList } from '../../../api/get-reference-list';
import { useAudienceCompanies } from '../api/get-audience-options';
import { useLang } from '../../../lib/use-lang';

export interface AudienceValue {
  kind: NotificationAudienceKind;
  value: string | null;
}

/** Whom a notification is for: everyone, every company, companies of a category, size or province, or one company. */
export function AudienceFields({ value, onChange, error }: { value: AudienceValue; onChange: (v: AudienceValue) => void; error?: string }) {
  const { t } = useTranslation();
  const lng = useLang();
  const [search, setSearch] = useState('');
  const categories = useReferenceList('categories', undefined, value.kind === 'category');
  const sizes = useReferenceList('sizes', undefined, value.kind === 'size');
  const provinces = useProvinces(value.kind === 'province');
  const [debounced] = useDebouncedValue(search, 300);
  const companies = useAudienceCompanies(debounced, value.kind === 'company' ? value.value : null, value.kind === 'company');
  const name = (item: { nameLo: string; nameEn: string }) => (lng === 'en' ? item.nameEn : item.nameLo);

  const options =
    value.kind === 'category'
      ? (categories.data?.items ?? []).map((i) => ({ value: i.id, label: name(i) }))
      : value.kind === 'size'
        ? (sizes.data?.items ?? []).map((i) => ({ value: i.id, label: name(i) }))
        : value.kind === 'province'
          ? (provinces.data?.items ?? []).map((p) => ({ value: p.code, label: name(p) }))
          : value.kind === 'company'
            ? (companies.data?.items ?? []).map((c) => ({ value: c.id, label: `${name(c)} · ${c.tin}` }))
            : [];

  return (
    <Group grow align="flex-start" wrap="wrap">
      <Select
        label={t('content.audience.label')}
        data={AUDIENCE_KINDS.map((k) => ({ value: k, label: t(`content.audience.kinds.${k}`) }))}
        value={value.kind}
        onChange={(k) => onChange({ kind: (k ?? 'public') as NotificationAudienceKind, value: null })}
        allowDeselect={false}
        data-testid="audience-kind"
        miw={200}
      />
      {value.kind === 'public' || value.kind === 'companies' ? null : (
        <Select
          label={t(`content.audience.valueLabel.${value.kind}`)}
          data={options}
          value={value.value}
          onChange={(v) => onChange({ kind: value.kind, value: v })}
          searchable
          {...(value.kind === 'company' ? { searchValue: search, onSearchChange: setSearch, filter: ({ options: o }) => o } : {})}
          nothingFoundMessage={t('content.audience.nothingFound')}
          error={error}
          data-testid="audience-value"
          miw={220}
        />
      )}
    </Group>
  );
}
