import { type District, type ItemsOf, ReferencePaths } from '@bansi/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { withPlaceNameEn } from '@bansi/shared/domain/place-name';
import { api } from '../../../lib/api-client';

type Districts = ItemsOf<District>;

// English names in title case, however the import wrote them (packages/shared domain/place-name).
export const getDistricts = (provinceCode: string) =>
  api<Districts>(ReferencePaths.districts(provinceCode)).then((r) => ({ ...r, items: r.items.map(withPlaceNameEn) }));

export const districtsQueryOptions = (provinceCode: string) =>
  queryOptions({ queryKey: ['reference', 'districts', provinceCode], queryFn: () => getDistricts(provinceCode), staleTime: 10 * 60_000 });

/** The districts of a province; nothing until a province is chosen. */
export const useDistricts = (provinceCode: string | undefined) =>
  useQuery({ ...districtsQueryOptions(provinceCode ?? ''), enabled: Boolean(provinceCode) });
