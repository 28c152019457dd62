import { type StaffAccount, StaffAccountPaths, type CreateStaffAccountRequest } from '@bansi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { staffAccountsQueryOptions } from './get-staff-accounts';

export const createStaffAccount = (body: z.input<typeof CreateStaffAccountRequest> | CreateStaffAccountRequest) =>
  api<StaffAccount>(StaffAccountPaths.list, { method: 'POST', body });

/** Adds a staff member (they get a link to set their password); the list is fetched again. */
export function useCreateStaffAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStaffAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffAccountsQueryOptions().queryKey }),
  });
}
