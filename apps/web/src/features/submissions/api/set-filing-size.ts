import { SubmissionPaths, type SetFilingSizeRequest, type StaffSubmissionDetail } from '@bansi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { submissionKeys } from './keys';

/** POST /staff/submissions/:id/size: the reviewer sets the filing's size where the thresholds cannot decide it. */
export const setFilingSize = (id: string, body: SetFilingSizeRequest) =>
  api<StaffSubmissionDetail>(SubmissionPaths.staffSize(id), { method: 'POST', body });

export function useSetFilingSize(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetFilingSizeRequest) => setFilingSize(id, body),
    onSuccess: (detail) => {
      queryClient.setQueryData(submissionKeys.staffDetail(id), detail);
      void queryClient.invalidateQueries({ queryKey: submissionKeys.staffLists });
    },
  });
}
