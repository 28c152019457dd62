import { type SubmissionDetail, SubmissionPaths, type UpdateSubmissionRequest } from '@bansi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { submissionKeys } from './keys';

export const updateSubmission = ({ id, ...body }: { id: string } & z.input<typeof UpdateSubmissionRequest>) =>
  api<SubmissionDetail>(SubmissionPaths.one(id), {
    method: 'PATCH',
    body,
  });

/** Saves enterprise data or signatories with the `version` last read (409 STALE when someone changed it). */
export function useUpdateSubmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSubmission,
    onSuccess: (detail) => {
      queryClient.setQueryData(submissionKeys.detail(detail.id), detail);
      void queryClient.invalidateQueries({
        queryKey: submissionKeys.events(detail.id),
      });
    },
  });
}
