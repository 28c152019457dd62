import { CompanyPaths, type TinCheck } from '@bansi/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const checkTin = (tin: string) => api<TinCheck>(CompanyPaths.check, { query: { tin } });

/** Whether a tax ID is still free; asked afresh each time (someone may register it meanwhile). */
export const tinCheckQueryOptions = (tin: string) =>
  queryOptions({ queryKey: ['companies', 'check', tin], queryFn: () => checkTin(tin), staleTime: 0 });
