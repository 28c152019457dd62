import { ApiKeyPaths, type CreateApiKeyRequest, type CreatedApiKey } from '@bansi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { apiKeysQueryOptions } from './get-api-keys';

export const createApiKey = (body: CreateApiKeyRequest) => api<CreatedApiKey>(ApiKeyPaths.list, { method: 'POST', body });

/** Creates a key: the answer holds the key itself, shown once; the list is fetched again. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryOptions().queryKey }),
  });
}
