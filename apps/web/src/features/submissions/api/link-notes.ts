import { NotesPaths, type SubmissionDetail } from '@bansi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { submissionKeys } from './keys';

/** POST /submissions/:id/notes-link: the "notes" slot gets the PDF of the same year's submitted notes. */
export const linkNotes = ({ id, version }: { id: string; version: number }) =>
  api<SubmissionDetail>(NotesPaths.submissionLink(id), { method: 'POST', body: { version } });

export function useLinkNotes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: linkNotes,
    onSuccess: (detail) => {
      queryClient.setQueryData(submissionKeys.detail(detail.id), detail);
      void queryClient.invalidateQueries({ queryKey: submissionKeys.events(detail.id) });
    },
  });
}
