import type { AuditEntry } from '@bansi/shared';
import { Badge, Code, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { useLang } from '../../../lib/use-lang';

/** One audit entry as a card (fits 360 px): what, when, who, on which row, from which request. */
export function AuditRow({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const lng = useLang();
  const role = t(`audit.roles.${entry.actor.role}`, { defaultValue: entry.actor.role });
  const who = entry.actor.name ? `${entry.actor.name} (${entry.actor.email ?? ''})` : role;
  return (
    <Paper withBorder p="sm" radius="md" data-testid="audit-row" data-action={entry.action}>
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs" wrap="wrap">
            <Text fw={700}>{t(`audit.actions.${entry.action}`, { defaultValue: entry.action })}</Text>
            <Badge size="sm" variant="light" tt="none">
              {entry.action}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {formatDateTime(entry.occurredAt, lng)}
          </Text>
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('audit.row.actor', { who, role })}
        </Text>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {t('audit.row.subject', { kind: entry.subject.kind, id: entry.subject.id })}
          {entry.companyId ? ` · ${t('audit.row.company', { id: entry.companyId })}` : ''}
        </Text>
        {entry.requestId || entry.address ? (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {t('audit.row.request', { id: entry.requestId ?? '–', address: entry.address ?? '–' })}
          </Text>
        ) : null}
        {entry.details ? (
          <Code block fz="xs" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {JSON.stringify(entry.details)}
          </Code>
        ) : null}
      </Stack>
    </Paper>
  );
}
