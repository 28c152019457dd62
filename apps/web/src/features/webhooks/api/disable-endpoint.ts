import { webhookUrl, type WebhookEndpoint } from '@bansi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { webhookKeys } from './keys';

export const disableEndpoint = (id: string) => api<WebhookEndpoint>(webhookUrl.disableEndpoint(id), { method: 'POST' });

/** Turns an endpoint off: no new events go to it. */
export function useDisableEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableEndpoint,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints }),
  });
}
