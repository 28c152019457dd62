import { Company, CompanyPaths } from '@bansi/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getMyCompany = () => api(CompanyPaths.me, { schema: Company });

export const myCompanyQueryOptions = () => queryOptions({ queryKey: ['companies', 'me'], queryFn: getMyCompany });

export const useMyCompany = () => useQuery(myCompanyQueryOptions());
