import { BackofficePaths, type PageOf, type StaffCompanySummary } from '@bansi/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';

/** Companies by name or TIN, to pick whom an invoice goes to (the back office's company search). */
export const searchCompanies = (q: string) => api<PageOf<StaffCompanySummary>>(BackofficePaths.companies, { query: { q, limit: 20 } });

export const useCompanySearch = (q: string) =>
  useQuery({
    queryKey: ['staff', 'companies', 'search', q],
    queryFn: () => searchCompanies(q),
    enabled: q.trim().length >= 2,
    placeholderData: keepPreviousData,
  });
