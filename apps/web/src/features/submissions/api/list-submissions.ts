import { type SubmissionPage, SubmissionPaths, type SubmissionStatus } from '@bansi/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { submissionKeys } from './keys';

export interface SubmissionFilters {
  bookYear?: number;
  status?: SubmissionStatus;
}

export const listSubmissions = (filters: SubmissionFilters, cursor?: string) =>
  api<SubmissionPage>(SubmissionPaths.list, {
    query: { ...filters, cursor },
  });

export const submissionsQueryOptions = (filters: SubmissionFilters) =>
  infiniteQueryOptions({
    queryKey: submissionKeys.list(filters),
    queryFn: ({ pageParam }) => listSubmissions(filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** The company's submissions, newest book year first, page by page. */
export const useSubmissions = (filters: SubmissionFilters) => useInfiniteQuery(submissionsQueryOptions(filters));
