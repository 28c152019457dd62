import { type AnswerCommentRequest, type NotesComment, NotesPaths } from '@bansi/shared';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notesKeys } from './keys';

export const answerNotesComment = (id: string, body: AnswerCommentRequest) => api<NotesComment>(NotesPaths.answers(id), { method: 'POST', body });

/**
 * The company answers one comment of the service on its notes. The notes' version does not change, so the
 * editor takes the answer as it is (`onAnswer`) instead of reading the document again; the timeline is read again.
 */
export function useAnswerNotesComment(id: string, onAnswer: (comment: NotesComment) => void) {
  const queryClient = useQueryClient();
  return async (body: AnswerCommentRequest) => {
    onAnswer(await answerNotesComment(id, body));
    void queryClient.invalidateQueries({ queryKey: notesKeys.events(id) });
  };
}
