import { Items, StaffAccount, StaffAccountPaths } from '@bansi/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const StaffAccounts = Items(StaffAccount);

export const getStaffAccounts = () => api(StaffAccountPaths.list, { schema: StaffAccounts });

export const staffAccountsQueryOptions = () => queryOptions({ queryKey: ['staff', 'accounts'], queryFn: getStaffAccounts });

export const useStaffAccounts = (enabled = true) => useQuery({ ...staffAccountsQueryOptions(), enabled });
