import { type ApiIndex } from '@bansi/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';

export const getApiIndex = () => api<ApiIndex>('');

export const apiIndexQueryOptions = () => queryOptions({ queryKey: ['api-index'], queryFn: getApiIndex, staleTime: Infinity });

/** Public settings: years, provider contacts for the footer. */
export const useApiIndex = () => useQuery(apiIndexQueryOptions());
