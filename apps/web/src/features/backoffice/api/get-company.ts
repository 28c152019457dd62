import { backofficeUrl, type StaffCompanyDetail } from '@bansi/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { backofficeKeys } from './keys';

export const getCompany = (id: string) => api<StaffCompanyDetail>(backofficeUrl.company(id));

export const companyQueryOptions = (id: string) => queryOptions({ queryKey: backofficeKeys.company(id), queryFn: () => getCompany(id) });

/** One company with its people, users, submissions and audit trail. */
export const useCompany = (id: string) => useQuery(companyQueryOptions(id));
