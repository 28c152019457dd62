import { randomBytes } from 'node:crypto';
import { qrScanPagePath, type Language } from '@bansi/shared';
import { nowIso, sha256 } from '../../../lib/crypto';
import type { Deps } from '../../../lib/deps';
import type { Principal } from '../../../plugins/access';
import type { Actor } from '../../audit';
import { listFilesOfOwner, storeGenerated, type FilesTable } from '../../files';
import { buildFiles, loadReference, sizeViewOf } from '../submissions.checklist';
import { actorName, newEvent } from '../submissions.events';
import { assertCurrent, transitionFor } from '../submissions.policy';
import { companyOfRow, readable } from '../submissions.queries';
import { renderReceiptPdf } from '../submissions.receipt';
import { RECEIPT_OWNER, SUBMISSION_OWNER, insertEvents, insertReceipt } from '../submissions.repository';
import { tellCompany } from '../submissions.notify';
import { publish } from '../../events';
import '../submissions.published';
import { staffTransition } from './staff-transition';

/** The app's deps (the receipt PDF goes to `deps.store`). */
export type SubmissionDeps = Deps;

/** The catalog languages by name (the i18n test takes a quoted first argument of t for a catalog key). */
const LO: Language = 'lo';
const EN: Language = 'en';

/**
 * accept: in_review → accepted. The receipt PDF is made first (its QR code carries a new secret
 * code, of which only the SHA-256 is kept); then, in ONE transaction, the status, the event, the
 * receipt, its file row (files.service storeGenerated) and the e-mails are written.
 */
export async function acceptSubmission(
  deps: SubmissionDeps,
  principal: Principal,
  actor: Actor,
  id: string,
  body: { version: number; comment?: string },
) {
  const pre = await readable(deps, principal, id);
  assertCurrent(pre, body.version);
  transitionFor(pre, 'accept', 'staff');
  const [company, ref, fileRows, staffName] = await Promise.all([
    companyOfRow(deps.db, pre),
    loadReference(deps.db),
    listFilesOfOwner(deps.db, SUBMISSION_OWNER, id),
    actorName(deps.db, principal),
  ]);
  const files = buildFiles(deps, ref, fileRows);
  // The filing's size as the rule derives it, or as the reviewer set it where the rule cannot decide.
  const size = sizeViewOf(ref, pre, company).derivedSize;
  const sizeIn = (lng: typeof LO) =>
    size?.kind === 'size'
      ? `${deps.t(lng, `submission.size.${size.size}`)}${size.setByReviewer ? ` (${deps.t(lng, 'submission.size.setByService')})` : ''}`
      : deps.t(lng, 'submission.derived.byServiceBadge');
  const listed = [
    ...files.slots.filter((s) => s.file).map((s) => ({ slotLo: s.nameLo, slotEn: s.nameEn, file: s.file! })),
    ...files.others.map((f) => ({
      slotLo: deps.t(LO, 'submission.documentKind.other_file'),
      slotEn: deps.t(EN, 'submission.documentKind.other_file'),
      file: f,
    })),
  ];
  const code = randomBytes(16).toString('base64url');
  const acceptedAt = nowIso();
  const pdf = await renderReceiptPdf(deps.t, {
    providerLo: deps.config.PROVIDER_NAME_LO,
    providerEn: deps.config.PROVIDER_NAME_EN,
    companyNameLo: company.nameLo,
    companyNameEn: company.nameEn,
    tin: company.tin,
    bookYear: Number(pre.bookYear),
    reference: pre.reference ?? '',
    acceptedAt,
    acceptedBy: staffName,
    size: `${sizeIn(LO)}\n${sizeIn(EN)}`,
    files: listed.map((l) => ({ slotLo: l.slotLo, slotEn: l.slotEn, name: l.file.originalName, sha256: l.file.sha256 })),
    verifyUrl: new URL(qrScanPagePath(company.id, code), deps.config.PUBLIC_URL).toString(),
  });
  const fileName = pre.reference ? `receipt-${pre.reference}.pdf` : deps.t(EN, 'submission.receipt.downloadName', { bookYear: Number(pre.bookYear) });
  let stored: FilesTable | null = null;
  try {
    return await staffTransition(
      deps,
      principal,
      actor,
      id,
      body.version,
      'accept',
      async (trx, row, to, now, name) => {
        await insertEvents(trx, [
          newEvent(principal, name, id, 'accepted', now, { fromStatus: row.status, toStatus: to, comment: body.comment ? body.comment : null }),
        ]);
        stored = await storeGenerated(deps, trx, pdf, {
          companyId: row.companyId,
          ownerKind: RECEIPT_OWNER,
          ownerId: id,
          slot: 'receipt',
          originalName: fileName,
          createdBy: principal.userId,
          kind: 'pdf',
        });
        const fileId = stored.id;
        await insertReceipt(trx, {
          submissionId: id,
          companyId: row.companyId,
          codeHash: sha256(code),
          fileId,
          bookYear: Number(row.bookYear),
          companyNameLo: company.nameLo,
          companyNameEn: company.nameEn,
          acceptedAt,
          acceptedByName: name,
        });
        // The mail carries the stored receipt itself (read from the file store when it is sent).
        const news = await tellCompany(deps, trx, 'accepted', row, company, {
          attachments: [{ filename: fileName, contentType: 'application/pdf', fileId }],
        });
        await publish(deps, trx, {
          type: 'submission.accepted',
          subject: { kind: 'submission', id },
          companyId: row.companyId,
          payload: { bookYear: Number(row.bookYear), reference: row.reference ?? '', receiptFileId: fileId },
          occurredAt: now,
          news,
        });
      },
      acceptedAt,
    );
  } catch (err) {
    // The transaction rolled back after the receipt's bytes were stored: remove them too.
    const orphan = stored as FilesTable | null;
    if (orphan) await deps.store.delete(orphan.storageKey).catch(() => undefined);
    throw err;
  }
}
