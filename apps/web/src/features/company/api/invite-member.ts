import { CompanyPaths, type Member, type InviteRequest } from '@bansi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { membersQueryOptions } from './get-members';

export const inviteMember = (body: z.input<typeof InviteRequest>) => api<Member>(CompanyPaths.invitations, { method: 'POST', body });

/** Invites a colleague by e-mail (an account waiting for its password); the member list is asked again. */
export function useInviteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersQueryOptions().queryKey }),
  });
}
