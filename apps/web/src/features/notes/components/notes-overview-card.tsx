import { Button, Paper, Stack, Text, ThemeIcon, Group, type StyleProp } from '@mantine/core';
import { IconNotes } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useNotesCheck } from '../../../api/check-notes';
import { LineSkeleton } from '../../../components/card-skeleton';
import { ReviewStatusBadge } from '../../../components/review-status-badge';
import { notesEditorHref } from './notes-document-row';

/** The dashboard's glance at this book year's notes: their state and the one next step; at least `mih` tall. */
export function NotesOverviewCard({ bookYear, mih }: { bookYear: number; mih?: StyleProp<number> }) {
  const { t } = useTranslation();
  const check = useNotesCheck(bookYear);
  const n = check.data;
  return (
    <Paper withBorder p="md" radius="md" mih={mih} data-testid="overview-notes">
      <Group wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" size="lg" aria-hidden>
          <IconNotes size={20} />
        </ThemeIcon>
        <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
          <Text fw={700}>{t('notesUi.overview.title', { year: bookYear })}</Text>
          {check.isPending ? (
            <LineSkeleton />
          ) : !n?.exists || !n.status ? (
            <Text size="sm" c="dimmed">
              {t('notesUi.overview.notStarted')}
            </Text>
          ) : (
            <ReviewStatusBadge status={n.status} testId="notes-status" style={{ alignSelf: 'flex-start' }} />
          )}
          <Button
            component={Link}
            to={notesEditorHref(bookYear)}
            size="xs"
            variant={n?.exists && !n.editable ? 'light' : 'filled'}
            style={{ alignSelf: 'flex-start' }}
            data-testid="overview-notes-open"
          >
            {!n?.exists ? t('notesUi.overview.start') : n.editable ? t('notesUi.overview.continue') : t('notesUi.overview.view')}
          </Button>
        </Stack>
      </Group>
    </Paper>
  );
}
