import { z } from 'zod';
import { Problem } from '../errors';
import { NOTES_CHECK_ERRORS, NOTES_CHECK_WARNINGS, NOTES_SECTION_KEYS } from '../domain/notes';
import { Page, PageQuery, SignedAmount } from './common';
import { BookYear, SubmissionAction, SubmissionActorInfo, SubmissionStatus } from './submissions';
import { NOTES_EVENT_ACTIONS, ReviewEvent } from './review-event';

/**
 * Notes to the financial statements (DESIGN §8.2, issue 13): one notes document per company and
 * book year, 18 sections in order, tables in sections 5–14. The rules (limits, amounts, totals,
 * checks) live in domain/notes.ts; requests are shaped here and checked there, so every rule answers
 * a field error in the caller's language (errors.notes.<code>).
 */

export const NotesSectionKey = z.enum(NOTES_SECTION_KEYS);
export type NotesSectionKey = z.infer<typeof NotesSectionKey>;
/** The language the document's prose is written in and its PDF is printed in. */
export const NotesLanguage = z.enum(['lo', 'en']);
export type NotesLanguage = z.infer<typeof NotesLanguage>;
/** The same states as a submission (domain/submission-status.ts applies as it is). */
export const NotesStatus = SubmissionStatus;
export type NotesStatus = z.infer<typeof NotesStatus>;
export const NotesAction = SubmissionAction;
export const NotesVersion = z.number().int().min(1);

/** Whole kip (the one amount schema); null while not entered. Which lines may be negative is domain/notes.ts's rule. */
export const NotesAmount = SignedAmount.nullable();

export const NotesRow = z.object({
  label: z.string(),
  current: NotesAmount,
  prior: NotesAmount,
  /** answers only: the prior-year amount of last year's accepted notes this line was carried forward with */
  carried: NotesAmount.optional(),
  /** why `prior` differs from `carried` (required then, ≤ 500 characters; domain/notes-restatement.ts) */
  restatement: z.string().optional(),
});
export type NotesRow = z.infer<typeof NotesRow>;

/** A section as the company sends it in a PATCH: it replaces that section's given parts. */
export const NotesSectionInput = z.object({
  /** one of NOTES_SECTION_KEYS; an unknown key is a field error (not a schema error) so its message is translated */
  key: z.string(),
  notApplicable: z.boolean().optional(),
  text: z.string().optional(),
  /** general: nameLo, nameEn, registrationNo, tin, legalForm, address, activities; approval: director, accountant, approvalDate */
  fields: z.record(z.string(), z.string()).optional(),
  rows: z.array(NotesRow).optional(),
});
export type NotesSectionInput = z.infer<typeof NotesSectionInput>;

/** The total of a table section (computed, never typed); null for sections without a table. */
export const NotesTotal = z.object({ current: z.number().int(), prior: z.number().int() });

/**
 * One comment of the review (issue 34): staff's on a section (`section`) or on the whole document (null), saved
 * during the review or given with a return; or the company's answer to one of them (`answersId`).
 */
export const NotesComment = z.object({
  id: z.uuid(),
  at: z.string(),
  author: SubmissionActorInfo,
  /** given with a return (the reasons) */
  returned: z.boolean(),
  section: NotesSectionKey.nullable(),
  body: z.string(),
  /** an answer: the id of the service's comment it answers */
  answersId: z.uuid().nullable(),
});
export type NotesComment = z.infer<typeof NotesComment>;

export const NotesSection = z.object({
  key: NotesSectionKey,
  /** 1-based, as printed */
  number: z.number().int(),
  notApplicable: z.boolean(),
  text: z.string(),
  fields: z.record(z.string(), z.string()),
  rows: z.array(NotesRow),
  hasTable: z.boolean(),
  total: NotesTotal.nullable(),
});
export type NotesSection = z.infer<typeof NotesSection>;

export const NotesCheckItem = z.object({
  code: z.enum([...NOTES_CHECK_ERRORS, ...NOTES_CHECK_WARNINGS]),
  section: NotesSectionKey,
  field: z.string().optional(),
});
export const NotesChecks = z.object({ errors: z.array(NotesCheckItem), warnings: z.array(NotesCheckItem) });
export type NotesChecks = z.infer<typeof NotesChecks>;

/** What the company profile says now: the screen offers to fill general information and approval again from it. */
export const NotesPrefill = z.object({
  general: z.record(z.string(), z.string()),
  approval: z.record(z.string(), z.string()),
});
export type NotesPrefill = z.infer<typeof NotesPrefill>;

export const NotesSummary = z.object({
  id: z.uuid(),
  bookYear: z.number().int(),
  status: NotesStatus,
  /** increases with every change of content or status */
  version: z.number().int(),
  language: NotesLanguage,
  createdAt: z.string(),
  updatedAt: z.string(),
  submittedAt: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  /** GET /notes/:id/pdf renders it at any time; on acceptance the PDF is also kept as a file */
  pdfFileId: z.uuid().nullable(),
});
export type NotesSummary = z.infer<typeof NotesSummary>;

/** GET /notes/:id and the answer of every change. */
export const NotesDocument = NotesSummary.extend({
  sections: z.array(NotesSection),
  /** the company may change it now (draft or returned) */
  editable: z.boolean(),
  allowedActions: z.array(NotesAction),
  checks: NotesChecks,
  /** oldest first */
  comments: z.array(NotesComment),
  prefill: NotesPrefill,
  /** the book year whose accepted notes filled the prior-year column on create, or null */
  priorFilledFrom: z.number().int().nullable(),
  /** carried-forward figures changed from the accepted value, with the reason (staff review lists and counts them) */
  restatements: z.array(
    z.object({
      section: NotesSectionKey,
      row: z.number().int(),
      label: z.string(),
      accepted: NotesAmount,
      restated: NotesAmount,
      reason: z.string(),
    }),
  ),
});
export type NotesDocument = z.infer<typeof NotesDocument>;

/** 409 STALE of PATCH /notes/:id and POST /notes/:id/submit: the problem carries the current document. */
export const NotesStaleProblem = Problem.extend({ current: NotesDocument });
export type NotesStaleProblem = z.infer<typeof NotesStaleProblem>;

// --- company requests ------------------------------------------------------------------------

/** POST /notes: 201 with a new draft, or 200 with the existing one of that year. */
export const CreateNotesRequest = z.object({ bookYear: BookYear, language: NotesLanguage.optional() });
export type CreateNotesRequest = z.infer<typeof CreateNotesRequest>;

/** PATCH /notes/:id (draft or returned, else 409 NOTES_LOCKED); a stale `version` → 409 STALE with the current document. */
export const UpdateNotesRequest = z.object({
  version: NotesVersion,
  language: NotesLanguage.optional(),
  sections: z.array(NotesSectionInput).optional(),
});
export type UpdateNotesRequest = z.infer<typeof UpdateNotesRequest>;

/** POST /notes/:id/submit: warnings must be confirmed, else 422 CHECKS_WARNINGS (errors: 422 CHECKS_FAILED). */
export const SubmitNotesRequest = z.object({
  version: NotesVersion,
  confirmWarnings: z.boolean().default(false),
  comment: z.string().trim().max(4000).optional(),
});
export type SubmitNotesRequest = z.infer<typeof SubmitNotesRequest>;

export const NotesListQuery = PageQuery.extend({ bookYear: BookYear.optional(), status: NotesStatus.optional() });
export type NotesListQuery = z.infer<typeof NotesListQuery>;
/** Newest book year first. */
export const NotesPage = Page(NotesSummary);
export type NotesPage = z.infer<typeof NotesPage>;

/** GET /notes/check?bookYear= (default: the configured book year). */
export const NotesCheckQuery = z.object({ bookYear: BookYear.optional() });
export const NotesExistence = z.object({
  bookYear: z.number().int(),
  open: z.boolean(),
  exists: z.boolean(),
  id: z.uuid().nullable(),
  status: NotesStatus.nullable(),
  submitted: z.boolean(),
  editable: z.boolean(),
});
export type NotesExistence = z.infer<typeof NotesExistence>;

export { NOTES_EVENT_ACTIONS } from './review-event';
export const NotesEventAction = z.enum(NOTES_EVENT_ACTIONS);
/** One entry of a notes document's timeline: the one review event shape (decision 270). */
export const NotesEvent = ReviewEvent;
export type NotesEvent = z.infer<typeof NotesEvent>;
/** Newest first. */
export const NotesEventPage = Page(NotesEvent);
export type NotesEventPage = z.infer<typeof NotesEventPage>;

/**
 * POST /submissions/:id/notes-link: fill the submission's "notes" checklist slot with the PDF of the
 * same year's notes (submitted, in review, resubmitted or accepted), rendered now (decision 091).
 * `version` is the submission's. Answers the submission (SubmissionDetail).
 */
export const LinkNotesRequest = z.object({ version: z.number().int().min(1) });

// --- staff -----------------------------------------------------------------------------------

export const StaffNotesQueueStatus = z.enum(['awaiting', 'all', 'submitted', 'in_review', 'returned', 'resubmitted', 'accepted']);
/** Oldest submitted first. */
export const StaffNotesQueueQuery = PageQuery.extend({ bookYear: BookYear.optional(), status: StaffNotesQueueStatus.default('awaiting') });
export type StaffNotesQueueQuery = z.infer<typeof StaffNotesQueueQuery>;
export const StaffNotesCompany = z.object({ id: z.uuid(), nameLo: z.string(), nameEn: z.string(), tin: z.string() });
export const StaffNotesQueueItem = NotesSummary.extend({ company: StaffNotesCompany });
export type StaffNotesQueueItem = z.infer<typeof StaffNotesQueueItem>;
export const StaffNotesQueuePage = Page(StaffNotesQueueItem);
export type StaffNotesQueuePage = z.infer<typeof StaffNotesQueuePage>;

/** GET /staff/notes/:id: the document, its company and the whole timeline (newest first). */
export const StaffNotesDocument = NotesDocument.extend({ company: StaffNotesCompany, events: z.array(NotesEvent) });
export type StaffNotesDocument = z.infer<typeof StaffNotesDocument>;

const commentText = z.string().trim().min(1).max(4000);
export const StartNotesReviewRequest = z.object({ version: NotesVersion });
export const ReturnNotesRequest = z.object({
  version: NotesVersion,
  /** the overall reasons (mailed to the company) */
  reasons: commentText,
  sectionComments: z
    .array(z.object({ section: NotesSectionKey, body: commentText }))
    .max(NOTES_SECTION_KEYS.length)
    .default([]),
  /**
   * the comments saved during this review that the return repeats in its mail and notification; absent: all of
   * them (decision 191). An id that is not such a comment is a field error.
   */
  keptCommentIds: z.array(z.uuid()).max(200).optional(),
});
export type ReturnNotesRequest = z.infer<typeof ReturnNotesRequest>;
export const AcceptNotesRequest = z.object({ version: NotesVersion, comment: z.string().trim().max(4000).optional() });
export type AcceptNotesRequest = z.infer<typeof AcceptNotesRequest>;
/**
 * POST /staff/notes/:id/comments: a comment saved during the review on one section (or the whole document);
 * checks `version` (the reviewer has seen the latest) but does not change it. Answers 201 with the comment.
 * The company answers it with POST /notes/:id/answers (AnswerCommentRequest, as for a filing).
 */
export const StaffNotesCommentRequest = z.object({ version: NotesVersion, body: commentText, section: NotesSectionKey.optional() });
export type StaffNotesCommentRequest = z.infer<typeof StaffNotesCommentRequest>;
