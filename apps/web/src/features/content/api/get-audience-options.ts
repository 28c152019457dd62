import { AudienceCompanies, ContentPaths, Items, Place, ReferenceItem, ReferencePaths } from '@bansi/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const ReferenceItems = Items(ReferenceItem);
const Provinces = Items(Place);

/** Categories and sizes a notification can be addressed to. */
export const useAudienceList = (list: 'categories' | 'sizes', enabled: boolean) =>
  useQuery({
    queryKey: ['content', 'audience', list],
    queryFn: () => api(ReferencePaths.list(list), { schema: ReferenceItems }),
    staleTime: 10 * 60_000,
    enabled,
  });

export const useAudienceProvinces = (enabled: boolean) =>
  useQuery({
    queryKey: ['content', 'audience', 'provinces'],
    queryFn: () => api(ReferencePaths.provinces, { schema: Provinces }),
    staleTime: 10 * 60_000,
    enabled,
  });

/** Companies by name or tax ID (or the one already chosen, by id). */
export const useAudienceCompanies = (q: string, id: string | null, enabled: boolean) =>
  useQuery({
    queryKey: ['content', 'audience', 'companies', q, id],
    queryFn: () => api(ContentPaths.staffAudienceCompanies, { schema: AudienceCompanies, query: { q, id: q ? undefined : id } }),
    placeholderData: keepPreviousData,
    enabled,
  });
