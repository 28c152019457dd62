import { type AudienceCompanies, ContentPaths, type ItemsOf, type Place, type ReferenceItem, ReferencePaths } from '@bansi/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

type ReferenceItems = ItemsOf<ReferenceItem>;
type Provinces = ItemsOf<Place>;

/** Categories and sizes a notification can be addressed to. */
export const useAudienceList = (list: 'categories' | 'sizes', enabled: boolean) =>
  useQuery({
    queryKey: ['content', 'audience', list],
    queryFn: () => api<ReferenceItems>(ReferencePaths.list(list)),
    staleTime: 10 * 60_000,
    enabled,
  });

export const useAudienceProvinces = (enabled: boolean) =>
  useQuery({
    queryKey: ['content', 'audience', 'provinces'],
    queryFn: () => api<Provinces>(ReferencePaths.provinces),
    staleTime: 10 * 60_000,
    enabled,
  });

/** Companies by name or tax ID (or the one already chosen, by id). */
export const useAudienceCompanies = (q: string, id: string | null, enabled: boolean) =>
  useQuery({
    queryKey: ['content', 'audience', 'companies', q, id],
    queryFn: () => api<AudienceCompanies>(ContentPaths.staffAudienceCompanies, { query: { q, id: q ? undefined : id } }),
    placeholderData: keepPreviousData,
    enabled,
  });
