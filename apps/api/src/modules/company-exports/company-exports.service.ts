import { API_BASE, companyExportUrl, isStaffRole, type CompanyExport, type Language } from '@bansi/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isUniqueViolation } from '../../db/index';
import type { Actor } from '../../lib/actor';
import { addMs, newId, nowIso } from '../../lib/crypto';
import type { Deps } from '../../lib/deps';
import { notFound } from '../../lib/errors';
import { vientianeDateTime } from '../../lib/pdf';
import { sendFile } from '../../lib/send-file';
import { storageKeyFor } from '../../lib/file-store';
import { registerStoredKeys } from '../files';
import type { Principal } from '../../plugins/access';
import { recordAudit } from '../audit';
import { findFirstCompanyAdmin, findUserById } from '../auth';
import { findCompany } from '../companies';
import { enqueueJob } from '../jobs';
import { enqueueMail } from '../mail';
import {
  expiredStoredExports,
  exportKeysAmong,
  findExport,
  findPreparingExport,
  insertExport,
  listLiveExports,
  updateExport,
} from './company-exports.repository';
import type { CompanyExportsTable } from './company-exports.tables';
import { writeCompanyZip } from './company-exports.zip';

export const EXPORT_BUILD_JOB = 'company_export.build';
export const EXPORT_CLEANUP_JOB = 'company_export.cleanup';
const LIST_LIMIT = 5;

// The zips live in the FileStore under keys of their own (the export's id); the store's sweep must keep them.
registerStoredKeys('company_export', exportKeysAmong);

export function presentExport(row: CompanyExportsTable): CompanyExport {
  return {
    id: row.id,
    status: row.status,
    requestedAt: row.requestedAt,
    readyAt: row.readyAt,
    expiresAt: row.expiresAt,
    size: row.size === null ? null : Number(row.size),
    downloadUrl: row.status === 'ready' ? `${API_BASE}${companyExportUrl.download(row.id)}` : null,
  };
}

/**
 * Asks for an export of every record of `companyId` (decision 186): a row 'preparing' and its build job, in one
 * transaction, audited. While one is being prepared, asking again answers that one.
 */
export async function requestExport(deps: Deps, actor: Actor, principal: Principal, companyId: string): Promise<CompanyExport> {
  try {
    return await insertRequest(deps, actor, principal, companyId);
  } catch (err) {
    // A concurrent request inserted the company's one 'preparing' export first: answer that one.
    const preparing = isUniqueViolation(err) ? await findPreparingExport(deps.db, companyId) : undefined;
    if (!preparing) throw err;
    return presentExport(preparing);
  }
}

function insertRequest(deps: Deps, actor: Actor, principal: Principal, companyId: string): Promise<CompanyExport> {
  return deps.db.transaction().execute(async (trx) => {
    const company = await findCompany(trx, companyId);
    if (!company) throw notFound();
    const preparing = await findPreparingExport(trx, companyId);
    if (preparing) return presentExport(preparing);
    // The manifest is in the language of the company admin who asks; a staff admin's export in the company's
    // (its first admin's) language.
    const language: Language = isStaffRole(principal.role)
      ? ((await findFirstCompanyAdmin(trx, companyId))?.language ?? principal.language)
      : principal.language;
    const row: CompanyExportsTable = {
      id: newId(),
      companyId,
      status: 'preparing',
      language,
      requestedBy: principal.userId,
      requestedAt: nowIso(),
      storageKey: null,
      size: null,
      sha256: null,
      readyAt: null,
      expiresAt: null,
      lastError: null,
    };
    await insertExport(trx, row);
    await enqueueJob(trx, EXPORT_BUILD_JOB, { exportId: row.id }, { uniqueKey: `company_export:${row.id}`, maxAttempts: 3 });
    await recordAudit(trx, actor, 'company.export_request', { kind: 'company', id: companyId }, { companyId, details: { exportId: row.id } });
    return presentExport(row);
  });
}

export async function listExports(deps: Deps, companyId: string): Promise<{ items: CompanyExport[] }> {
  const rows = await listLiveExports(deps.db, companyId, nowIso(), LIST_LIMIT);
  return { items: rows.map(presentExport) };
}

/**
 * The zip, for the company's own users and staff admins; anyone else, an export still being prepared, and an
 * expired one: 404. Every download is audited.
 */
export async function downloadExport(deps: Deps, actor: Actor, request: FastifyRequest, reply: FastifyReply, id: string) {
  const principal = request.principal!;
  const row = await findExport(deps.db, id);
  const allowed = row && (principal.role === 'staff_admin' || (principal.companyId !== null && principal.companyId === row.companyId));
  if (!row || !allowed || row.status !== 'ready' || !row.storageKey || !row.expiresAt || row.expiresAt <= nowIso()) throw notFound();
  await recordAudit(
    deps.db,
    actor,
    'company.export_download',
    { kind: 'company', id: row.companyId },
    { companyId: row.companyId, details: { exportId: row.id } },
  );
  const storageKey = row.storageKey;
  return sendFile(request, reply, {
    size: Number(row.size),
    sha256: row.sha256!,
    fileName: `records-${row.readyAt!.slice(0, 10)}.zip`,
    mediaType: 'application/zip',
    modifiedAt: row.readyAt!,
    attachment: true,
    open: (range) => deps.store.openRead(storageKey, range),
  });
}

/** The build job: writes the zip, keeps it in the FileStore, marks the export ready and mails the one who asked. */
export async function buildExport(deps: Deps, exportId: string, lastAttempt: boolean): Promise<void> {
  const row = await findExport(deps.db, exportId);
  if (!row || row.status !== 'preparing') return;
  const requester = await findUserById(deps.db, row.requestedBy);
  if (!requester) throw new Error(`user ${row.requestedBy} not found`);
  // The cover sheets are rendered as the company sees them.
  const principal: Principal = { sessionId: '', userId: requester.id, role: 'company_admin', companyId: row.companyId, language: row.language };
  try {
    const staged = await writeCompanyZip(deps, row.companyId, row.language, principal);
    const storageKey = storageKeyFor(row.id);
    try {
      await deps.store.commit(staged, storageKey);
    } catch (err) {
      await deps.store.discard(staged);
      throw err;
    }
    const readyAt = nowIso();
    const expiresAt = addMs(readyAt, deps.config.EXPORT_LINK_DAYS * 24 * 3_600_000);
    await deps.db.transaction().execute(async (trx) => {
      await updateExport(trx, row.id, { status: 'ready', storageKey, size: staged.size, sha256: staged.sha256, readyAt, expiresAt, lastError: null });
      const company = (await findCompany(trx, row.companyId))!;
      const link = isStaffRole(requester.role)
        ? `${deps.config.PUBLIC_URL}/staff/companies/${row.companyId}`
        : `${deps.config.PUBLIC_URL}/dashboard/settings#records`;
      await enqueueMail(deps, trx, {
        to: requester.email,
        lang: requester.language,
        template: 'companyExportReady',
        vars: {
          name: requester.name,
          company: requester.language === 'en' ? company.nameEn : company.nameLo,
          expiresAt: vientianeDateTime(expiresAt),
          link,
        },
      });
    });
  } catch (err) {
    if (lastAttempt) await updateExport(deps.db, row.id, { status: 'failed', lastError: String((err as Error)?.message ?? err).slice(0, 500) });
    throw err;
  }
}

/** Removes the zips of expired exports (the rows stay, as the record of what was exported and when). */
export async function removeExpiredExports(deps: Deps): Promise<void> {
  for (const row of await expiredStoredExports(deps.db, nowIso())) {
    await deps.store.delete(row.storageKey!);
    await updateExport(deps.db, row.id, { storageKey: null });
  }
}
