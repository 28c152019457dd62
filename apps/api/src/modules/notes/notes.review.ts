import { WebPaths } from '@bansi/shared/paths';
import type { AcceptNotesRequest, ReturnNotesRequest } from '@bansi/shared';
import { nowIso } from '../../lib/crypto';
import type { Deps } from '../../lib/deps';
import { AppError, notFound } from '../../lib/errors';
import type { Principal } from '../../plugins/access';
import type { Actor } from '../audit';
import { listMailableUsers } from '../auth';
import { findCompany } from '../companies';
import { storeGenerated } from '../files';
import type { FilesTable } from '../files';
import { enqueueMail } from '../mail';
import { publish } from '../events';
import './notes.published';
import { reviewStep } from '../review';
import { staffReviewTransition, type ReviewStore } from '../review';
import { notesActorName, notesEvent } from './notes.events';
import { getStaffNotes, readableNotes, renderNotesOf } from './notes.queries';
import { NOTES_PDF_OWNER, insertNotesEvents, setNotesPdf, updateNotesIfCurrent } from './notes.repository';
import type { NotesTable } from './notes.tables';

/** The notes as the one review workflow (modules/review) reads and writes them. */
const store: ReviewStore<NotesTable> = { kind: 'notes', read: readableNotes, updateIfCurrent: updateNotesIfCurrent, actorName: notesActorName };

export async function startNotesReview(deps: Deps, principal: Principal, actor: Actor, id: string, version: number) {
  await staffReviewTransition(deps, store, principal, actor, id, version, 'startReview', async (trx, row, to, now, name) => {
    await insertNotesEvents(trx, [notesEvent(principal, name, id, 'review_started', now, { fromStatus: row.status, toStatus: to })]);
  });
  return getStaffNotes(deps, principal, id);
}

const link = (deps: Deps) => new URL(WebPaths.dashboard.createNotes, deps.config.PUBLIC_URL).toString();

/** return: in_review → returned, with the overall reasons and comments per section; the company's users are mailed. */
export async function returnNotes(deps: Deps, principal: Principal, actor: Actor, id: string, body: ReturnNotesRequest) {
  await staffReviewTransition(deps, store, principal, actor, id, body.version, 'return', async (trx, row, to, now, name) => {
    await insertNotesEvents(trx, [
      notesEvent(principal, name, id, 'returned', now, { fromStatus: row.status, toStatus: to, comment: body.reasons }),
      ...body.sectionComments.map((c) => notesEvent(principal, name, id, 'commented', now, { comment: c.body, section: c.section, partOfReturn: 1 })),
    ]);
    const company = await findCompany(trx, row.companyId);
    if (!company) throw notFound();
    for (const user of await listMailableUsers(trx, row.companyId)) {
      const lines = body.sectionComments.map((c) => `- ${deps.t(user.language, `notesDocument.sections.${c.section}`)}: ${c.body}`);
      await enqueueMail(deps, trx, {
        to: user.email,
        lang: user.language,
        template: 'notesReturned',
        vars: {
          company: user.language === 'en' ? company.nameEn : company.nameLo,
          bookYear: Number(row.bookYear),
          reasons: [body.reasons, ...lines].join('\n'),
          link: link(deps),
        },
      });
    }
  });
  return getStaffNotes(deps, principal, id);
}

/**
 * accept: in_review → accepted. The PDF is rendered as the document reads now (status accepted),
 * kept as a generated file (owner `notes_pdf`) in the same transaction as the status, the event and
 * the mails; should the transaction roll back, the stored bytes are removed again.
 */
export async function acceptNotes(deps: Deps, principal: Principal, actor: Actor, id: string, body: AcceptNotesRequest) {
  const pre = await readableNotes(deps, principal, id);
  if (pre.version !== body.version) throw new AppError(409, 'STALE');
  reviewStep('notes', pre.status, 'accept', 'staff');
  const at = nowIso();
  const pdf = await renderNotesOf(deps, { ...pre, status: 'accepted', updatedAt: at });
  let stored: FilesTable | null = null;
  try {
    await staffReviewTransition(
      deps,
      store,
      principal,
      actor,
      id,
      body.version,
      'accept',
      async (trx, row, to, now, name) => {
        await insertNotesEvents(trx, [
          notesEvent(principal, name, id, 'accepted', now, { fromStatus: row.status, toStatus: to, comment: body.comment ? body.comment : null }),
        ]);
        stored = await storeGenerated(deps, trx, pdf, {
          companyId: row.companyId,
          ownerKind: NOTES_PDF_OWNER,
          ownerId: id,
          slot: 'notes',
          originalName: deps.t(row.language, 'notesDocument.downloadName', { bookYear: Number(row.bookYear) }),
          createdBy: principal.userId,
          kind: 'pdf',
        });
        await setNotesPdf(trx, id, stored.id);
        await publish(deps, trx, {
          type: 'notes.accepted',
          subject: { kind: 'notes', id },
          companyId: row.companyId,
          payload: { bookYear: Number(row.bookYear), pdfFileId: stored.id },
          occurredAt: now,
        });
        const company = await findCompany(trx, row.companyId);
        if (!company) throw notFound();
        for (const user of await listMailableUsers(trx, row.companyId)) {
          await enqueueMail(deps, trx, {
            to: user.email,
            lang: user.language,
            template: 'notesAccepted',
            vars: { company: user.language === 'en' ? company.nameEn : company.nameLo, bookYear: Number(row.bookYear), link: link(deps) },
          });
        }
      },
      at,
    );
  } catch (err) {
    const orphan = stored as FilesTable | null;
    if (orphan) await deps.store.delete(orphan.storageKey).catch(() => undefined);
    throw err;
  }
  return getStaffNotes(deps, principal, id);
}
