import { localized } from '@bansi/shared';
import type { ReferenceList, StaffReferenceItem } from '@bansi/shared';
import { Alert, Badge, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconPlus } from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../../components/confirm-button';
import { PageSpinner } from '../../../components/page-spinner';
import { errorText } from '../../../lib/error-text';
import { useLang } from '../../../lib/use-lang';
import { useStaffReference } from '../api/get-staff-reference';
import { useSaveReferenceItem } from '../api/save-reference-item';
import { lazyPart } from '../../../lib/lazy';

const ReferenceItemForm = lazyPart(() => import('./reference-item-form').then((m) => m.ReferenceItemForm));

function Attributes({ list, item, parent }: { list: ReferenceList; item: StaffReferenceItem; parent?: string }) {
  const { t } = useTranslation();
  const extra = item.extra ?? {};
  return (
    <Group gap={6} wrap="wrap">
      {list === 'document-types' ? (
        <>
          <Badge size="sm" color={extra.required === true ? 'red.8' : 'gray'} variant="light">
            {extra.required === true ? t('backoffice.reference.requiredBadge') : t('backoffice.reference.optionalBadge')}
          </Badge>
          {Array.isArray(extra.kinds) ? (
            <Text size="xs" c="dimmed">
              {(extra.kinds as string[]).map((k) => k.toUpperCase()).join(', ')}
            </Text>
          ) : null}
        </>
      ) : null}
      {list === 'categories' && typeof extra.sector === 'string' ? (
        <Badge size="sm" variant="light">
          {t(`backoffice.sme.sectors.${extra.sector}`)}
        </Badge>
      ) : null}
      {parent ? (
        <Badge size="sm" variant="outline">
          {parent}
        </Badge>
      ) : null}
      {!item.active ? (
        <Badge size="sm" color="gray" data-testid="retired-badge">
          {t('backoffice.reference.retired')}
        </Badge>
      ) : null}
      {item.inUse > 0 ? (
        <Text size="xs" c="dimmed">
          {t('backoffice.reference.inUse', { count: item.inUse })}
        </Text>
      ) : null}
    </Group>
  );
}

/** One list of reference data: every row (retired ones greyed), and for staff admins add, edit, retire, bring back. */
export function ReferenceListPanel({ list, isAdmin }: { list: ReferenceList; isAdmin: boolean }) {
  const { t } = useTranslation();
  const lng = useLang();
  const rows = useStaffReference(list);
  const categories = useStaffReference('categories', list === 'departments');
  const save = useSaveReferenceItem(list);
  const [editing, setEditing] = useState<StaffReferenceItem | 'new' | null>(null);
  const parentName = (id: string | null) => {
    const c = id ? categories.data?.items.find((x) => x.id === id) : undefined;
    return c ? localized(c.nameLo, c.nameEn, lng) : undefined;
  };

  if (rows.isPending) return <PageSpinner />;
  if (rows.isError)
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
        {errorText(rows.error)}
      </Alert>
    );
  return (
    <Stack gap="sm">
      {isAdmin ? (
        <Group justify="flex-end">
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid="reference-add">
            {t('backoffice.reference.add')}
          </Button>
        </Group>
      ) : null}
      <Stack gap="xs" data-testid="reference-rows">
        {rows.data.items.map((item) => (
          <Paper key={item.id} withBorder p="sm" radius="md" opacity={item.active ? 1 : 0.65} data-testid="reference-row" data-code={item.code}>
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Stack gap={2} miw={0} style={{ flex: '1 1 260px' }}>
                <Text fw={700} lang="lo" style={{ overflowWrap: 'anywhere' }}>
                  {item.nameLo}
                </Text>
                <Text size="sm" lang="en" style={{ overflowWrap: 'anywhere' }}>
                  {item.nameEn}
                </Text>
                <Text size="xs" c="dimmed" ff="monospace">
                  {item.code}
                </Text>
                <Attributes list={list} item={item} parent={parentName(item.parentId)} />
              </Stack>
              {isAdmin ? (
                <Group gap="xs">
                  <Button size="xs" variant="default" onClick={() => setEditing(item)} aria-label={`${t('backoffice.reference.edit')}: ${item.code}`}>
                    {t('backoffice.reference.edit')}
                  </Button>
                  {item.active ? (
                    <ConfirmButton
                      size="xs"
                      variant="light"
                      color="red"
                      title={t('backoffice.reference.retireTitle')}
                      message={t('backoffice.reference.retireBody', { name: localized(item.nameLo, item.nameEn, lng) })}
                      confirmLabel={t('backoffice.reference.retire')}
                      onConfirm={() =>
                        save.mutate(
                          { kind: 'retire', id: item.id },
                          { onError: (error) => notifications.show({ color: 'red', message: errorText(error) }) },
                        )
                      }
                    >
                      {t('backoffice.reference.retire')}
                    </ConfirmButton>
                  ) : (
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() =>
                        save.mutate(
                          { kind: 'restore', id: item.id },
                          { onError: (error) => notifications.show({ color: 'red', message: errorText(error) }) },
                        )
                      }
                    >
                      {t('backoffice.reference.restore')}
                    </Button>
                  )}
                </Group>
              ) : null}
            </Group>
          </Paper>
        ))}
      </Stack>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('backoffice.reference.add') : t('backoffice.reference.edit')}
        centered
      >
        {editing !== null ? (
          <Suspense fallback={<PageSpinner />}>
            <ReferenceItemForm
              key={editing === 'new' ? 'new' : editing.id}
              list={list}
              item={editing === 'new' ? undefined : editing}
              onDone={() => setEditing(null)}
            />
          </Suspense>
        ) : null}
      </Modal>
    </Stack>
  );
}
