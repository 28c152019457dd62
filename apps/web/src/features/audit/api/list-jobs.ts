import { AuditPaths, type JobPage } from '@bansi/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { auditKeys, type JobFilters } from './keys';

export const listJobs = (filters: JobFilters, cursor?: string) => api<JobPage>(AuditPaths.jobs, { query: { ...filters, cursor, limit: 10 } });

export const jobsQueryOptions = (filters: JobFilters) =>
  infiniteQueryOptions({
    queryKey: auditKeys.jobs(filters),
    queryFn: ({ pageParam }) => listJobs(filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** Background jobs (the screen asks for the failed ones). */
export const useJobs = (filters: JobFilters) => useInfiniteQuery(jobsQueryOptions(filters));
