import { Items, Place, ReferencePaths } from '@bansi/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const Provinces = Items(Place);

export const getProvinces = () => api(ReferencePaths.provinces, { schema: Provinces });

// Reference data changes rarely (staff edit it): keep it for the visit.
export const provincesQueryOptions = () => queryOptions({ queryKey: ['reference', 'provinces'], queryFn: getProvinces, staleTime: 10 * 60_000 });

export const useProvinces = () => useQuery(provincesQueryOptions());
