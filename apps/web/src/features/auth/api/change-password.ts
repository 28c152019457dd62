import { AuthPaths, type ChangePasswordRequest } from '@bansi/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const changePassword = (body: ChangePasswordRequest) => api(AuthPaths.password, { method: 'POST', body });

/** Changes the signed-in account's password; this session stays, the account's others end. */
export const useChangePassword = () => useMutation({ mutationFn: changePassword });
