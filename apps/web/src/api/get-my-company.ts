import { type Company, CompanyPaths } from '@bansi/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';

export const getMyCompany = () => api<Company>(CompanyPaths.me);

export const myCompanyQueryOptions = () => queryOptions({ queryKey: ['companies', 'me'], queryFn: getMyCompany });

export const useMyCompany = () => useQuery(myCompanyQueryOptions());
