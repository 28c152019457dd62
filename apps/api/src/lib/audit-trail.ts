import type { Actor } from './actor';
import type { Executor } from './deps';
import { definePort } from './port';

/** What an audit entry is about, e.g. `{ kind: 'file', id }`. */
export interface AuditSubject {
  kind: string;
  id: string;
}

/** Appends one audit entry in the caller's transaction (the audit module's `recordAudit`). */
export type AuditWriter = (
  trx: Executor,
  actor: Actor,
  action: string,
  subject: AuditSubject,
  options?: { companyId?: string | null; details?: Record<string, unknown> },
) => Promise<void>;

/**
 * The audit log for the modules on its own floor (files, jobs; decision 220): infrastructure modules do not
 * import each other, so they write their audit entries through this port, which the composition
 * (modules/providers.ts) gives the audit module's writer. Every other module imports `recordAudit` from
 * the audit face.
 */
export const auditTrail = definePort<AuditWriter>('the audit log writer');
