import { DOCUMENT_KINDS } from '@bansi/shared';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DocumentHistory, useDocumentHistoryFilters } from '../../components/data-table/document-history';
import { PageTitle } from '../../components/page-title';
import { NotesDocumentRow } from '../../features/notes/components/notes-document-row';
import { useDocuments } from '../../features/submissions/api/list-documents';
import { SubmissionDocumentRow } from '../../features/submissions/components/document-row';

/**
 * /dashboard/all-document-history: every document of the company — submissions, their files, receipts
 * and notes — in the one document-history list, filterable by year and kind. Composed here because
 * the rows belong to two features.
 */
export default function AllDocumentsRoute() {
  const { t } = useTranslation();
  const { bookYear, kind } = useDocumentHistoryFilters(DOCUMENT_KINDS);
  const list = useDocuments({ bookYear, kind });
  return (
    <Stack gap="md">
      <PageTitle>{t('dashboard.nav.allDocumentHistory')}</PageTitle>
      <DocumentHistory
        query={list}
        kinds={DOCUMENT_KINDS}
        renderRow={(e) => (e.kind === 'notes' ? <NotesDocumentRow entry={e} /> : <SubmissionDocumentRow entry={e} />)}
        empty={
          <Text c="dimmed" data-testid="documents-empty">
            {t('submission.documents.emptyList')}
          </Text>
        }
        testId="documents-list"
      />
    </Stack>
  );
}
