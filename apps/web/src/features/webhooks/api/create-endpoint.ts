import { WebhookPaths, type WebhookEndpointCreate, type WebhookEndpointCreated } from '@bansi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { webhookKeys } from './keys';

export const createEndpoint = (body: WebhookEndpointCreate) => api<WebhookEndpointCreated>(WebhookPaths.endpoints, { method: 'POST', body });

/** Adds an endpoint; the answer carries its signing secret, shown this once. */
export function useCreateEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEndpoint,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints }),
  });
}
