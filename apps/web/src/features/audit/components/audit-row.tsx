import type { AuditEntry } from '@bansi/shared';
import { Anchor, Code, Collapse, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { useLang } from '../../../lib/use-lang';

/**
 * One audit entry as a record a manager reads (fits 360 px): the action named in the language, when (Vientiane),
 * who, the subject by its name with a link, and what changed as "field: before → after" lines. The raw record
 * (codes, ids, request, JSON) stays one click away under "Details".
 */
export function AuditRow({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const lng = useLang();
  const [open, { toggle }] = useDisclosure(false);
  const role = t(`audit.roles.${entry.actor.role}`, { defaultValue: entry.actor.role });
  const who = entry.actor.name ? `${entry.actor.name} (${entry.actor.email ?? ''})` : role;
  const subject = entry.subject.name
    ? t('audit.row.subjectOf', { kind: entry.subject.kindLabel, name: entry.subject.name })
    : entry.subject.kindLabel;
  return (
    <Paper withBorder p="sm" radius="md" data-testid="audit-row" data-action={entry.action}>
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={700} data-testid="audit-action">
            {entry.actionLabel}
          </Text>
          <Text size="sm" c="dimmed">
            {formatDateTime(entry.occurredAt, lng)}
          </Text>
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('audit.row.actor', { who, role })}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="audit-subject">
          {entry.subject.link ? (
            <Anchor component={Link} to={entry.subject.link}>
              {subject}
            </Anchor>
          ) : (
            subject
          )}
        </Text>
        {entry.changes.length > 0 && (
          <Stack gap={0} data-testid="audit-changes">
            {entry.changes.map((c) => (
              <Text key={c.field} size="sm" c="gray.8" style={{ overflowWrap: 'anywhere' }}>
                {c.label}: {c.before === null ? c.after : `${c.before} → ${c.after}`}
              </Text>
            ))}
          </Stack>
        )}
        <UnstyledButton onClick={toggle} aria-expanded={open} data-testid="audit-details-toggle">
          <Group gap={4}>
            {open ? <IconChevronDown size={14} aria-hidden /> : <IconChevronRight size={14} aria-hidden />}
            <Text size="xs" c="dimmed">
              {t('audit.row.details')}
            </Text>
          </Group>
        </UnstyledButton>
        <Collapse expanded={open}>
          <Stack gap={2}>
            <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              {entry.action} · {entry.subject.kind}:{entry.subject.id}
              {entry.companyId ? ` · ${t('audit.row.company', { id: entry.companyId })}` : ''}
            </Text>
            {entry.requestId || entry.address ? (
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {t('audit.row.request', { id: entry.requestId ?? '–', address: entry.address ?? '–' })}
              </Text>
            ) : null}
            {entry.details ? (
              <Code block fz="xs" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {JSON.stringify(entry.details, null, 1)}
              </Code>
            ) : null}
          </Stack>
        </Collapse>
      </Stack>
    </Paper>
  );
}
