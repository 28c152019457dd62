import { AuthPaths } from '@bansi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, resetCsrf } from '../../../lib/api-client';

export const logout = () => api(AuthPaths.logout, { method: 'POST' });

/**
 * Ends the session, `leave`s the signed-in screens (the caller navigates away), then forgets every cached query: they
 * all belonged to the session. In that order: cleared while a screen was still mounted, its queries were made again at
 * once, without a session (a 401 for each of the dashboard's checks, seen in the browser tests).
 */
export function useLogout(leave: () => void | Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: async () => {
      resetCsrf();
      await leave();
      queryClient.clear();
    },
  });
}
