import { District, Items, ReferencePaths } from '@bansi/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const Districts = Items(District);

export const getDistricts = (provinceCode: string) => api(ReferencePaths.districts(provinceCode), { schema: Districts });

export const districtsQueryOptions = (provinceCode: string) =>
  queryOptions({ queryKey: ['reference', 'districts', provinceCode], queryFn: () => getDistricts(provinceCode), staleTime: 10 * 60_000 });

/** The districts of a province; nothing until a province is chosen. */
export const useDistricts = (provinceCode: string | undefined) =>
  useQuery({ ...districtsQueryOptions(provinceCode ?? ''), enabled: Boolean(provinceCode) });
