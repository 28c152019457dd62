import { AuthPaths, type RegisterResponse, type RegisterRequest } from '@bansi/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const registerCompany = (body: RegisterRequest) => api<RegisterResponse>(AuthPaths.register, { method: 'POST', body });

/** Registers the company, its signatories and its first user. Nothing cached changes: the user logs in next. */
export const useRegisterCompany = () => useMutation({ mutationFn: registerCompany });
