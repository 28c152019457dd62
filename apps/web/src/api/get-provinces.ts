import { type ItemsOf, type Place, ReferencePaths } from '@bansi/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getProvinces = () => api<ItemsOf<Place>>(ReferencePaths.provinces);

export const provincesQueryOptions = () =>
  queryOptions({
    queryKey: ['reference', 'provinces'],
    queryFn: getProvinces,
    staleTime: Infinity,
  });

/** The 18 provinces (the review queue's filter). */
export const useProvinces = () => useQuery(provincesQueryOptions());
