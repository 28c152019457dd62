import { Button, Paper, Stack, Text } from '@mantine/core';
import { IconNotes } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DocumentHistory, useDocumentHistoryFilters } from '../../../components/data-table/document-history';
import { PageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { useNotesList } from '../api/list-notes';
import { NotesDocumentRow } from '../components/notes-document-row';

const KINDS = ['notes'] as const;

/**
 * /dashboard/notes-document-history: the company's notes by year and state — the same list as the
 * all-document history (components/data-table/document-history.tsx), read from GET /notes, which can
 * filter by state.
 */
export default function NotesHistoryRoute() {
  const { t } = useTranslation();
  const { bookYear, status } = useDocumentHistoryFilters(KINDS);
  const list = useNotesList({ bookYear, status });
  return (
    <Stack gap="md">
      <PageTitle>{t('dashboard.nav.notesHistory')}</PageTitle>
      <DocumentHistory
        query={list}
        kinds={KINDS}
        withStatus
        renderRow={(e) => <NotesDocumentRow entry={e} />}
        empty={
          <Paper withBorder p="lg" radius="md" data-testid="notes-history-empty">
            <Text mb="sm">{t('notesUi.history.empty')}</Text>
            <Button component={Link} to={paths.dashboard.createNotes} leftSection={<IconNotes size={16} />}>
              {t('notesUi.history.write')}
            </Button>
          </Paper>
        }
        testId="notes-history"
      />
    </Stack>
  );
}
