import type { Language } from '@bansi/shared';
import { nowIso } from '../../lib/crypto';
import type { Deps } from '../../lib/deps';
import { AppError, notFound } from '../../lib/errors';
import type { Principal } from '../../plugins/access';
import { recordAudit, type Actor } from '../audit';
import { findCurrentInSlot, supersedeFile, storeGenerated, type FilesTable } from '../files';
import { assertMayReadReviewed, newReviewEvent, reviewActorName } from '../review';
import { notesFiling, type NotesFiling } from './notes.filing';
import { renderNotesOf } from './notes.queries';
import { findNotesOfYear, insertNotesEvents } from './notes.repository';

/** The checklist slot (a `document-types` code) the notes PDF fills. */
export const NOTES_SLOT = 'notes';
/** Notes the company can no longer change: what the service has (or will) review (decision 091). */
const LINKABLE = new Set(['submitted', 'in_review', 'resubmitted', 'accepted']);

/**
 * POST /submissions/:id/notes-link: the submission's "notes" slot gets the PDF of the same year's
 * notes, rendered now, as the slot's current file (replacing an upload, which stays in the slot's
 * history). The submission must be editable and at the version read; the notes must be submitted
 * or further. File row, slot replacement, both timelines and the audit entry in one transaction.
 */
export async function linkNotesToSubmission(deps: Deps, principal: Principal, actor: Actor, submissionId: string, version: number, _lang: Language) {
  const filing: NotesFiling = notesFiling.use();
  const sub = await filing.findSubmission(deps.db, submissionId);
  assertMayReadReviewed(principal, sub);
  if (principal.companyId !== sub.companyId) throw notFound();
  filing.assertEditable(sub);
  filing.assertCurrent(sub, version);
  const notes = await findNotesOfYear(deps.db, sub.companyId, Number(sub.bookYear));
  if (!notes || !LINKABLE.has(notes.status)) throw new AppError(409, 'NOTES_NOT_SUBMITTED');
  const pdf = await renderNotesOf(deps, notes);
  const name = deps.t(notes.language, 'notesDocument.downloadName', { bookYear: Number(notes.bookYear) });
  let stored: FilesTable | null = null;
  try {
    await deps.db.transaction().execute(async (trx) => {
      const now = nowIso();
      // Still editable now (the row lock on PostgreSQL keeps a submit from slipping in between).
      if (!(await filing.touchIfEditable(trx, submissionId, now))) throw new AppError(409, 'SUBMISSION_LOCKED');
      const replaced = await findCurrentInSlot(trx, filing.owner, submissionId, NOTES_SLOT);
      stored = await storeGenerated(deps, trx, pdf, {
        companyId: sub.companyId,
        ownerKind: filing.owner,
        ownerId: submissionId,
        slot: NOTES_SLOT,
        originalName: name,
        createdBy: principal.userId,
        kind: 'pdf',
      });
      if (replaced && !(await supersedeFile(trx, replaced.id, stored.id, now))) throw new AppError(409, 'CONFLICT');
      const who = await reviewActorName(trx, principal);
      await filing.recordEvent(trx, principal, who, submissionId, replaced ? 'file_replaced' : 'file_uploaded', now, {
        fileId: stored.id,
        slot: NOTES_SLOT,
        fileName: name,
        details: JSON.stringify({ notesId: notes.id, ...(replaced ? { replacedFileId: replaced.id } : {}) }),
      });
      await insertNotesEvents(trx, notes.id, [
        newReviewEvent(principal, who, 'linked', now, { details: JSON.stringify({ submissionId, fileId: stored.id }) }),
      ]);
      await recordAudit(
        trx,
        actor,
        'notes.link',
        { kind: 'submission', id: submissionId },
        { companyId: sub.companyId, details: { notesId: notes.id, notesStatus: notes.status, fileId: stored.id, replacesId: replaced?.id ?? null } },
      );
    });
  } catch (err) {
    const orphan = stored as FilesTable | null;
    if (orphan) await deps.store.delete(orphan.storageKey).catch(() => undefined);
    throw err;
  }
  return filing.getSubmission(deps, principal, submissionId);
}
