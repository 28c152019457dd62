import { API_BASE, AuditPaths, BackupPaths, PaymentPaths } from '@bansi/shared';

/**
 * Routes only staff admins may call: the audit log and the background jobs (issue 10), the instance's own
 * payment-notification key (issue 28), the last backup (issue 31). The access matrix checks that each is declared `staffAdmin`, so its
 * company-user and reviewer 403 cases run.
 */
export const staffAdminOnlyRoutes = [
  `GET ${API_BASE}${AuditPaths.list}`,
  `GET ${API_BASE}${AuditPaths.jobs}`,
  `POST ${API_BASE}${AuditPaths.retryJob}`,
  `GET ${API_BASE}${PaymentPaths.staffWebhookSecret}`,
  `GET ${API_BASE}${BackupPaths.last}`,
] as const;
