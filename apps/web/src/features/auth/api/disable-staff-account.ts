import { StaffAccountPaths } from '@bansi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { staffAccountsQueryOptions } from './get-staff-accounts';

export const disableStaffAccount = (id: string) => api(StaffAccountPaths.one(id), { method: 'DELETE' });

/** Takes a staff member's access away at once (their sessions end). */
export function useDisableStaffAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableStaffAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffAccountsQueryOptions().queryKey }),
  });
}
