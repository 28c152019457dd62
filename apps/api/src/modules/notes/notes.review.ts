import { WebPaths } from '@bansi/shared/paths';
import type { AcceptNotesRequest, ReturnNotesRequest, SubmissionAction, NotesStatus } from '@bansi/shared';
import { nowIso } from '../../lib/crypto';
import type { Deps, Executor } from '../../lib/deps';
import { AppError, notFound } from '../../lib/errors';
import type { Principal } from '../../plugins/access';
import { recordAudit, type Actor } from '../audit';
import { findCompany } from '../companies';
import { storeGenerated, type FilesTable } from '../files';
import { enqueueMail } from '../mail';
import { notesActorName, notesEvent } from './notes.events';
import { notesTransition } from './notes.policy';
import { getStaffNotes, readableNotes, renderNotesOf } from './notes.queries';
import { NOTES_PDF_OWNER, insertNotesEvents, listNotesMailUsers, updateNotesIfCurrent } from './notes.repository';
import type { NotesTable } from './notes.tables';

const AUDIT_ACTION: Record<string, string> = { startReview: 'notes.start_review', return: 'notes.return', accept: 'notes.accept' };

type Effects = (trx: Executor, row: NotesTable, to: NotesStatus, now: string, name: string) => Promise<Partial<NotesTable> | void>;

/**
 * One staff transition: the version read must be current (409 STALE), the state machine must allow
 * it (409 INVALID_TRANSITION); the conditional update, `effects` (events, files, mail) and the
 * audit entry run in one transaction.
 */
async function staffNotesTransition(
  deps: Deps,
  principal: Principal,
  actor: Actor,
  id: string,
  version: number,
  action: SubmissionAction,
  effects: Effects,
  at = nowIso(),
) {
  const row = await readableNotes(deps, principal, id);
  if (row.version !== version) throw new AppError(409, 'STALE');
  const to = notesTransition(row, action, 'staff');
  await deps.db.transaction().execute(async (trx) => {
    const extra = (await effects(trx, row, to, at, await notesActorName(trx, principal))) ?? {};
    const patch: Partial<NotesTable> = { status: to, updatedAt: at, ...(to === 'accepted' ? { acceptedAt: at } : {}), ...extra };
    if (!(await updateNotesIfCurrent(trx, id, version, patch, [row.status]))) throw new AppError(409, 'STALE');
    await recordAudit(
      trx,
      actor,
      AUDIT_ACTION[action] ?? `notes.${action}`,
      { kind: 'notes', id },
      { companyId: row.companyId, details: { from: row.status, to, version } },
    );
  });
  return getStaffNotes(deps, principal, id);
}

export async function startNotesReview(deps: Deps, principal: Principal, actor: Actor, id: string, version: number) {
  return staffNotesTransition(deps, principal, actor, id, version, 'startReview', async (trx, row, to, now, name) => {
    await insertNotesEvents(trx, [notesEvent(principal, name, id, 'review_started', now, { fromStatus: row.status, toStatus: to })]);
  });
}

const link = (deps: Deps) => new URL(WebPaths.dashboard.createNotes, deps.config.PUBLIC_URL).toString();

/** return: in_review → returned, with the overall reasons and comments per section; the company's users are mailed. */
export async function returnNotes(deps: Deps, principal: Principal, actor: Actor, id: string, body: ReturnNotesRequest) {
  return staffNotesTransition(deps, principal, actor, id, body.version, 'return', async (trx, row, to, now, name) => {
    await insertNotesEvents(trx, [
      notesEvent(principal, name, id, 'returned', now, { fromStatus: row.status, toStatus: to, comment: body.reasons }),
      ...body.sectionComments.map((c) => notesEvent(principal, name, id, 'commented', now, { comment: c.body, section: c.section, partOfReturn: 1 })),
    ]);
    const company = await findCompany(trx, row.companyId);
    if (!company) throw notFound();
    for (const user of await listNotesMailUsers(trx, row.companyId)) {
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
}

/**
 * accept: in_review → accepted. The PDF is rendered as the document reads now (status accepted),
 * kept as a generated file (owner `notes_pdf`) in the same transaction as the status, the event and
 * the mails; should the transaction roll back, the stored bytes are removed again.
 */
export async function acceptNotes(deps: Deps, principal: Principal, actor: Actor, id: string, body: AcceptNotesRequest) {
  const pre = await readableNotes(deps, principal, id);
  if (pre.version !== body.version) throw new AppError(409, 'STALE');
  notesTransition(pre, 'accept', 'staff');
  const at = nowIso();
  const pdf = await renderNotesOf(deps, { ...pre, status: 'accepted', updatedAt: at });
  let stored: FilesTable | null = null;
  try {
    return await staffNotesTransition(
      deps,
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
        const company = await findCompany(trx, row.companyId);
        if (!company) throw notFound();
        for (const user of await listNotesMailUsers(trx, row.companyId)) {
          await enqueueMail(deps, trx, {
            to: user.email,
            lang: user.language,
            template: 'notesAccepted',
            vars: { company: user.language === 'en' ? company.nameEn : company.nameLo, bookYear: Number(row.bookYear), link: link(deps) },
          });
        }
        return { pdfFileId: stored.id };
      },
      at,
    );
  } catch (err) {
    const orphan = stored as FilesTable | null;
    if (orphan) await deps.store.delete(orphan.storageKey).catch(() => undefined);
    throw err;
  }
}
