import { webhookUrl, type WebhookDelivery } from '@bansi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { webhookKeys } from './keys';

export const resendDelivery = (id: string) => api<WebhookDelivery>(webhookUrl.resend(id), { method: 'POST' });

/** Sends a delivered or failed delivery again; the delivery lists refresh. */
export function useResendDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendDelivery,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.allDeliveries }),
  });
}
