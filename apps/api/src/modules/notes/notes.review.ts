import { WebPaths } from '@bansi/shared/paths';
import {
  commentsSavedInReview,
  type AcceptNotesRequest,
  type AnswerCommentRequest,
  type Language,
  type ReturnNotesRequest,
  type StaffNotesCommentRequest,
} from '@bansi/shared';
import { nowIso } from '../../lib/crypto';
import type { Deps } from '../../lib/deps';
import { AppError, notFound } from '../../lib/errors';
import type { Principal } from '../../plugins/access';
import type { Actor } from '../audit';
import { listMailableUsers } from '../auth';
import { findCompany } from '../companies';
import { storeGenerated } from '../files';
import type { FilesTable } from '../files';
import { publish } from '../events';
import { enqueueMail } from '../mail';
import {
  answerInReview,
  commentInReview,
  keptComments,
  newReviewEvent,
  reviewActorName,
  reviewStep,
  staffReviewTransition,
  type ReviewStore,
} from '../review';
import { getStaffNotes, readableNotes, renderNotesOf } from './notes.queries';
import { presentNotesComment } from './notes.presenter';
import './notes.published';
import { NOTES_PDF_OWNER, insertNotesEvents, listNotesComments, setNotesPdf, updateNotesIfCurrent } from './notes.repository';
import type { NotesTable } from './notes.tables';

/** The notes as the one review workflow (modules/review) reads and writes them. */
const store: ReviewStore<NotesTable> = { kind: 'notes', read: readableNotes, updateIfCurrent: updateNotesIfCurrent, actorName: reviewActorName };

export async function startNotesReview(deps: Deps, principal: Principal, actor: Actor, id: string, version: number) {
  await staffReviewTransition(deps, store, principal, actor, id, version, 'startReview', async (trx, row, to, now, name) => {
    await insertNotesEvents(trx, id, [newReviewEvent(principal, name, 'review_started', now, { fromStatus: row.status, toStatus: to })]);
  });
  return getStaffNotes(deps, principal, id);
}

const link = (deps: Deps) => new URL(WebPaths.dashboard.createNotes, deps.config.PUBLIC_URL).toString();

/**
 * return: in_review → returned, with the overall reasons and comments per section; the company's users are
 * mailed and the bell told, in each one's language. The comments saved during the review (all, or those in
 * `keptCommentIds`) are repeated in the mail and the notification (decision 191).
 */
export async function returnNotes(deps: Deps, principal: Principal, actor: Actor, id: string, body: ReturnNotesRequest, lang: Language) {
  const pre = await readableNotes(deps, principal, id);
  const saved = commentsSavedInReview((await listNotesComments(deps.db, pre.id)).map(presentNotesComment));
  const kept = keptComments(deps, lang, saved, body.keptCommentIds);
  await staffReviewTransition(deps, store, principal, actor, id, body.version, 'return', async (trx, row, to, now, name) => {
    await insertNotesEvents(trx, id, [
      newReviewEvent(principal, name, 'returned', now, { fromStatus: row.status, toStatus: to, comment: body.reasons }),
      ...body.sectionComments.map((c) => newReviewEvent(principal, name, 'commented', now, { comment: c.body, section: c.section, partOfReturn: 1 })),
    ]);
    const company = await findCompany(trx, row.companyId);
    if (!company) throw notFound();
    // Each comment under its section's name in the reader's language (a comment on the whole document has none).
    const line = (lang: Language, c: { section: string | null; body: string }) =>
      c.section ? `- ${deps.t(lang, `notesDocument.sections.${c.section}`)}: ${c.body}` : `- ${c.body}`;
    const savedBlock = (lang: Language) =>
      kept.length ? [deps.t(lang, 'review.mail.savedComments'), ...kept.map((c) => line(lang, c))].join('\n') : '';
    const reasons = (lang: Language) =>
      [[body.reasons, ...body.sectionComments.map((c) => line(lang, c))].join('\n'), savedBlock(lang)].filter(Boolean).join('\n\n');
    const vars = (lang: Language) => ({
      company: lang === 'en' ? company.nameEn : company.nameLo,
      bookYear: Number(row.bookYear),
      reasons: reasons(lang),
    });
    for (const user of await listMailableUsers(trx, row.companyId))
      await enqueueMail(deps, trx, {
        to: user.email,
        lang: user.language,
        template: 'notesReturned',
        vars: { ...vars(user.language), link: link(deps) },
      });
    const text = (lang: Language, part: 'title' | 'body') => deps.t(lang, `review.notesNotify.returned.${part}`, vars(lang));
    // The bell subscribes in modules/subscribers.ts.
    await publish(deps, trx, {
      type: 'notes.returned',
      subject: { kind: 'notes', id },
      companyId: row.companyId,
      payload: { bookYear: Number(row.bookYear) },
      occurredAt: now,
      news: {
        titleLo: text('lo', 'title'),
        titleEn: text('en', 'title'),
        bodyLo: text('lo', 'body'),
        bodyEn: text('en', 'body'),
        link: WebPaths.dashboard.createNotes,
      },
    });
  });
  return getStaffNotes(deps, principal, id);
}

/** A staff comment saved during the review, on one section or the whole document (modules/review); the version does not change. */
export async function commentOnNotes(deps: Deps, principal: Principal, actor: Actor, id: string, body: StaffNotesCommentRequest) {
  const row = await readableNotes(deps, principal, id);
  const event = await commentInReview(deps, principal, actor, 'notes', row, body.version, body.body, { section: body.section ?? null });
  return presentNotesComment(event);
}

/** The company answers one comment of the service without resubmitting (modules/review); the notes do not change. */
export async function answerNotesComment(deps: Deps, principal: Principal, actor: Actor, id: string, body: AnswerCommentRequest, lang: Language) {
  const row = await readableNotes(deps, principal, id);
  const event = await answerInReview(deps, principal, actor, 'notes', row, body.commentId, body.body, lang);
  return presentNotesComment(event);
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
        await insertNotesEvents(trx, id, [
          newReviewEvent(principal, name, 'accepted', now, { fromStatus: row.status, toStatus: to, comment: body.comment ? body.comment : null }),
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
