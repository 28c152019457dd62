import type { WebhookDeliveryStatus, WebhookEvent } from '@bansi/shared';

/** A receiver of outgoing events, set up by a staff admin (issue 32). */
export interface WebhookEndpointsTable {
  id: string;
  /** https (http only to 127.0.0.1 / localhost outside production) */
  url: string;
  /** JSON array of the event names it receives */
  events: string;
  description: string;
  /** the HMAC key of its `X-Bansi-Signature`; shown once when the endpoint is made, never answered again */
  secret: string;
  /** 1 receives events; 0 after a staff admin disabled it (kept for its deliveries' history) */
  active: number;
  createdBy: string | null;
  createdAt: string;
  disabledAt: string | null;
}

/**
 * One event for one endpoint: at most one row per (event, endpoint) — a unique index — however many API
 * processes run. Its `webhook.deliver` job POSTs `body`; the row keeps what staff admins see of it.
 */
export interface WebhookDeliveriesTable {
  id: string;
  endpointId: string;
  event: WebhookEvent;
  /** the domain event's id (receivers de-duplicate on it) */
  eventId: string;
  /** the JSON sent, the same bytes at every attempt (the signature's time changes) */
  body: string;
  status: WebhookDeliveryStatus;
  /** every attempt so far, re-sends included */
  attempts: number;
  lastStatusCode: number | null;
  lastAnswer: string | null;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface WebhooksTables {
  webhookEndpoints: WebhookEndpointsTable;
  webhookDeliveries: WebhookDeliveriesTable;
}
