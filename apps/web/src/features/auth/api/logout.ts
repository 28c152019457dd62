import { AuthPaths } from '@bansi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, resetCsrf } from '../../../lib/api-client';

export const logout = () => api(AuthPaths.logout, { method: 'POST' });

/** Ends the session; every cached query belonged to it, so all of them go. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      resetCsrf();
      queryClient.clear();
    },
  });
}
