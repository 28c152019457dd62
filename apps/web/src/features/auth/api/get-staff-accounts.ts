import { type ItemsOf, type StaffAccount, StaffAccountPaths } from '@bansi/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

type StaffAccounts = ItemsOf<StaffAccount>;

export const getStaffAccounts = () => api<StaffAccounts>(StaffAccountPaths.list);

export const staffAccountsQueryOptions = () => queryOptions({ queryKey: ['staff', 'accounts'], queryFn: getStaffAccounts });

export const useStaffAccounts = (enabled = true) => useQuery({ ...staffAccountsQueryOptions(), enabled });
