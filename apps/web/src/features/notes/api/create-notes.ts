import { type CreateNotesRequest, type NotesDocument, NotesPaths } from '@bansi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { checkNotesKey } from '../../../api/check-notes';
import { api } from '../../../lib/api-client';
import { notesKeys } from './keys';

/** POST /notes: the year's notes document — a new draft (201), or the existing one (200). */
export const createNotes = (body: CreateNotesRequest) => api<NotesDocument>(NotesPaths.list, { method: 'POST', body });

export function useCreateNotes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createNotes,
    onSuccess: (doc) => {
      queryClient.setQueryData(notesKeys.detail(doc.id), doc);
      void queryClient.invalidateQueries({ queryKey: checkNotesKey(doc.bookYear) });
      void queryClient.invalidateQueries({ queryKey: notesKeys.lists });
    },
  });
}
