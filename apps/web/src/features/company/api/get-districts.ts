import { type District, type ItemsOf, ReferencePaths } from '@bansi/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

type Districts = ItemsOf<District>;

export const getDistricts = (provinceCode: string) => api<Districts>(ReferencePaths.districts(provinceCode));

export const districtsQueryOptions = (provinceCode: string) =>
  queryOptions({ queryKey: ['reference', 'districts', provinceCode], queryFn: () => getDistricts(provinceCode), staleTime: 10 * 60_000 });

/** The districts of a province; nothing until a province is chosen. */
export const useDistricts = (provinceCode: string | undefined) =>
  useQuery({ ...districtsQueryOptions(provinceCode ?? ''), enabled: Boolean(provinceCode) });
