import { ContentKind, type ContentStatus } from '@bansi/shared';
import { Alert, Anchor, Button, Group, Loader, SegmentedControl, Stack, Table, Tabs, Text } from '@mantine/core';
import { IconArrowLeft, IconPlus } from '@tabler/icons-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { errorText } from '../../../lib/error-text';
import { formatDateTime } from '../../../lib/format';
import { useStaffItem, useStaffItems, type AnyStaffItem } from '../api/staff-items';
import { useLang } from '../../../lib/use-lang';
import { StatusBadge } from '../components/status-badge';
import { lazyPart } from '../../../lib/lazy';

const StaffEditor = lazyPart(() => import('../components/staff-editor').then((m) => m.StaffEditor));

const STATUSES = ['all', 'draft', 'scheduled', 'published'] as const;

/**
 * /staff/content: news, notifications and pages in both languages — list, write, preview, schedule,
 * publish and unpublish. `canWrite` is false for reviewers, who may only read.
 */
export function StaffContentScreen({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const parsedKind = ContentKind.safeParse(params.get('tab'));
  const kind: ContentKind = parsedKind.success ? parsedKind.data : 'posts';
  const edit = params.get('edit');
  const go = (next: Record<string, string>) => setParams(next);

  return (
    <Stack gap="md">
      <PageTitle>{t('staff.nav.content')}</PageTitle>
      <Tabs value={kind} onChange={(v) => v && go({ tab: v })}>
        <Tabs.List>
          {ContentKind.options.map((k) => (
            <Tabs.Tab key={k} value={k} data-testid={`content-tab-${k}`}>
              {t(`content.staff.kinds.${k}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {edit ? (
        <EditView
          key={`${kind}:${edit}`}
          kind={kind}
          id={edit === 'new' ? null : edit}
          canWrite={canWrite}
          onBack={() => go({ tab: kind })}
          onSaved={(id) => go({ tab: kind, edit: id })}
        />
      ) : (
        <ListView kind={kind} canWrite={canWrite} onEdit={(id) => go({ tab: kind, edit: id })} />
      )}
    </Stack>
  );
}

function ListView({ kind, canWrite, onEdit }: { kind: ContentKind; canWrite: boolean; onEdit: (id: string) => void }) {
  const { t } = useTranslation();
  const lng = useLang();
  const [params, setParams] = useSearchParams();
  const rawStatus = params.get('status');
  const status = (STATUSES as readonly string[]).includes(rawStatus ?? '') && rawStatus !== 'all' ? (rawStatus as ContentStatus) : undefined;
  const list = useStaffItems(kind, status);
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <SegmentedControl
          value={status ?? 'all'}
          onChange={(v) => setParams(v === 'all' ? { tab: kind } : { tab: kind, status: v })}
          data={STATUSES.map((s) => ({ value: s, label: t(s === 'all' ? 'content.status.all' : `content.status.${s}`) }))}
          size="xs"
        />
        {canWrite ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => onEdit('new')} data-testid="new-item">
            {t(`content.staff.new.${kind}`)}
          </Button>
        ) : null}
      </Group>
      {list.isPending ? (
        <Loader size="sm" aria-label={t('common.loading')} />
      ) : list.isError ? (
        <Alert color="red">{errorText(list.error)}</Alert>
      ) : list.data.items.length === 0 ? (
        <Text c="gray.7">{t('content.staff.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped highlightOnHover data-testid="staff-list">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('content.editor.title')}</Table.Th>
                <Table.Th>{t('content.staff.status')}</Table.Th>
                <Table.Th>{t('content.staff.when')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(list.data.items as AnyStaffItem[]).map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td>
                    <Anchor component="button" type="button" onClick={() => onEdit(item.id)} ta="left" fw={600}>
                      {item.titleLo}
                    </Anchor>
                    {'key' in item ? (
                      <Text size="xs" c="gray.7">
                        {item.key}
                      </Text>
                    ) : 'slug' in item ? (
                      <Text size="xs" c="gray.7">
                        {item.slug}
                      </Text>
                    ) : (
                      <Text size="xs" c="gray.7">
                        {t(`content.audience.kinds.${item.audience.kind}`)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge status={item.effectiveStatus} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{formatDateTime(item.publishAt ?? item.updatedAt, lng)}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

function EditView({
  kind,
  id,
  canWrite,
  onBack,
  onSaved,
}: {
  kind: ContentKind;
  id: string | null;
  canWrite: boolean;
  onBack: () => void;
  onSaved: (id: string) => void;
}) {
  const { t } = useTranslation();
  const item = useStaffItem(kind, id);
  return (
    <Stack gap="sm">
      <Anchor component="button" type="button" onClick={onBack} size="sm" w="fit-content">
        <Group gap={4}>
          <IconArrowLeft size={16} aria-hidden />
          {t('content.staff.backToList')}
        </Group>
      </Anchor>
      {id && item.isPending ? (
        <Loader size="sm" aria-label={t('common.loading')} />
      ) : id && item.isError ? (
        <Alert color="red">{errorText(item.error)}</Alert>
      ) : (
        <Suspense fallback={<Loader size="sm" aria-label={t('common.loading')} />}>
          <StaffEditor kind={kind} item={(item.data as AnyStaffItem | undefined) ?? null} canWrite={canWrite} onSaved={onSaved} onDeleted={onBack} />
        </Suspense>
      )}
    </Stack>
  );
}
