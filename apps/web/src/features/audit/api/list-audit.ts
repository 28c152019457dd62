import { AuditPaths, type AuditPage } from '@bansi/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { auditKeys, type AuditFilters } from './keys';

export const listAudit = (filters: AuditFilters, cursor?: string) => api<AuditPage>(AuditPaths.list, { query: { ...filters, cursor, limit: 25 } });

export const auditQueryOptions = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: auditKeys.entries(filters),
    queryFn: ({ pageParam }) => listAudit(filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** The audit log, newest first, filtered; keyset pages. */
export const useAudit = (filters: AuditFilters) => useInfiniteQuery(auditQueryOptions(filters));
