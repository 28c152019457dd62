import { type NotesDocument, NotesPaths, type SubmitNotesRequest } from '@bansi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { checkNotesKey } from '../../../api/check-notes';
import { api } from '../../../lib/api-client';
import { notesKeys } from './keys';

export const submitNotes = ({ id, ...body }: { id: string } & z.input<typeof SubmitNotesRequest>) =>
  api<NotesDocument>(NotesPaths.submit(id), { method: 'POST', body });

/** Submits (or resubmits) the notes; they are then read-only until the service returns them. */
export function useSubmitNotes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitNotes,
    onSuccess: (doc) => {
      queryClient.setQueryData(notesKeys.detail(doc.id), doc);
      void queryClient.invalidateQueries({ queryKey: notesKeys.events(doc.id) });
      void queryClient.invalidateQueries({ queryKey: notesKeys.lists });
      void queryClient.invalidateQueries({ queryKey: checkNotesKey(doc.bookYear) });
    },
  });
}
