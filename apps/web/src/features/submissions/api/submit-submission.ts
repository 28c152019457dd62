import { type SubmissionDetail, SubmissionPaths, type SubmitSubmissionRequest } from '@bansi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { NOTIFICATIONS_KEY, UNREAD_KEY } from '../../../api/notification-keys';
import { submissionKeys } from './keys';

export const submitSubmission = ({ id, ...body }: { id: string } & z.input<typeof SubmitSubmissionRequest>) =>
  api<SubmissionDetail>(SubmissionPaths.submit(id), {
    method: 'POST',
    body,
  });

/** Submits (or resubmits) it; it is then locked for the company until staff return it. */
export function useSubmitSubmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitSubmission,
    onSuccess: (detail) => {
      queryClient.setQueryData(submissionKeys.detail(detail.id), detail);
      void queryClient.invalidateQueries({
        queryKey: submissionKeys.events(detail.id),
      });
      void queryClient.invalidateQueries({ queryKey: submissionKeys.lists });
      void queryClient.invalidateQueries({
        queryKey: submissionKeys.check(detail.bookYear),
      });
      // The portal told the company it was received (a notification in the bell).
      void queryClient.invalidateQueries({ queryKey: UNREAD_KEY });
      void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
    },
  });
}
