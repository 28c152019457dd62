import { z } from 'zod';
import { Id, Page, PageQuery } from './common';

/**
 * Outgoing events (issue 32): what Bansi POSTs, signed (`X-Bansi-Signature`, the scheme of the bank's
 * notifications), to the HTTPS URLs staff admins configure. The names are the public ones; which domain
 * event each comes from is declared in the API's modules/subscribers.ts.
 */
export const WEBHOOK_EVENTS = ['filing.accepted', 'notes.accepted', 'invoice.paid', 'payment.reversed', 'booking.received'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** pending: waiting for its (next) attempt; delivered: the receiver answered 2xx; failed: every attempt failed (re-send it). */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WebhookEndpointCreate = z.object({
  url: z.url({ protocol: /^https?$/ }).max(500),
  events: z
    .array(z.enum(WEBHOOK_EVENTS))
    .min(1)
    .max(WEBHOOK_EVENTS.length)
    .refine((events) => new Set(events).size === events.length, { message: 'each event once' }),
  description: z.string().trim().max(200).default(''),
});
export type WebhookEndpointCreate = z.input<typeof WebhookEndpointCreate>;

export const WebhookEndpoint = z.object({
  id: Id,
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  description: z.string(),
  active: z.boolean(),
  createdAt: z.string(),
  disabledAt: z.string().nullable(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;

/** The answer of creating an endpoint: the only time its signing secret is shown. */
export const WebhookEndpointCreated = WebhookEndpoint.extend({ secret: z.string() });
export type WebhookEndpointCreated = z.infer<typeof WebhookEndpointCreated>;

export const WebhookEndpointList = z.object({ items: z.array(WebhookEndpoint) });
export type WebhookEndpointList = z.infer<typeof WebhookEndpointList>;

export const WebhookDelivery = z.object({
  id: Id,
  endpointId: Id,
  url: z.string(),
  event: z.enum(WEBHOOK_EVENTS),
  /** the event's id, the same in every delivery of it (receivers de-duplicate on it) */
  eventId: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  /** the receiver's last HTTP status; null before the first attempt or when it could not be reached */
  lastStatusCode: z.number().int().nullable(),
  /** the start of the receiver's last answer, or why it could not be reached */
  lastAnswer: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const WebhookDeliveryQuery = PageQuery.extend({ status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional() });
export type WebhookDeliveryQuery = z.infer<typeof WebhookDeliveryQuery>;

export const WebhookDeliveryPage = Page(WebhookDelivery);
export type WebhookDeliveryPage = z.infer<typeof WebhookDeliveryPage>;
