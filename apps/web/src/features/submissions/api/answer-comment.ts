import { type AnswerCommentRequest, type SubmissionComment, SubmissionPaths } from '@bansi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { submissionKeys } from './keys';

export const answerComment = (id: string, body: AnswerCommentRequest) =>
  api<SubmissionComment>(SubmissionPaths.answers(id), {
    method: 'POST',
    body,
  });

/** The company answers one comment of the service; the submission's comments and timeline show it. */
export function useAnswerComment(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AnswerCommentRequest) => answerComment(id, body),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: submissionKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: submissionKeys.events(id) }),
      ]);
    },
  });
}
