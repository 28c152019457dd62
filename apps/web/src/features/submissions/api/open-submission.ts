import { type SubmissionDetail, SubmissionPaths } from '@bansi/shared';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { submissionKeys } from './keys';

/** POST /submissions: the book year's submission — the existing one ("first-create check") or a new draft. */
export const openSubmission = (bookYear: number) =>
  api<SubmissionDetail>(SubmissionPaths.list, {
    method: 'POST',
    body: { bookYear },
  });

export const openSubmissionQueryOptions = (queryClient: QueryClient, bookYear: number) =>
  queryOptions({
    queryKey: submissionKeys.open(bookYear),
    queryFn: async () => {
      const detail = await openSubmission(bookYear);
      // The wizard then works on the detail (which every change answers with).
      queryClient.setQueryData(submissionKeys.detail(detail.id), detail);
      void queryClient.invalidateQueries({
        queryKey: submissionKeys.check(bookYear),
      });
      return { id: detail.id };
    },
    // Asked once per screen visit: opening twice gives the same submission anyway.
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

/** Opens (or creates) the submission of `bookYear` for the wizard; null while no year is chosen. */
export function useOpenSubmission(bookYear: number | null) {
  const queryClient = useQueryClient();
  return useQuery({
    ...openSubmissionQueryOptions(queryClient, bookYear ?? 0),
    enabled: bookYear !== null,
  });
}
