import { type StaffQueuePage, SubmissionPaths, type StaffQueueQuery } from '@bansi/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { submissionKeys } from './keys';

export type StaffQueueFilters = Omit<z.input<typeof StaffQueueQuery>, 'cursor' | 'limit' | 'bookYear'> & { bookYear?: number };

export const listStaffQueue = (filters: StaffQueueFilters, cursor?: string) =>
  api<StaffQueuePage>(SubmissionPaths.staffList, {
    query: { ...filters, cursor },
  });

export const staffQueueQueryOptions = (filters: StaffQueueFilters) =>
  infiniteQueryOptions({
    queryKey: submissionKeys.staffList(filters),
    queryFn: ({ pageParam }) => listStaffQueue(filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** The review queue, oldest submission first. */
export const useStaffQueue = (filters: StaffQueueFilters) => useInfiniteQuery(staffQueueQueryOptions(filters));
