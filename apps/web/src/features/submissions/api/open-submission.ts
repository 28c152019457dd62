import { type SubmissionDetail, type SubmissionExistence, SubmissionPaths } from '@bansi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { submissionKeys } from './keys';

/** POST /submissions: the book year's submission — the existing one ("first-create check") or a new draft. */
export const openSubmission = (bookYear: number) =>
  api<SubmissionDetail>(SubmissionPaths.list, {
    method: 'POST',
    body: { bookYear },
  });

/**
 * Makes the book year's draft — called by the wizard's first save only, never by opening the screen or
 * choosing a year (decision 099): a year the company only looked at leaves no draft in its history.
 */
export function useOpenSubmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openSubmission,
    onSuccess: (detail) => {
      queryClient.setQueryData(submissionKeys.detail(detail.id), detail);
      void queryClient.invalidateQueries({ queryKey: submissionKeys.lists });
    },
  });
}

/** After the first save: the screen's "first-create check" now knows the draft (then asks the server again). */
export function markOpened(queryClient: ReturnType<typeof useQueryClient>, detail: SubmissionDetail) {
  queryClient.setQueryData<SubmissionExistence>(submissionKeys.check(detail.bookYear), {
    bookYear: detail.bookYear,
    open: true,
    exists: true,
    id: detail.id,
    status: detail.status,
    submitted: detail.submittedAt !== null,
    editable: detail.editable,
  });
  void queryClient.invalidateQueries({ queryKey: submissionKeys.check(detail.bookYear) });
}
