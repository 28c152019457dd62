import type { AuditEntry } from '@bansi/shared';
import type { AuditLogTable } from './audit.tables';

export function presentAuditEntry(row: AuditLogTable & { actorEmail: string | null; actorName: string | null }): AuditEntry {
  return {
    id: row.id,
    occurredAt: row.occurredAt,
    action: row.action,
    actor: { userId: row.actorUserId, role: row.actorRole, name: row.actorName, email: row.actorEmail, companyId: row.actorCompanyId },
    subject: { kind: row.subjectKind, id: row.subjectId },
    companyId: row.companyId,
    requestId: row.requestId,
    address: row.address,
    details: row.details ? (JSON.parse(row.details) as Record<string, unknown>) : null,
  };
}
