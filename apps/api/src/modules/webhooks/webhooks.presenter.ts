import type { WebhookDelivery, WebhookEndpoint, WebhookEvent } from '@bansi/shared';
import type { DeliveryWithEndpoint } from './webhooks.repository';
import type { WebhookEndpointsTable } from './webhooks.tables';

/** An endpoint as staff admins see it: never its secret. */
export const presentEndpoint = (row: WebhookEndpointsTable): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  events: JSON.parse(row.events) as WebhookEvent[],
  description: row.description,
  active: row.active === 1,
  createdAt: row.createdAt,
  disabledAt: row.disabledAt,
});

export const presentDelivery = (row: DeliveryWithEndpoint, maxAttempts: number): WebhookDelivery => ({
  id: row.id,
  endpointId: row.endpointId,
  url: row.url,
  event: row.event,
  eventId: row.eventId,
  status: row.status,
  attempts: Number(row.attempts),
  maxAttempts,
  lastStatusCode: row.lastStatusCode === null ? null : Number(row.lastStatusCode),
  lastAnswer: row.lastAnswer,
  lastAttemptAt: row.lastAttemptAt,
  nextAttemptAt: row.nextAttemptAt,
  createdAt: row.createdAt,
});
