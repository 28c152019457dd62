import { API_BASE, AuditPaths, BackupPaths, PaymentPaths, WebhookPaths } from '@bansi/shared';

/**
 * Routes only staff admins may call: the audit log and the background jobs (issue 10), the instance's own
 * payment-notification key (issue 28), the last backup (issue 31), outgoing events (issue 32). The access matrix checks that each is declared `staffAdmin`, so its
 * company-user and reviewer 403 cases run.
 */
export const staffAdminOnlyRoutes = [
  `GET ${API_BASE}${AuditPaths.list}`,
  `GET ${API_BASE}${AuditPaths.jobs}`,
  `POST ${API_BASE}${AuditPaths.retryJob}`,
  `GET ${API_BASE}${PaymentPaths.staffWebhookSecret}`,
  `GET ${API_BASE}${BackupPaths.last}`,
  `GET ${API_BASE}${WebhookPaths.endpoints}`,
  `POST ${API_BASE}${WebhookPaths.endpoints}`,
  `POST ${API_BASE}${WebhookPaths.disableEndpoint}`,
  `GET ${API_BASE}${WebhookPaths.deliveries}`,
  `POST ${API_BASE}${WebhookPaths.resend}`,
] as const;
