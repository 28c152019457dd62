import { type Accepted, AuthPaths } from '@bansi/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const forgotPassword = (body: { email: string }) => api<Accepted>(AuthPaths.forgotPassword, { method: 'POST', body });

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
