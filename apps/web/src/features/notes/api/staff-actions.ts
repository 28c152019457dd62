import {
  type AcceptNotesRequest,
  type NotesComment,
  NotesPaths,
  type ReturnNotesRequest,
  type StaffNotesCommentRequest,
  type StaffNotesDocument,
  type StartNotesReviewRequest,
} from '@bansi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { notesKeys } from './keys';

type Bodies = {
  'start-review': z.input<typeof StartNotesReviewRequest>;
  return: z.input<typeof ReturnNotesRequest>;
  accept: z.input<typeof AcceptNotesRequest>;
};
type Action = keyof Bodies;

export const staffNotesAction = <A extends Action>(id: string, action: A, body: Bodies[A]) =>
  api<StaffNotesDocument>(NotesPaths.staffAction(id, action), { method: 'POST', body });

/** A reviewer's action, carrying the `version` seen: when someone else acted first the answer is 409 STALE. */
export function useStaffNotesAction<A extends Action>(id: string, action: A) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Bodies[A]) => staffNotesAction(id, action, body),
    onSuccess: (doc) => {
      queryClient.setQueryData(notesKeys.staffDetail(id), doc);
      void queryClient.invalidateQueries({ queryKey: notesKeys.staffLists });
    },
  });
}

/** A comment saved during the review (on a section or the whole document); the reviewer's screen reads the document again. */
export function useStaffNotesComment(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffNotesCommentRequest) => api<NotesComment>(NotesPaths.staffAction(id, 'comments'), { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notesKeys.staffDetail(id) }),
  });
}
