import { auditUrl, type Job } from '@bansi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { auditKeys } from './keys';

export const retryJob = (id: string) => api<Job>(auditUrl.retryJob(id), { method: 'POST' });

/** Sends a failed job back to the queue; the job lists and the audit log (which records the retry) refresh. */
export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryJob,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: auditKeys.all }),
  });
}
