import type { WebhookDeliveryStatus } from '@bansi/shared';

/** The outgoing-events screen's query keys, from one factory. */
export const webhookKeys = {
  all: ['webhooks'] as const,
  endpoints: ['webhooks', 'endpoints'] as const,
  allDeliveries: ['webhooks', 'deliveries'] as const,
  deliveries: (status: WebhookDeliveryStatus | undefined) => ['webhooks', 'deliveries', status ?? 'all'] as const,
};
