import { type ItemsOf, type Place, ReferencePaths } from '@bansi/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

type Villages = ItemsOf<Place>;

export const getVillages = (districtCode: string) => api<Villages>(ReferencePaths.villages(districtCode));

export const villagesQueryOptions = (districtCode: string) =>
  queryOptions({ queryKey: ['reference', 'villages', districtCode], queryFn: () => getVillages(districtCode), staleTime: 10 * 60_000 });

/** The villages of a district that has a village list (`hasVillages`); otherwise the user types the name. */
export const useVillages = (districtCode: string | undefined) =>
  useQuery({ ...villagesQueryOptions(districtCode ?? ''), enabled: Boolean(districtCode) });
