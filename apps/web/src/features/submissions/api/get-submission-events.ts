import { type SubmissionEventPage, SubmissionPaths } from '@bansi/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { submissionKeys } from './keys';

export const getSubmissionEvents = (id: string, cursor?: string) =>
  api<SubmissionEventPage>(SubmissionPaths.events(id), {
    query: { cursor, limit: 50 },
  });

export const submissionEventsQueryOptions = (id: string) =>
  infiniteQueryOptions({
    queryKey: submissionKeys.events(id),
    queryFn: ({ pageParam }) => getSubmissionEvents(id, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** The submission's timeline, newest first. */
export const useSubmissionEvents = (id: string) => useInfiniteQuery(submissionEventsQueryOptions(id));
