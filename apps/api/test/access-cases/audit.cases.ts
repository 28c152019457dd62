import { API_BASE, AuditPaths } from '@bansi/shared';

/**
 * Routes only staff admins may call (issue 10): the audit log and the background jobs. The access
 * matrix checks that each is declared `staffAdmin`, so its company-user and reviewer 403 cases run.
 */
export const staffAdminOnlyRoutes = [
  `GET ${API_BASE}${AuditPaths.list}`,
  `GET ${API_BASE}${AuditPaths.jobs}`,
  `POST ${API_BASE}${AuditPaths.retryJob}`,
] as const;
