import { SmeThresholdPaths, type SmeThresholdList } from '@bansi/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { backofficeKeys } from './keys';

export const getSmeThresholds = () => api<SmeThresholdList>(SmeThresholdPaths.list);

/** The same key as the submission form's copy: an entered cell refreshes both. */
export const smeThresholdsQueryOptions = () => queryOptions({ queryKey: backofficeKeys.sme(), queryFn: getSmeThresholds });

export const useSmeThresholds = () => useQuery(smeThresholdsQueryOptions());
