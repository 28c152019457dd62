import type { SubmissionDetail } from '@bansi/shared';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { IconNotes } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useNotesCheck } from '../../../../api/check-notes';
import { paths } from '../../../../config/paths';
import { errorText } from '../../../../lib/error-text';
import { useLinkNotes } from '../../api/link-notes';
import { toastDone } from '../../lib/toast';

/** Notes the service has (or will) review can fill the slot (decision 091). */
const LINKABLE = new Set(['submitted', 'in_review', 'resubmitted', 'accepted']);

/**
 * On the checklist's "notes" slot: fill it with the PDF of this year's notes document instead of an
 * upload, or a way to write them when there are none submitted yet.
 */
export function NotesLink({ submission }: { submission: SubmissionDetail }) {
  const { t } = useTranslation();
  const check = useNotesCheck(submission.bookYear);
  const link = useLinkNotes();
  const year = submission.bookYear;
  if (!check.data) return null;
  if (!check.data.status || !LINKABLE.has(check.data.status)) {
    return (
      <Anchor component={Link} to={`${paths.dashboard.createNotes}?bookYear=${year}`} size="sm" data-testid="notes-link-write">
        {t('notesUi.link.write', { year })}
      </Anchor>
    );
  }
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed">
        {t('notesUi.link.hint', { year })}
      </Text>
      <Button
        variant="light"
        size="sm"
        leftSection={<IconNotes size={16} />}
        style={{ alignSelf: 'flex-start' }}
        loading={link.isPending}
        onClick={() => link.mutate({ id: submission.id, version: submission.version }, { onSuccess: () => toastDone(t('notesUi.link.done')) })}
        data-testid="notes-link"
      >
        {t('notesUi.link.button', { year })}
      </Button>
      {link.error && (
        <Alert color="red" role="alert">
          {errorText(link.error)}
        </Alert>
      )}
    </Stack>
  );
}
