import { AuthPaths, type Session, type LoginRequest } from '@bansi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, resetCsrf } from '../../../lib/api-client';
import { sessionQueryOptions } from './get-session';

export const login = (body: LoginRequest) => api<Session>(AuthPaths.login, { method: 'POST', body });

/**
 * Logs in. The server rotates the session (and so the CSRF token): the cached session becomes the new
 * one at once, so a guarded screen opened next does not see the visitor's stale "no session".
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: async (session) => {
      resetCsrf();
      queryClient.setQueryData(sessionQueryOptions().queryKey, session);
      await queryClient.invalidateQueries({ queryKey: sessionQueryOptions().queryKey });
    },
  });
}
