import { localized } from '@bansi/shared';
import type { StaffCompanySummary } from '@bansi/shared';
import { Alert, Badge, Button, Checkbox, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertCircle, IconChevronRight, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApiIndex } from '../../../api/get-api-index';
import { useProvinces } from '../../../api/get-provinces';
import { useReferenceList } from '../../../api/get-reference-list';
import { PageSpinner } from '../../../components/page-spinner';
import { PageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/error-text';
import { useLang } from '../../../lib/use-lang';
import { useCompanies } from '../api/list-companies';
import { FilterSelect, useUrlFilters } from '../../../components/data-table';

function CompanyRow({ company, province, size }: { company: StaffCompanySummary; province?: string; size?: string }) {
  const { t } = useTranslation();
  const lng = useLang();
  const name = localized(company.nameLo, company.nameEn, lng);
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      component={Link}
      to={paths.staff.company(company.id)}
      style={{ textDecoration: 'none', color: 'inherit' }}
      aria-label={t('backoffice.companies.open', { name })}
      data-testid="company-row"
      data-id={company.id}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={2} miw={0}>
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {lng === 'en' ? company.nameLo : company.nameEn}
          </Text>
          <Group gap={6} wrap="wrap">
            <Text size="xs" c="dimmed">
              {[t('backoffice.companies.tin', { tin: company.tin }), t('backoffice.companies.reg', { no: company.registrationNo }), province]
                .filter(Boolean)
                .join(' · ')}
            </Text>
            {size ? (
              <Badge size="xs" variant="light">
                {size}
              </Badge>
            ) : null}
          </Group>
        </Stack>
        <IconChevronRight size={18} aria-hidden />
      </Group>
    </Paper>
  );
}

/** /staff/companies: search by Lao or English name fragment, TIN or registration number; filters in the address. */
export default function CompaniesRoute() {
  const { t } = useTranslation();
  const lng = useLang();
  const { params, setFilter } = useUrlFilters();
  const [text, setText] = useState(params.get('q') ?? '');
  const [debounced] = useDebouncedValue(text.trim(), 300);
  useEffect(() => setFilter('q', debounced || null), [debounced]); // eslint-disable-line react-hooks/exhaustive-deps
  const index = useApiIndex();
  const provinces = useProvinces();
  const sizes = useReferenceList('sizes');
  const categories = useReferenceList('categories');
  const withoutSubmission = Number(params.get('withoutSubmission')) || undefined;
  const filters = {
    q: params.get('q') || undefined,
    provinceCode: params.get('provinceCode') || undefined,
    sizeId: params.get('sizeId') || undefined,
    categoryId: params.get('categoryId') || undefined,
    withoutSubmission,
  };
  const companies = useCompanies(filters);
  const items = companies.data?.pages.flatMap((p) => p.items) ?? [];
  const bookYear = withoutSubmission ?? index.data?.bookYear;
  const provinceName = (code: string) => {
    const p = provinces.data?.items.find((x) => x.code === code);
    return p ? localized(p.nameLo, p.nameEn, lng) : undefined;
  };
  const sizeName = (id: string) => {
    const s = sizes.data?.items.find((x) => x.id === id);
    return s ? localized(s.nameLo, s.nameEn, lng) : undefined;
  };

  return (
    <Stack gap="md">
      <div>
        <PageTitle>{t('backoffice.companies.title')}</PageTitle>
        <Text c="dimmed">{t('backoffice.companies.lead')}</Text>
      </div>
      <TextInput
        label={t('backoffice.companies.search')}
        placeholder={t('backoffice.companies.searchPlaceholder')}
        leftSection={<IconSearch size={16} />}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        maxLength={100}
        type="search"
        data-testid="company-search"
      />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <FilterSelect
          label={t('backoffice.companies.province')}
          data={(provinces.data?.items ?? []).map((p) => ({ value: p.code, label: localized(p.nameLo, p.nameEn, lng) }))}
          value={filters.provinceCode ?? ''}
          onChange={(v) => setFilter('provinceCode', v)}
          searchable
        />
        <FilterSelect
          label={t('backoffice.companies.size')}
          data={(sizes.data?.items ?? []).map((s) => ({ value: s.id, label: localized(s.nameLo, s.nameEn, lng) }))}
          value={filters.sizeId ?? ''}
          onChange={(v) => setFilter('sizeId', v)}
        />
        <FilterSelect
          label={t('backoffice.companies.category')}
          data={(categories.data?.items ?? []).map((s) => ({ value: s.id, label: localized(s.nameLo, s.nameEn, lng) }))}
          value={filters.categoryId ?? ''}
          onChange={(v) => setFilter('categoryId', v)}
        />
        {bookYear ? (
          <Checkbox
            label={t('backoffice.companies.notSubmitted', { bookYear })}
            checked={Boolean(withoutSubmission)}
            onChange={(e) => setFilter('withoutSubmission', e.currentTarget.checked ? String(bookYear) : null)}
            mb={8}
            data-testid="filter-not-submitted"
          />
        ) : null}
      </Group>
      {companies.isPending ? (
        <PageSpinner />
      ) : companies.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {errorText(companies.error)}
        </Alert>
      ) : items.length === 0 ? (
        <Text c="dimmed" data-testid="companies-empty">
          {t('backoffice.companies.empty')}
        </Text>
      ) : (
        <Stack gap="xs" data-testid="company-list">
          {items.map((c) => (
            <CompanyRow key={c.id} company={c} province={provinceName(c.provinceCode)} size={sizeName(c.sizeId)} />
          ))}
          {companies.hasNextPage ? (
            <Button variant="default" onClick={() => void companies.fetchNextPage()} loading={companies.isFetchingNextPage}>
              {t('backoffice.companies.more')}
            </Button>
          ) : null}
        </Stack>
      )}
    </Stack>
  );
}
