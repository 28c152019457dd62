import { BackofficePaths, type PageOf, type StaffCompaniesQuery, type StaffCompanySummary } from '@bansi/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { backofficeKeys } from './keys';

type Filters = Omit<Partial<StaffCompaniesQuery>, 'cursor' | 'limit'>;

export const listCompanies = (filters: Filters, cursor?: string) =>
  api<PageOf<StaffCompanySummary>>(BackofficePaths.companies, { query: { ...filters, cursor, limit: 20 } });

export const companiesQueryOptions = (filters: Filters) =>
  infiniteQueryOptions({
    queryKey: backofficeKeys.companies(filters),
    queryFn: ({ pageParam }) => listCompanies(filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** Companies found by name fragment, TIN or registration number, with filters; keyset pages. */
export const useCompanies = (filters: Filters) => useInfiniteQuery(companiesQueryOptions(filters));
