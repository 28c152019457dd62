import { PaymentPaths, type WebhookSecretInfo } from '@bansi/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { paymentKeys } from './keys';

export const getWebhookSecret = () => api<WebhookSecretInfo>(PaymentPaths.staffWebhookSecret);

/** Staff admins: the key this instance made for itself, and whether the simulator is on. It never changes while the server runs. */
export const useWebhookSecret = () => useQuery({ queryKey: paymentKeys.webhookSecret, queryFn: getWebhookSecret, staleTime: Infinity });
