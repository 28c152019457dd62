import { type ItemsOf, type Place, ReferencePaths } from '@bansi/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

type Provinces = ItemsOf<Place>;

export const getProvinces = () => api<Provinces>(ReferencePaths.provinces);

// Reference data changes rarely (staff edit it): keep it for the visit.
export const provincesQueryOptions = () => queryOptions({ queryKey: ['reference', 'provinces'], queryFn: getProvinces, staleTime: 10 * 60_000 });

export const useProvinces = () => useQuery(provincesQueryOptions());
