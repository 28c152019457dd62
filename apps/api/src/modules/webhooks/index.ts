/** The public face of the webhooks module (outgoing events, issue 32): other modules import only what is exported here (decision 197). */
export { queueDeliveries, type OutgoingEvent } from './webhooks.service';
export { default as webhooksRoutes } from './webhooks.routes';
export type { WebhooksTables } from './webhooks.tables';
