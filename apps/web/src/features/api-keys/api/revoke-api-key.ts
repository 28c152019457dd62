import { apiKeyUrl, type ApiKey } from '@bansi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { apiKeysQueryOptions } from './get-api-keys';

export const revokeApiKey = (id: string) => api<ApiKey>(apiKeyUrl.one(id), { method: 'DELETE' });

/** Revokes a key: its next request is refused. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryOptions().queryKey }),
  });
}
