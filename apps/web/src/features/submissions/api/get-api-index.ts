import { type ApiIndex } from '@bansi/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getApiIndex = () => api<ApiIndex>('');

/** The same key as every other reader of the index: one request for the whole app. */
export const apiIndexQueryOptions = () =>
  queryOptions({
    queryKey: ['api-index'],
    queryFn: getApiIndex,
    staleTime: Infinity,
  });

/** The configured year and book year (the wizard's default). */
export const useApiIndex = () => useQuery(apiIndexQueryOptions());
