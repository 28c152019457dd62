import { BackofficePaths, type StaffOverview } from '@bansi/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { backofficeKeys } from './keys';

export const getOverview = () => api<StaffOverview>(BackofficePaths.overview);

export const overviewQueryOptions = () => queryOptions({ queryKey: backofficeKeys.overview(), queryFn: getOverview, staleTime: 30_000 });

/** What waits, by area: the /staff overview. */
export const useOverview = () => useQuery(overviewQueryOptions());
