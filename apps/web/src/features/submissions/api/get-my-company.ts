import { type Company, CompanyPaths } from '@bansi/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getMyCompany = () => api<Company>(CompanyPaths.me);

/** The company's profile and people (its signatories); the key is shared with the company screens. */
export const myCompanyQueryOptions = () => queryOptions({ queryKey: ['companies', 'me'], queryFn: getMyCompany });

export const useMyCompany = () => useQuery(myCompanyQueryOptions());
