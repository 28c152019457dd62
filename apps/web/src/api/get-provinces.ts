import { type ItemsOf, type Place, ReferencePaths } from '@bansi/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';

export const getProvinces = () => api<ItemsOf<Place>>(ReferencePaths.provinces);

// Reference data changes rarely (staff edit it): keep it for the visit.
export const provincesQueryOptions = () => queryOptions({ queryKey: ['reference', 'provinces'], queryFn: getProvinces, staleTime: 10 * 60_000 });

/** The 18 provinces (addresses, filters, notification audiences). */
export const useProvinces = (enabled = true) => useQuery({ ...provincesQueryOptions(), enabled });
