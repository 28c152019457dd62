import { z } from 'zod';
import type { FieldError } from '../errors';
import { Amount, Page, PageQuery } from './common';
import { ReviewEvent, SUBMISSION_EVENT_ACTIONS, SUBMISSION_STATUSES, SubmissionActorInfo } from './review-event';
import { Company, People } from './companies';
import { FileKind, FileMeta } from './files';
import { WebPaths } from '../paths';
import { SME_CRITERIA, SME_SECTORS, SME_SIZES, SME_THRESHOLD_SIZES } from '../domain/submission-lists';

// The lists and book years without zod live in domain/submission-lists.ts (a screen that needs only them
// does not load zod, issue 29); they are exported here too, as before.
export {
  isOpenBookYear,
  OPEN_BOOK_YEARS_BACK,
  openBookYears,
  SME_CRITERIA,
  SME_SECTORS,
  SME_SIZES,
  SME_THRESHOLD_SIZES,
} from '../domain/submission-lists';

/**
 * The annual submission (DESIGN §4, issue 6): one per company and book year. This file holds what
 * both sides need first — book year, statuses and actions, the SME threshold cells — and grows with
 * the submission module's request and response schemas.
 */

/** The web page a receipt's QR code opens (DESIGN §2), relative to PUBLIC_URL. */
export const qrScanPagePath = WebPaths.qrScan;

/** The Lao accounting year is the calendar year (Law on Accounting No. 47/NA, 2013). */
export const BookYear = z.coerce.number().int().min(2000).max(2100);
export type BookYear = z.infer<typeof BookYear>;

export { SUBMISSION_STATUSES, SubmissionActor, SubmissionActorInfo, SUBMISSION_EVENT_ACTIONS } from './review-event';
export const SubmissionStatus = z.enum(SUBMISSION_STATUSES);
export type SubmissionStatus = z.infer<typeof SubmissionStatus>;

/** What moves a submission from one status to the next (see domain/submission-status.ts). */
export const SUBMISSION_ACTIONS = ['submit', 'startReview', 'return', 'accept'] as const;
export const SubmissionAction = z.enum(SUBMISSION_ACTIONS);
export type SubmissionAction = z.infer<typeof SubmissionAction>;

// --- SME size (Decree No. 25/GOL of 16 January 2017) ---------------------------------------------

export const SmeSector = z.enum(SME_SECTORS);
export type SmeSector = z.infer<typeof SmeSector>;

export const SmeThresholdSize = z.enum(SME_THRESHOLD_SIZES);
export type SmeThresholdSize = z.infer<typeof SmeThresholdSize>;

export const SmeSize = z.enum(SME_SIZES);
export type SmeSize = z.infer<typeof SmeSize>;

export const SmeCriterion = z.enum(SME_CRITERIA);
export type SmeCriterion = z.infer<typeof SmeCriterion>;

/**
 * One cell of the thresholds table: "an enterprise of `sector` is `size` on `criterion` when its
 * value is at most (`upperInclusive`) or below (not inclusive) `upperBound`", valid from
 * `effectiveFrom` (a later cell for the same sector, size and criterion supersedes it). Cells are
 * reference data that staff admins enter from the official text; a cell nobody entered is absent.
 */
export const SmeThresholdCell = z.object({
  sector: SmeSector,
  size: SmeThresholdSize,
  criterion: SmeCriterion,
  upperBound: Amount.meta({ description: 'persons for labour, LAK for assets and income (whole)' }),
  upperInclusive: z.boolean().meta({ description: 'true: value <= upperBound qualifies; false: value < upperBound' }),
  effectiveFrom: z.iso.date().meta({ description: 'YYYY-MM-DD (Asia/Vientiane) from which the cell applies' }),
  sourceNote: z.string().trim().min(1).max(1000),
});
export type SmeThresholdCell = z.infer<typeof SmeThresholdCell>;

/** A cell as stored and listed (GET /reference/sme-thresholds). */
export const SmeThresholdCellRecord = SmeThresholdCell.extend({ id: z.uuid(), updatedAt: z.string() });
export type SmeThresholdCellRecord = z.infer<typeof SmeThresholdCellRecord>;

/** Which cell a derivation needs, by coordinates (no value: it may not exist yet). */
export const SmeCellRef = z.object({ sector: SmeSector, size: SmeThresholdSize, criterion: SmeCriterion });
export type SmeCellRef = z.infer<typeof SmeCellRef>;

/** The enterprise data the size is derived from; null while the user has not entered it. */
export const SmeSizeInput = z.object({
  sector: SmeSector,
  averageLabour: z.number().nonnegative().nullable(),
  totalAssets: z.number().int().nonnegative().nullable(),
  annualIncome: z.number().int().nonnegative().nullable(),
});
export type SmeSizeInput = z.infer<typeof SmeSizeInput>;

export const SmeSizeResult = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('size'),
    size: SmeSize,
    /** micro/small/medium: the criteria whose condition the enterprise met at that size (any one suffices);
     *  large: every criterion (it exceeded all three at every size). */
    basis: z.array(SmeCriterion),
    /** set by a reviewer because the thresholds could not decide (issue 33): then `basis` is empty */
    setByReviewer: z.object({ reason: z.string(), at: z.string() }).optional(),
  }),
  z.object({
    kind: z.literal('undetermined'),
    /** empty threshold cells the decision may still need (staff must enter them) */
    missing: z.array(SmeCellRef),
    /** enterprise figures the decision needs that are not entered yet */
    missingInputs: z.array(SmeCriterion),
  }),
]);
export type SmeSizeResult = z.infer<typeof SmeSizeResult>;

/** A derived size as a list shows it: the size, or that it cannot be determined yet (the detail gives the why). */
export const SmeSizeVerdict = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('size'), size: SmeSize, setByReviewer: z.boolean().optional() }),
  z.object({ kind: z.literal('undetermined') }),
]);
export type SmeSizeVerdict = z.infer<typeof SmeSizeVerdict>;

/** GET /reference/sme-thresholds: every cell (all dates, for derivations at any date) and the cells empty today. */
export const SmeThresholdList = z.object({
  items: z.array(SmeThresholdCellRecord),
  empty: z.array(SmeCellRef),
});
export type SmeThresholdList = z.infer<typeof SmeThresholdList>;

// --- book years ------------------------------------------------------------------------------

// --- the submission's data -------------------------------------------------------------------

/** LAK amounts are whole kip (the one Amount schema, docs/decisions/145). */
export const LakAmount = Amount;
/** Annual average number of workers (persons; an average may have decimals). */
export const AverageLabour = z.number().nonnegative().max(10_000_000);
/** Optimistic concurrency: the `version` the caller last read; a stale one gets 409 STALE. */
export const SubmissionVersion = z.number().int().min(1);

/** The enterprise figures a check may find missing (and the form's field names). */
export const SUBMISSION_FIELDS = ['departmentId', 'averageLabour', 'totalAssets', 'annualIncome', 'signatories'] as const;
export const SubmissionField = z.enum(SUBMISSION_FIELDS);
export type SubmissionField = z.infer<typeof SubmissionField>;

/** A signatory as recorded on the submission: a snapshot, so later profile edits do not rewrite it. */
export const SignatoryPerson = z.object({
  name: z.string(),
  position: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});
export const SignatoryHolder = SignatoryPerson.extend({
  kind: z.enum(['employee', 'outside']),
  licenceNo: z.string().nullable(),
  firmName: z.string().nullable(),
});
export const SubmissionSignatories = z.object({ owner: SignatoryPerson, holder: SignatoryHolder, checker: SignatoryPerson });
export type SubmissionSignatories = z.infer<typeof SubmissionSignatories>;

/**
 * PATCH /submissions/:id (draft or returned only, else 409 SUBMISSION_LOCKED). Every field is
 * optional; null clears it. `signatories` takes the same shape as the company profile's people
 * (the form pre-fills them from GET /companies/me). `departmentId` is a `departments` item (the
 * list is filtered by `?categoryId=`); its category decides the sector the SME size is derived for.
 */
export const UpdateSubmissionRequest = z.object({
  version: SubmissionVersion,
  departmentId: z.uuid().nullable().optional(),
  averageLabour: AverageLabour.nullable().optional(),
  totalAssets: LakAmount.nullable().optional(),
  annualIncome: LakAmount.nullable().optional(),
  specialCategoryId: z.uuid().nullable().optional(),
  signatories: People.nullable().optional(),
});
export type UpdateSubmissionRequest = z.infer<typeof UpdateSubmissionRequest>;

/** The size in the company profile (a `sizes` item); `size` when its code is one of the decree's sizes. */
export const DeclaredSize = z.object({ sizeId: z.uuid(), code: z.string(), size: SmeSize.nullable() });
export type DeclaredSize = z.infer<typeof DeclaredSize>;

export const SubmissionBase = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  bookYear: z.number().int(),
  status: SubmissionStatus,
  /** increases with every change of data or status (not with file uploads, which have their own history) */
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** the last time it was submitted or resubmitted */
  submittedAt: z.string().nullable(),
  firstSubmittedAt: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  /** the acknowledgement receipt PDF exists (GET /submissions/:id/receipt) */
  receiptAvailable: z.boolean(),
  /** the filing reference (`BS-2023-000123`, domain/filing-reference.ts), given at the first submit; null for a draft never submitted */
  reference: z.string().nullable(),
});

export const SubmissionSummary = SubmissionBase.extend({
  /** current files (checklist slots and other files) */
  fileCount: z.number().int(),
});
export type SubmissionSummary = z.infer<typeof SubmissionSummary>;

export const Submission = SubmissionBase.extend({
  departmentId: z.uuid().nullable(),
  /** from the department's category, else the company's category; null when neither names a sector */
  sector: SmeSector.nullable(),
  averageLabour: z.number().nullable(),
  totalAssets: z.number().int().nullable(),
  annualIncome: z.number().int().nullable(),
  specialCategoryId: z.uuid().nullable(),
  signatories: SubmissionSignatories.nullable(),
  /** the company profile's size: live while editable, as it was at the last submission afterwards */
  declaredSize: DeclaredSize.nullable(),
  /** derived from the figures with the thresholds in force on 31 December of the book year; null without a sector */
  derivedSize: SmeSizeResult.nullable(),
  /** the derived size is known and is not the declared one */
  sizeDiffers: z.boolean(),
  /** the company may change data and files now (draft or returned) */
  editable: z.boolean(),
  /** what the caller (company or staff) may do now, from domain/submission-status.ts */
  allowedActions: z.array(SubmissionAction),
});
export type Submission = z.infer<typeof Submission>;

// --- checklist and files ---------------------------------------------------------------------

/** One slot of the document checklist: a `document-types` item (extra.required, extra.kinds). */
export const ChecklistSlot = z.object({
  /** the document type's code: the upload's `slot` */
  code: z.string(),
  documentTypeId: z.uuid().nullable(),
  nameLo: z.string(),
  nameEn: z.string(),
  required: z.boolean(),
  /** what this slot accepts (already narrowed to the server's UPLOAD_ALLOWED_KINDS) */
  kinds: z.array(FileKind),
  /** the current file, or null when the slot is empty */
  file: FileMeta.nullable(),
  /** earlier versions this slot's file replaced, newest first */
  history: z.array(FileMeta),
});
export type ChecklistSlot = z.infer<typeof ChecklistSlot>;

/** GET /submissions/:id/files: the checklist, the additional ("other") files, and what was replaced. */
export const SubmissionFiles = z.object({
  slots: z.array(ChecklistSlot),
  /** current additional files (slot `other`), oldest first */
  others: z.array(FileMeta),
  /** replaced versions of additional files, newest first */
  otherHistory: z.array(FileMeta),
  limits: z.object({ maxBytes: z.number().int(), otherKinds: z.array(FileKind) }),
});
export type SubmissionFiles = z.infer<typeof SubmissionFiles>;

// --- checks before submitting ----------------------------------------------------------------

/** Blocking: a required slot empty, a figure missing, a file of a kind the slot no longer takes. */
export const SUBMISSION_CHECK_ERRORS = ['slot_empty', 'value_missing', 'file_kind_not_allowed'] as const;
/** Confirmable: the derived size differs from the profile's, or cannot be determined yet. */
export const SUBMISSION_CHECK_WARNINGS = ['size_differs', 'size_undetermined'] as const;
export const SubmissionCheckError = z.object({
  code: z.enum(SUBMISSION_CHECK_ERRORS),
  slot: z.string().optional(),
  field: SubmissionField.optional(),
});
export const SubmissionCheckWarning = z.object({ code: z.enum(SUBMISSION_CHECK_WARNINGS) });
export const SubmissionChecks = z.object({ errors: z.array(SubmissionCheckError), warnings: z.array(SubmissionCheckWarning) });
export type SubmissionChecks = z.infer<typeof SubmissionChecks>;

/**
 * A 422 of POST /submissions/:id/submit is a problem (code CHECKS_FAILED for blocking errors,
 * CHECKS_WARNINGS for warnings not confirmed) whose `errors[]` carry the checks as field errors:
 * path `slots.<slot>` or `fields.<field>` for errors, `warnings` for warnings; code = the check's
 * code; message = its text in the caller's language. This turns them back into SubmissionChecks.
 */
export function checksFromFieldErrors(errors: readonly FieldError[]): SubmissionChecks {
  const out: SubmissionChecks = { errors: [], warnings: [] };
  for (const e of errors) {
    if (e.path === 'warnings') {
      const code = z.enum(SUBMISSION_CHECK_WARNINGS).safeParse(e.code);
      if (code.success) out.warnings.push({ code: code.data });
      continue;
    }
    const code = z.enum(SUBMISSION_CHECK_ERRORS).safeParse(e.code);
    if (!code.success) continue;
    if (e.path.startsWith('slots.')) out.errors.push({ code: code.data, slot: e.path.slice('slots.'.length) });
    else if (e.path.startsWith('fields.')) {
      const field = SubmissionField.safeParse(e.path.slice('fields.'.length));
      out.errors.push(field.success ? { code: code.data, field: field.data } : { code: code.data });
    } else out.errors.push({ code: code.data });
  }
  return out;
}

/** POST /submissions/:id/submit: warnings must be confirmed (`confirmWarnings: true`) or the answer is 422. */
export const SubmitSubmissionRequest = z.object({
  version: SubmissionVersion,
  confirmWarnings: z.boolean().default(false),
  /** e.g. what changed since staff returned it */
  comment: z.string().trim().max(4000).optional(),
});
export type SubmitSubmissionRequest = z.infer<typeof SubmitSubmissionRequest>;

// --- timeline and comments -------------------------------------------------------------------

export const SubmissionEventAction = z.enum(SUBMISSION_EVENT_ACTIONS);
export type SubmissionEventAction = z.infer<typeof SubmissionEventAction>;

/** One entry of a filing's timeline: the one review event shape (decision 270). */
export const SubmissionEvent = ReviewEvent;
export type SubmissionEvent = z.infer<typeof SubmissionEvent>;

/** Newest first. */
export const SubmissionEventsQuery = PageQuery;
export const SubmissionEventPage = Page(SubmissionEvent);
export type SubmissionEventPage = z.infer<typeof SubmissionEventPage>;

/**
 * A comment: the service's, on one file (`fileId`, `slot`) or on the whole submission (both null); the
 * company's note sent with a (re)submission; or the company's answer to a comment of the service.
 */
export const SubmissionComment = z.object({
  id: z.uuid(),
  at: z.string(),
  author: SubmissionActorInfo,
  /** set for the reasons given when returning it */
  returned: z.boolean(),
  fileId: z.uuid().nullable(),
  slot: z.string().nullable(),
  body: z.string(),
  /** an answer: the id of the service's comment it answers */
  answersId: z.uuid().nullable(),
});
export type SubmissionComment = z.infer<typeof SubmissionComment>;

/** GET /submissions/:id and the answer of every change: data, checklist, checks, comments. */
export const SubmissionDetail = Submission.extend({
  files: SubmissionFiles,
  checks: SubmissionChecks,
  /** oldest first */
  comments: z.array(SubmissionComment),
});
export type SubmissionDetail = z.infer<typeof SubmissionDetail>;

// --- company requests ------------------------------------------------------------------------

/** POST /submissions: 201 with a new draft, or 200 with the existing one of that year ("first-create check"). */
export const CreateSubmissionRequest = z.object({ bookYear: BookYear });

/**
 * POST /submissions/:id/answers: the company answers one comment of the service (on a file or on the
 * whole submission) without resubmitting — while the submission is with the service or returned
 * (not a draft, not accepted: 409 SUBMISSION_CLOSED). Answers 201 with the answer.
 */
export const AnswerCommentRequest = z.object({
  commentId: z.uuid(),
  body: z.string().trim().min(1).max(4000),
});
export type AnswerCommentRequest = z.infer<typeof AnswerCommentRequest>;

export const SubmissionListQuery = PageQuery.extend({ bookYear: BookYear.optional(), status: SubmissionStatus.optional() });
export type SubmissionListQuery = z.infer<typeof SubmissionListQuery>;
/** Newest book year first. */
export const SubmissionPage = Page(SubmissionSummary);
export type SubmissionPage = z.infer<typeof SubmissionPage>;

/** GET /submissions/check?bookYear= (default: the configured book year). */
export const SubmissionCheckQuery = z.object({ bookYear: BookYear.optional() });
export const SubmissionExistence = z.object({
  bookYear: z.number().int(),
  /** one of the open book years (a new submission may be created for it) */
  open: z.boolean(),
  exists: z.boolean(),
  id: z.uuid().nullable(),
  status: SubmissionStatus.nullable(),
  /** "submitted check": it has been submitted (whatever happened since) */
  submitted: z.boolean(),
  editable: z.boolean(),
});
export type SubmissionExistence = z.infer<typeof SubmissionExistence>;

// --- all-document history --------------------------------------------------------------------

/**
 * Kinds of the all-document history. Notes documents are not built yet: their module adds
 * `'notes'` here and registers a source with the API's document history (decision 033).
 */
export const DOCUMENT_KINDS = ['submission', 'submission_file', 'other_file', 'receipt', 'invoice_receipt', 'notes'] as const;
export const DocumentKind = z.enum(DOCUMENT_KINDS);
export type DocumentKind = z.infer<typeof DocumentKind>;

export const DocumentsQuery = PageQuery.extend({ bookYear: BookYear.optional(), kind: DocumentKind.optional() });
export type DocumentsQuery = z.infer<typeof DocumentsQuery>;

/** One row of /dashboard/all-document-history. Newest first. */
export const DocumentEntry = z.object({
  kind: DocumentKind,
  /** the submission's id, or the file's */
  id: z.uuid(),
  bookYear: z.number().int(),
  /** when it was created, uploaded or last changed */
  at: z.string(),
  submissionId: z.uuid().nullable(),
  /** the submission's status (for every kind that belongs to one) */
  status: SubmissionStatus.nullable(),
  /** for files and receipts */
  file: FileMeta.nullable(),
  /** a checklist slot's name (submission files) */
  slotNameLo: z.string().nullable(),
  slotNameEn: z.string().nullable(),
  /** a file version that a newer one replaced */
  superseded: z.boolean(),
  /** the filing reference of the submission the entry belongs to (null before its first submit) */
  reference: z.string().nullable().optional(),
});
export type DocumentEntry = z.infer<typeof DocumentEntry>;
export const DocumentPage = Page(DocumentEntry);
export type DocumentPage = z.infer<typeof DocumentPage>;

// --- staff -----------------------------------------------------------------------------------

/** The queue shows what waits for staff by default; drafts are the company's and never listed. */
export const StaffQueueStatus = z.enum(['awaiting', 'all', 'submitted', 'in_review', 'returned', 'resubmitted', 'accepted']);
export const StaffQueueQuery = PageQuery.extend({
  bookYear: BookYear.optional(),
  status: StaffQueueStatus.default('awaiting'),
  provinceCode: z
    .string()
    .regex(/^\d{2}$/)
    .optional(),
  /** the company profile's size (a `sizes` item) */
  sizeId: z.uuid().optional(),
});
export type StaffQueueQuery = z.infer<typeof StaffQueueQuery>;

export const StaffQueueCompany = z.object({
  id: z.uuid(),
  nameLo: z.string(),
  nameEn: z.string(),
  tin: z.string(),
  provinceCode: z.string(),
  sizeId: z.uuid(),
});
/** Oldest (last) submission first. */
export const StaffQueueItem = SubmissionSummary.extend({
  company: StaffQueueCompany,
  declaredSize: DeclaredSize.nullable(),
  /** the verdict only: a queue row shows the size, the submission's page why (basis, missing cells) */
  derivedSize: SmeSizeVerdict.nullable(),
  sizeDiffers: z.boolean(),
});
export type StaffQueueItem = z.infer<typeof StaffQueueItem>;
export const StaffQueuePage = Page(StaffQueueItem);
export type StaffQueuePage = z.infer<typeof StaffQueuePage>;

/** GET /staff/submissions/:id: everything the reviewer needs on one screen. */
export const StaffSubmissionDetail = SubmissionDetail.extend({
  company: Company,
  /** the whole timeline, newest first */
  events: z.array(SubmissionEvent),
});
export type StaffSubmissionDetail = z.infer<typeof StaffSubmissionDetail>;

/**
 * POST /staff/submissions/:id/size: where the thresholds cannot decide, the reviewer sets the filing's size
 * with a reason (audited); 409 SIZE_DETERMINED when the rule decides it. Answers StaffSubmissionDetail.
 */
export const SetFilingSizeRequest = z.object({
  version: z.number().int().min(1),
  size: SmeSize,
  reason: z.string().trim().min(1).max(500),
});
export type SetFilingSizeRequest = z.infer<typeof SetFilingSizeRequest>;

const commentText = z.string().trim().min(1).max(4000);

export const StartReviewRequest = z.object({ version: SubmissionVersion });
/** A comment checks `version` (the reviewer has seen the latest) but does not change it. */
export const StaffCommentRequest = z.object({ version: SubmissionVersion, body: commentText, fileId: z.uuid().optional() });
export const ReturnSubmissionRequest = z.object({
  version: SubmissionVersion,
  /** the overall reasons (mailed to the company) */
  reasons: commentText,
  /** comments on single files, recorded with the return */
  fileComments: z
    .array(z.object({ fileId: z.uuid(), body: commentText }))
    .max(100)
    .default([]),
  /**
   * the comments saved during this review that the return repeats in its mail and notification; absent:
   * all of them (decision 191). An id that is not such a comment is a field error.
   */
  keptCommentIds: z.array(z.uuid()).max(200).optional(),
});
export const AcceptSubmissionRequest = z.object({ version: SubmissionVersion, comment: z.string().trim().max(4000).optional() });

// Receipt verification (public GET /qr/:comId/:code) lives in contracts/qr.ts.
