import {
  isEditableByCompany,
  isOpenBookYear,
  type Language,
  type NotesDocument,
  type NotesExistence,
  type NotesListQuery,
  type NotesStatus,
  type StaffNotesDocument,
  type StaffNotesQueueQuery,
} from '@bansi/shared';
import { decodeCursor, pageOf } from '../../lib/cursor';
import type { Deps } from '../../lib/deps';
import { notFound } from '../../lib/errors';
import type { Principal } from '../../plugins/access';
import { listReviewQueue, presentReviewTimeline, registerReviewQueueSource } from '../review';
import { findCompany, listCompanyNames } from '../companies';
import { findFileById, type FilesTable } from '../files';
import { renderNotesPdfOffThread } from './notes.pdf-pool';
import { actorKindOf, assertCanReadNotes } from './notes.policy';
import { profilePrefill } from './notes.prefill';
import { presentNotes, presentNotesSummary, sectionsOf } from './notes.presenter';
import {
  findNotes,
  findNotesByIds,
  findNotesOfYear,
  listCompanyNotes,
  listNotesComments,
  listNotesEvents,
  notesQueueSelect,
} from './notes.repository';
import type { NotesTable } from './notes.tables';

// Reads of notes documents: nothing here writes.

/** The row if this principal may read it (its company's, or staff); 404 otherwise. */
export async function readableNotes(deps: Deps, principal: Principal, id: string): Promise<NotesTable> {
  const row = await findNotes(deps.db, id);
  assertCanReadNotes(principal, row);
  return row;
}

export async function notesDocumentOf(deps: Deps, row: NotesTable, principal: Principal): Promise<NotesDocument> {
  const [comments, prefill] = await Promise.all([listNotesComments(deps.db, row.id), profilePrefill(deps.db, row.companyId, row.language)]);
  return presentNotes(row, actorKindOf(principal), comments, prefill);
}

export async function getNotes(deps: Deps, principal: Principal, id: string): Promise<NotesDocument> {
  return notesDocumentOf(deps, await readableNotes(deps, principal, id), principal);
}

/** The company's notes, newest book year first. */
export async function listNotes(deps: Deps, companyId: string, q: NotesListQuery, lang: Language) {
  const after = decodeCursor(deps, lang, q.cursor, ['number']);
  const rows = await listCompanyNotes(deps.db, { companyId, bookYear: q.bookYear, status: q.status, beforeYear: after?.[0], limit: q.limit + 1 });
  const { page, nextCursor } = pageOf(rows, q.limit, (r) => [Number(r.bookYear)]);
  return { items: page.map(presentNotesSummary), nextCursor };
}

/** First-create and submitted check for a book year (default: the configured one). */
export async function checkNotes(deps: Deps, companyId: string, bookYear = deps.config.BOOK_YEAR): Promise<NotesExistence> {
  const row = await findNotesOfYear(deps.db, companyId, bookYear);
  return {
    bookYear,
    open: isOpenBookYear(bookYear, deps.config.BOOK_YEAR),
    exists: row !== undefined,
    id: row?.id ?? null,
    status: row?.status ?? null,
    submitted: row !== undefined && row.firstSubmittedAt !== null,
    editable: row !== undefined && isEditableByCompany(row.status),
  };
}

export async function listNotesTimeline(deps: Deps, principal: Principal, id: string, q: { cursor?: string; limit: number }, lang: Language) {
  const row = await readableNotes(deps, principal, id);
  const after = decodeCursor(deps, lang, q.cursor, ['string', 'number', 'string']);
  const rows = await listNotesEvents(deps.db, row.id, after ? { at: after[0], ord: after[1], id: after[2] } : null, q.limit + 1);
  const { page, nextCursor } = pageOf(rows, q.limit, (e) => [e.at, Number(e.ord), e.id]);
  return { items: presentReviewTimeline(page), nextCursor };
}

// --- the PDF ---------------------------------------------------------------------------------

/** Renders the document as it is now (in the PDF worker thread). */
export async function renderNotesOf(deps: Deps, row: NotesTable): Promise<Buffer> {
  const company = await findCompany(deps.db, row.companyId);
  if (!company) throw notFound();
  return renderNotesPdfOffThread({
    language: row.language,
    status: row.status,
    bookYear: Number(row.bookYear),
    companyNameLo: company.nameLo,
    companyNameEn: company.nameEn,
    providerName: row.language === 'en' ? deps.config.PROVIDER_NAME_EN : deps.config.PROVIDER_NAME_LO,
    sections: sectionsOf(row),
    date: row.updatedAt,
  });
}

/** The PDF to send: the file kept at acceptance, else rendered now (a draft's preview). */
export async function notesPdfOf(
  deps: Deps,
  principal: Principal,
  id: string,
): Promise<{ file: FilesTable } | { bytes: Buffer; name: string; at: string }> {
  const row = await readableNotes(deps, principal, id);
  const file = row.pdfFileId ? await findFileById(deps.db, row.pdfFileId) : undefined;
  if (file) return { file };
  return {
    bytes: await renderNotesOf(deps, row),
    name: deps.t(row.language, 'notesDocument.downloadName', { bookYear: Number(row.bookYear) }),
    at: row.updatedAt,
  };
}

// --- staff -------------------------------------------------------------------------------------

const AWAITING: NotesStatus[] = ['submitted', 'resubmitted', 'in_review'];
const NOT_DRAFT: NotesStatus[] = ['submitted', 'in_review', 'returned', 'resubmitted', 'accepted'];

// The notes' source of the one review queue (decision 270).
registerReviewQueueSource({ kind: 'notes', awaiting: AWAITING, all: NOT_DRAFT, select: notesQueueSelect });

/** The staff queue, oldest submitted first; drafts are never listed. Its rows come from the one review queue (decision 270). */
export async function staffNotesQueue(deps: Deps, q: StaffNotesQueueQuery, lang: Language) {
  const queue = await listReviewQueue(deps, { kinds: ['notes'], status: q.status, bookYear: q.bookYear, cursor: q.cursor, limit: q.limit }, lang);
  const nextCursor = queue.nextCursor;
  const found = new Map(
    (
      await findNotesByIds(
        deps.db,
        queue.rows.map((r) => r.id),
      )
    ).map((r) => [r.id, r]),
  );
  const page = queue.rows.flatMap((r) => found.get(r.id) ?? []);
  const companies = new Map(
    (
      await listCompanyNames(
        deps.db,
        page.map((r) => r.companyId),
      )
    ).map((c) => [c.id, c]),
  );
  return {
    items: page.flatMap((r) => {
      const c = companies.get(r.companyId);
      return c ? [{ ...presentNotesSummary(r), company: { id: c.id, nameLo: c.nameLo, nameEn: c.nameEn, tin: c.tin } }] : [];
    }),
    nextCursor,
  };
}

export async function getStaffNotes(deps: Deps, principal: Principal, id: string): Promise<StaffNotesDocument> {
  const row = await readableNotes(deps, principal, id);
  const [doc, company, events] = await Promise.all([
    notesDocumentOf(deps, row, principal),
    findCompany(deps.db, row.companyId),
    listNotesEvents(deps.db, row.id, null, 1000),
  ]);
  if (!company) throw notFound();
  return {
    ...doc,
    company: { id: company.id, nameLo: company.nameLo, nameEn: company.nameEn, tin: company.tin },
    events: presentReviewTimeline(events),
  };
}
