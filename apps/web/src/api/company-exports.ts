import { CompanyExportPaths, companyExportUrl, type CompanyExport, type CompanyExportList } from '@bansi/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../lib/api-client';

/** The company's own exports (no id) or, for a staff admin, those of the company `companyId`. */
const exportsPath = (companyId?: string) => (companyId ? companyExportUrl.staffExports(companyId) : CompanyExportPaths.exports);

export const companyExportsQueryOptions = (companyId?: string) =>
  queryOptions({
    queryKey: ['company-exports', companyId ?? 'me'],
    queryFn: () => api<CompanyExportList>(exportsPath(companyId)),
    // While one is being prepared, look again every few seconds (the job takes seconds to minutes).
    refetchInterval: (query) => (query.state.data?.items.some((e) => e.status === 'preparing') ? 2_000 : false),
  });

export const useCompanyExports = (companyId?: string) => useQuery(companyExportsQueryOptions(companyId));

/** Asks for a new export (a company admin's own, or a staff admin's for `companyId`). */
export function useRequestCompanyExport(companyId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<CompanyExport>(exportsPath(companyId), { method: 'POST' }),
    // The answer ('preparing') goes straight into the list; its refetch interval then follows the job.
    onSuccess: (created) =>
      queryClient.setQueryData(companyExportsQueryOptions(companyId).queryKey, (old) => ({
        items: [created, ...(old?.items ?? []).filter((e) => e.id !== created.id)],
      })),
  });
}
