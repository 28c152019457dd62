import { INVOICE_OWNER, SLIP_SLOT } from '@bansi/shared';
import type { Actor } from '../../lib/actor';
import { newId } from '../../lib/crypto';
import type { Executor } from '../../lib/deps';
import { AppError, invalid, notFound } from '../../lib/errors';
import { recordAudit } from '../audit';
import { registerFileOwner } from '../files';
import type { FilesTable } from '../files';
import { canPayInvoice } from './payments.policy';
import { FIELD_MESSAGE_LANG } from './payments.presenter';
import { findInvoice, insertSlip, withdrawPendingSlips } from './payments.repository';

/** The company sends a transfer slip (image or PDF) for an open invoice through the file seam. */
registerFileOwner(INVOICE_OWNER, {
  async authorizeUpload(deps, principal, request) {
    const row = await findInvoice(deps.db, request.ownerId);
    if (!row || !canPayInvoice(principal, row)) throw notFound();
    if (row.status !== 'open') throw new AppError(409, 'INVOICE_NOT_OPEN');
    if (request.slot !== SLIP_SLOT)
      throw invalid([{ path: 'metadata.slot', code: 'unknown_choice', message: deps.t(FIELD_MESSAGE_LANG, 'errors.field.unknown_choice') }]);
    return { companyId: row.companyId, allowedKinds: ['pdf', 'jpeg', 'png'] };
  },
  async onStored(db: Executor, file: FilesTable, _replaced, principal) {
    const row = await findInvoice(db, file.ownerId);
    if (!row || row.status !== 'open') throw new AppError(409, 'INVOICE_NOT_OPEN');
    await withdrawPendingSlips(db, row.id, file.createdAt, principal.userId);
    const slipId = newId();
    await insertSlip(db, {
      id: slipId,
      invoiceId: row.id,
      fileId: file.id,
      fileName: file.originalName,
      status: 'pending',
      rejectReason: null,
      uploadedBy: principal.userId,
      uploadedAt: file.createdAt,
      decidedBy: null,
      decidedAt: null,
    });
    const actor: Actor = { userId: principal.userId, role: principal.role, companyId: principal.companyId, requestId: null, address: null };
    await recordAudit(
      db,
      actor,
      'invoice.slip_upload',
      { kind: 'invoice', id: row.id },
      { companyId: row.companyId, details: { fileId: file.id, slipId } },
    );
  },
});
