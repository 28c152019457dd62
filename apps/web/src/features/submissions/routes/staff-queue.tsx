import { StaffQueueStatus, localized, type StaffQueueItem } from '@bansi/shared';
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, FilterSelect, useUrlFilters, YearFilter } from '../../../components/data-table';
import { PageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { useProvinces } from '../../../api/get-provinces';
import { useReferenceList } from '../../../api/get-reference-list';
import { useStaffQueue } from '../api/list-staff-queue';
import { FilingReference } from '../components/filing-reference';
import { StatusBadge } from '../components/status-badge';
import { sizeText } from '../components/submission-facts';
import { useLang } from '../../../lib/use-lang';
import { nameOf } from '../lib/lang';

function QueueRow({ item, provinceName }: { item: StaffQueueItem; provinceName?: string }) {
  const { t } = useTranslation();
  const lng = useLang();
  const declared = item.declaredSize?.size
    ? t(`submission.size.${item.declaredSize.size}`)
    : (item.declaredSize?.code ?? t('submission.common.none'));
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      component={Link}
      to={paths.staff.submission(item.id)}
      style={{ textDecoration: 'none', color: 'inherit' }}
      data-testid="queue-item"
      data-id={item.id}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
              {localized(item.company.nameLo, item.company.nameEn, lng)}
            </Text>
            <StatusBadge status={item.status} size="sm" />
            <FilingReference reference={item.reference} size="xs" />
          </Group>
          <Text size="xs" c="dimmed">
            {[
              t('submission.staff.tin', { tin: item.company.tin }),
              t('submission.detail.bookYear', { year: item.bookYear }),
              provinceName,
              item.submittedAt
                ? t('submission.detail.submittedAt', {
                    date: formatDateTime(item.submittedAt, lng),
                  })
                : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
          <Group gap={6} wrap="wrap">
            <Text size="xs">
              {t('submission.staff.sizes', {
                declared,
                derived: sizeText(t, item.derivedSize),
              })}
            </Text>
            {item.sizeDiffers && (
              <Badge size="xs" color="red.9" leftSection={<IconAlertTriangle size={10} />} data-testid="queue-size-differs">
                {t('submission.staff.sizeDiffers')}
              </Badge>
            )}
          </Group>
        </Stack>
        <IconChevronRight size={18} aria-hidden />
      </Group>
    </Paper>
  );
}

/** /staff/submissions: the review queue, oldest first, filtered by year, state, province and size. */
export default function StaffQueueRoute() {
  const { t } = useTranslation();
  const lng = useLang();
  const { params, setFilter, bookYear } = useUrlFilters();
  const parsedStatus = StaffQueueStatus.safeParse(params.get('status') ?? 'awaiting');
  const status = parsedStatus.success ? parsedStatus.data : 'awaiting';
  const provinceCode = params.get('province') || undefined;
  const sizeId = params.get('size') || undefined;
  const provinces = useProvinces();
  const sizes = useReferenceList('sizes');
  const queue = useStaffQueue({ bookYear, status, provinceCode, sizeId });
  const provinceName = (code: string) => {
    const p = provinces.data?.items.find((x) => x.code === code);
    return p ? nameOf(p, lng) : undefined;
  };

  return (
    <Stack gap="md">
      <PageTitle>{t('staff.nav.submissions')}</PageTitle>
      <DataTable
        query={queue}
        filters={
          <>
            <YearFilter value={bookYear} onChange={(v) => setFilter('year', v)} testId="queue-year" />
            <FilterSelect
              label={t('submission.filters.status')}
              // "awaiting" is the default, "all" the empty choice of the other filters.
              data={StaffQueueStatus.options
                .filter((s) => s !== 'all')
                .map((s) => ({
                  value: s,
                  label: t(`submission.staff.queueStatus.${s}`),
                }))}
              value={status === 'all' ? '' : status}
              onChange={(v) => setFilter('status', v || 'all')}
              data-testid="queue-status"
            />
            <FilterSelect
              label={t('submission.filters.province')}
              data={(provinces.data?.items ?? []).map((p) => ({
                value: p.code,
                label: nameOf(p, lng),
              }))}
              value={provinceCode ?? ''}
              onChange={(v) => setFilter('province', v)}
              searchable
              data-testid="queue-province"
            />
            <FilterSelect
              label={t('submission.filters.size')}
              data={(sizes.data?.items ?? []).map((s) => ({
                value: s.id,
                label: nameOf(s, lng),
              }))}
              value={sizeId ?? ''}
              onChange={(v) => setFilter('size', v)}
              data-testid="queue-size"
            />
          </>
        }
        note={
          <Text size="xs" c="dimmed">
            {t('submission.staff.oldestFirst')}
          </Text>
        }
        rowKey={(item) => item.id}
        renderRow={(item) => <QueueRow item={item} provinceName={provinceName(item.company.provinceCode)} />}
        empty={
          <Text c="dimmed" data-testid="queue-empty">
            {t('submission.staff.queueEmpty')}
          </Text>
        }
        testId="queue-list"
      />
    </Stack>
  );
}
