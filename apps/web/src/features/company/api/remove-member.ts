import { CompanyPaths } from '@bansi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { membersQueryOptions } from './get-members';

export const removeMember = (id: string) => api(CompanyPaths.member(id), { method: 'DELETE' });

/** Removes a colleague's account from the company. */
export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersQueryOptions().queryKey }),
  });
}
