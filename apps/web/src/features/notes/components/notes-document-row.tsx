import type { DocumentEntry } from '@bansi/shared';
import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconChevronRight, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ReviewStatusBadge } from '../../../components/review-status-badge';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { useLang } from '../../../lib/use-lang';
import { notesPdfUrl } from '../api/pdf-url';

/** Where a notes document of a year opens (the editor, or read-only once submitted). */
export const notesEditorHref = (bookYear: number) => `${paths.dashboard.createNotes}?bookYear=${bookYear}`;

/** A notes document as a row of the document history (notes history and all-document history alike). */
export function NotesDocumentRow({ entry }: { entry: DocumentEntry }) {
  const { t } = useTranslation();
  const lng = useLang();
  return (
    <Paper withBorder p="sm" radius="md" data-testid="document-item" data-kind="notes" data-id={entry.id}>
      <Group justify="space-between" gap="sm" wrap="wrap" align="flex-start">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 14rem' }}>
          <Group gap="xs" wrap="wrap">
            <Badge variant="light" color="orange">
              {t('submission.documentKind.notes')}
            </Badge>
            {entry.status && <ReviewStatusBadge status={entry.status} testId="notes-status" size="sm" />}
          </Group>
          <Text fw={600} size="sm">
            {t('notesUi.history.title', { year: entry.bookYear })}
          </Text>
          <Text size="xs" c="dimmed">
            {t('notesUi.history.updated', { date: formatDateTime(entry.at, lng) })}
          </Text>
        </Stack>
        <Group gap={6} wrap="nowrap">
          <Button
            component={Link}
            to={notesEditorHref(entry.bookYear)}
            size="compact-sm"
            variant="subtle"
            rightSection={<IconChevronRight size={14} />}
            data-testid="notes-open"
          >
            {t('notesUi.history.open')}
          </Button>
          <Anchor href={notesPdfUrl(entry.id)} download size="sm" data-testid="notes-row-pdf">
            <Group gap={4} wrap="nowrap">
              <IconDownload size={14} />
              {t('notesUi.pdf')}
            </Group>
          </Anchor>
        </Group>
      </Group>
    </Paper>
  );
}
