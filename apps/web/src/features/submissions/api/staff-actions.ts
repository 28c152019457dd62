import {
  type AcceptSubmissionRequest,
  type ReturnSubmissionRequest,
  type StaffCommentRequest,
  type StaffSubmissionDetail,
  type SubmissionComment,
  type StartReviewRequest,
  SubmissionPaths,
} from '@bansi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { submissionKeys } from './keys';

type Action = 'start-review' | 'return' | 'accept' | 'comments';
type Bodies = {
  'start-review': z.input<typeof StartReviewRequest>;
  return: z.input<typeof ReturnSubmissionRequest>;
  accept: z.input<typeof AcceptSubmissionRequest>;
  comments: z.input<typeof StaffCommentRequest>;
};

/** A status change answers the whole submission as the reviewer sees it. */
export const staffAction = (id: string, action: Exclude<Action, 'comments'>, body: Bodies[typeof action]) =>
  api<StaffSubmissionDetail>(SubmissionPaths.staffAction(id, action), {
    method: 'POST',
    body,
  });

/** A comment answers the comment alone. */
export const staffComment = (id: string, body: Bodies['comments']) =>
  api<SubmissionComment>(SubmissionPaths.staffAction(id, 'comments'), {
    method: 'POST',
    body,
  });

/**
 * A reviewer's action (start review, comment, return, accept), each carrying the `version` the reviewer
 * saw: when someone else acted first the answer is 409 STALE and nothing changes.
 */
export function useStaffAction<A extends Action>(id: string, action: A) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: Bodies[A]) => {
      if (action === 'comments') {
        await staffComment(id, body as Bodies['comments']);
        return null;
      }
      return staffAction(id, action as Exclude<Action, 'comments'>, body);
    },
    onSuccess: async (detail) => {
      if (detail) {
        queryClient.setQueryData(submissionKeys.staffDetail(id), detail);
        void queryClient.invalidateQueries({
          queryKey: submissionKeys.staffLists,
        });
      } else {
        // A comment is listed with the submission (and its timeline): read it again.
        await queryClient.invalidateQueries({
          queryKey: submissionKeys.staffDetail(id),
        });
      }
    },
  });
}
