import {
  applyCarriedForward,
  isOpenBookYear,
  notesChecks,
  statusAfterSubmit,
  validateNotesSections,
  type FieldError,
  type Language,
  type NotesDocument,
  type NotesLanguage,
  type NotesRestatementError,
  type NotesSectionData,
  type NotesStatus,
  type SubmitNotesRequest,
  type UpdateNotesRequest,
} from '@bansi/shared';
import { isUniqueViolation } from '../../db/index';
import { newId, nowIso } from '../../lib/crypto';
import type { Deps } from '../../lib/deps';
import { AppError, invalid, notFound } from '../../lib/errors';
import type { Principal } from '../../plugins/access';
import { recordAudit, type Actor } from '../audit';
import { assertNotesEditable, notesTransition } from './notes.policy';
import { initialSections, profilePrefill } from './notes.prefill';
import { sectionsOf } from './notes.presenter';
import { getNotes, notesDocumentOf, readableNotes } from './notes.queries';
import { findNotes, findNotesOfYear, findNotesReturningReviewer, insertNotes, insertNotesEvents, updateNotesIfCurrent } from './notes.repository';
import { newReviewEvent, resumedBy, reviewActorName } from '../review';
import type { NotesTable } from './notes.tables';

/**
 * A stale version: 409 STALE whose body also carries the current document (`current`), so the
 * screen can show what changed without a second request (decision 090).
 */
export class NotesStaleError extends AppError {
  constructor(readonly current: NotesDocument) {
    super(409, 'STALE');
  }
}

async function stale(deps: Deps, principal: Principal, id: string): Promise<never> {
  throw new NotesStaleError(await getNotes(deps, principal, id));
}

/**
 * POST /notes: the existing notes of that year ("first-create check", `created: false`), else a new
 * draft for an open book year: general information and approval from the profile, the prior-year
 * column from last year's accepted notes. Row, event and audit entry in one transaction.
 */
export async function createNotes(
  deps: Deps,
  principal: Principal,
  actor: Actor,
  body: { bookYear: number; language?: NotesLanguage },
  lang: Language,
) {
  const companyId = principal.companyId;
  if (!companyId) throw notFound();
  const { bookYear } = body;
  const existing = await findNotesOfYear(deps.db, companyId, bookYear);
  if (existing) return { created: false, doc: await notesDocumentOf(deps, existing, principal) };
  if (!isOpenBookYear(bookYear, deps.config.BOOK_YEAR))
    throw invalid([{ path: 'body.bookYear', code: 'book_year_not_open', message: deps.t(lang, 'errors.field.book_year_not_open') }]);
  const language = body.language ?? 'lo';
  const now = nowIso();
  const id = newId();
  try {
    await deps.db.transaction().execute(async (trx) => {
      const prefill = await profilePrefill(trx, companyId, language);
      const { sections, priorFilledFrom } = await initialSections(trx, companyId, bookYear, prefill);
      const row: NotesTable = {
        id,
        companyId,
        bookYear,
        status: 'draft',
        version: 1,
        language,
        sections: JSON.stringify(sections),
        priorFilledFrom,
        pdfFileId: null,
        createdBy: principal.userId,
        createdAt: now,
        updatedAt: now,
        submittedAt: null,
        firstSubmittedAt: null,
        acceptedAt: null,
      };
      await insertNotes(trx, row);
      await insertNotesEvents(trx, id, [
        newReviewEvent(principal, await reviewActorName(trx, principal), 'created', now, {
          toStatus: 'draft',
          details: priorFilledFrom ? JSON.stringify({ priorFilledFrom }) : null,
        }),
      ]);
      await recordAudit(trx, actor, 'notes.create', { kind: 'notes', id }, { companyId, details: { bookYear, priorFilledFrom } });
    });
  } catch (err) {
    // Two first-creates racing (a double click): the unique key keeps one; answer that one.
    if (!isUniqueViolation(err)) throw err;
    const winner = await findNotesOfYear(deps.db, companyId, bookYear);
    if (!winner) throw err;
    return { created: false, doc: await notesDocumentOf(deps, winner, principal) };
  }
  return { created: true, doc: await getNotes(deps, principal, id) };
}

/** The field errors of domain/notes.ts in the caller's language, paths under `body.`. */
export function notesFieldErrors(
  deps: Deps,
  lang: Language,
  errors: readonly { path: string; code: string; vars?: Record<string, number> }[],
): FieldError[] {
  return errors.map((e) => ({ path: `body.${e.path}`, code: e.code, message: deps.t(lang, `errors.notes.${e.code}`, e.vars) }));
}

/**
 * PATCH: language and sections (each given section replaces the parts it names), in a draft or a
 * returned document only (409 NOTES_LOCKED), at the version the caller read (409 STALE with the
 * current document). Any field error refuses the whole request: nothing is saved half.
 */
export async function updateNotes(deps: Deps, principal: Principal, actor: Actor, id: string, body: UpdateNotesRequest, lang: Language) {
  const row = await readableNotes(deps, principal, id);
  assertNotesEditable(row);
  if (row.version !== body.version) return stale(deps, principal, id);
  const errors = validateNotesSections(body.sections ?? []);
  if (errors.length) throw invalid(notesFieldErrors(deps, lang, errors));

  const sections = sectionsOf(row);
  const changed: string[] = [];
  // Figures carried forward from accepted notes keep their accepted value; a different one needs a reason.
  const carriedErrors: NotesRestatementError[] = [];
  const nextRows = (body.sections ?? []).map((input, i) => {
    if (input.rows === undefined) return undefined;
    const s = sections.find((x) => x.key === input.key)!;
    const applied = applyCarriedForward(s.rows, input.rows, `sections.${i}`);
    carriedErrors.push(...applied.errors);
    return applied.rows;
  });
  if (carriedErrors.length) throw invalid(notesFieldErrors(deps, lang, carriedErrors));
  for (const [i, input] of (body.sections ?? []).entries()) {
    const s = sections.find((x) => x.key === input.key)!;
    const rows = nextRows[i];
    const next: NotesSectionData = {
      ...s,
      ...(input.notApplicable !== undefined ? { notApplicable: input.notApplicable } : {}),
      ...(input.text !== undefined ? { text: input.text } : {}),
      ...(input.fields !== undefined ? { fields: { ...s.fields, ...input.fields } } : {}),
      ...(rows !== undefined ? { rows } : {}),
    };
    if (JSON.stringify(next) !== JSON.stringify(s)) {
      Object.assign(s, next);
      changed.push(s.key);
    }
  }
  const languageChanged = body.language !== undefined && body.language !== row.language;
  if (changed.length === 0 && !languageChanged) return notesDocumentOf(deps, row, principal);

  const now = nowIso();
  const patch: Partial<NotesTable> = { sections: JSON.stringify(sections), updatedAt: now, ...(languageChanged ? { language: body.language } : {}) };
  const details = { sections: changed, ...(languageChanged ? { language: body.language } : {}) };
  const ok = await deps.db.transaction().execute(async (trx) => {
    if (!(await updateNotesIfCurrent(trx, id, row.version, patch, ['draft', 'returned']))) return false;
    await insertNotesEvents(trx, id, [
      newReviewEvent(principal, await reviewActorName(trx, principal), 'updated', now, { details: JSON.stringify(details) }),
    ]);
    await recordAudit(trx, actor, 'notes.update', { kind: 'notes', id }, { companyId: row.companyId, details });
    return true;
  });
  if (!ok) {
    const now2 = await findNotes(deps.db, id);
    if (now2 && now2.status !== row.status) assertNotesEditable(now2);
    return stale(deps, principal, id);
  }
  return getNotes(deps, principal, id);
}

/**
 * Submit (draft → submitted, returned → resubmitted → in review with the reviewer who returned them) after the checks: blocking errors answer 422
 * CHECKS_FAILED (errors[]: `sections.<key>.fields.<field>`, code field_missing); warnings not
 * confirmed answer 422 CHECKS_WARNINGS (errors[]: `warnings.<key>`, code section_empty).
 */
export async function submitNotes(deps: Deps, principal: Principal, actor: Actor, id: string, body: SubmitNotesRequest, lang: Language) {
  const row = await readableNotes(deps, principal, id);
  assertNotesEditable(row);
  if (row.version !== body.version) return stale(deps, principal, id);
  const submitted = notesTransition(row, 'submit', 'company');
  const checks = notesChecks(sectionsOf(row));
  if (checks.errors.length)
    throw new AppError(
      422,
      'CHECKS_FAILED',
      checks.errors.map((c) => ({ path: `sections.${c.section}.fields.${c.field}`, code: c.code, message: deps.t(lang, `errors.notes.${c.code}`) })),
    );
  if (checks.warnings.length && !body.confirmWarnings)
    throw new AppError(
      422,
      'CHECKS_WARNINGS',
      checks.warnings.map((c) => ({ path: `warnings.${c.section}`, code: c.code, message: deps.t(lang, `errors.notes.${c.code}`) })),
    );
  const now = nowIso();
  const confirmed = checks.warnings.map((w) => w.section);
  const ok = await deps.db.transaction().execute(async (trx) => {
    const reviewer = submitted === 'resubmitted' ? await findNotesReturningReviewer(trx, id) : undefined;
    const to = (statusAfterSubmit('notes', row.status, reviewer !== undefined) ?? submitted) as NotesStatus;
    const patch: Partial<NotesTable> = { status: to, updatedAt: now, submittedAt: now, ...(row.firstSubmittedAt ? {} : { firstSubmittedAt: now }) };
    if (!(await updateNotesIfCurrent(trx, id, row.version, patch, [row.status]))) return false;
    await insertNotesEvents(trx, id, [
      newReviewEvent(principal, await reviewActorName(trx, principal), submitted === 'resubmitted' ? 'resubmitted' : 'submitted', now, {
        fromStatus: row.status,
        toStatus: submitted,
        comment: body.comment ? body.comment : null,
        details: confirmed.length ? JSON.stringify({ confirmedWarnings: confirmed }) : null,
      }),
      ...(reviewer && to === 'in_review' ? [newReviewEvent(principal, reviewer.actorName, 'review_started', now, resumedBy(reviewer))] : []),
    ]);
    await recordAudit(
      trx,
      actor,
      'notes.submit',
      { kind: 'notes', id },
      { companyId: row.companyId, details: { from: row.status, to, confirmedWarnings: confirmed } },
    );
    return true;
  });
  if (!ok) return stale(deps, principal, id);
  return getNotes(deps, principal, id);
}
