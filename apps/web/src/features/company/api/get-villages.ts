import { type ItemsOf, type Place, ReferencePaths } from '@bansi/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { withPlaceNameEn } from '@bansi/shared/domain/place-name';
import { api } from '../../../lib/api-client';

type Villages = ItemsOf<Place>;

// English names in title case, however the import wrote them (packages/shared domain/place-name).
export const getVillages = (districtCode: string) =>
  api<Villages>(ReferencePaths.villages(districtCode)).then((r) => ({ ...r, items: r.items.map(withPlaceNameEn) }));

export const villagesQueryOptions = (districtCode: string) =>
  queryOptions({ queryKey: ['reference', 'villages', districtCode], queryFn: () => getVillages(districtCode), staleTime: 10 * 60_000 });

/** The villages of a district that has a village list (`hasVillages`); otherwise the user types the name. */
export const useVillages = (districtCode: string | undefined) =>
  useQuery({ ...villagesQueryOptions(districtCode ?? ''), enabled: Boolean(districtCode) });
