import { type AudienceCompanies, ContentPaths } from '@bansi/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Companies by name or tax ID (or the one already chosen, by id). */
export const useAudienceCompanies = (q: string, id: string | null, enabled: boolean) =>
  useQuery({
    queryKey: ['content', 'audience', 'companies', q, id],
    queryFn: () => api<AudienceCompanies>(ContentPaths.staffAudienceCompanies, { query: { q, id: q ? undefined : id } }),
    placeholderData: keepPreviousData,
    enabled,
  });
