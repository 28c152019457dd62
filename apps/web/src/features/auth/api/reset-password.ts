import { AuthPaths } from '@bansi/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const resetPassword = (body: { token: string; password: string }) => api(AuthPaths.resetPassword, { method: 'POST', body });

/** Sets a password with a mailed link (a reset or an invitation). It ends every session and does not log in. */
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
