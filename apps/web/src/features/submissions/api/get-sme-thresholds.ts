import { type SmeThresholdList, SmeThresholdPaths } from '@bansi/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getSmeThresholds = () => api<SmeThresholdList>(SmeThresholdPaths.list);

export const smeThresholdsQueryOptions = () =>
  queryOptions({
    queryKey: ['reference', 'sme-thresholds'],
    queryFn: getSmeThresholds,
    staleTime: 10 * 60_000,
  });

/** The SME threshold cells (sector × size × criterion) the size is derived from. */
export const useSmeThresholds = () => useQuery(smeThresholdsQueryOptions());
