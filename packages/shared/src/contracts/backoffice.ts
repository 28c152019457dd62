import { z } from 'zod';
import { Page, PageQuery } from './common';
import { Company, Member } from './companies';
import { FileKind } from './files';
import { ReferenceList } from './reference';
import { BookYear, SmeSector, SubmissionStatus } from './submissions';

/**
 * The back office (DESIGN §8.5, issue 16): overview, companies, reference-data editing and reports.
 * Staff only; the reference edits are for staff admins.
 */

// --- overview -------------------------------------------------------------------------------------

/** Which list a tile of the overview opens; the web app maps each to its screen. */
export const OverviewArea = z.enum(['submissions', 'companies', 'jobs', 'notes', 'bookings', 'invoices']);
export type OverviewArea = z.infer<typeof OverviewArea>;

export const OverviewTile = z.object({
  /** stable key, also the translation key under `backoffice.overview.tiles.` (e.g. `submissions.submitted`) */
  key: z.string(),
  area: OverviewArea,
  count: z.number().int().nonnegative(),
  /** the oldest waiting item's time (ISO-8601), for lists that wait */
  oldestAt: z.string().nullable(),
  /** whole days the oldest item has waited */
  oldestAgeDays: z.number().int().nullable(),
  /** the query of the filtered list the number opens */
  filter: z.record(z.string(), z.string()),
});
export type OverviewTile = z.infer<typeof OverviewTile>;

export const StaffOverview = z.object({
  bookYear: z.number().int(),
  asOf: z.string(),
  /** one group per provider (submissions, companies, jobs …), tiles in order: oldest waiting first */
  groups: z.array(z.object({ area: OverviewArea, tiles: z.array(OverviewTile) })),
});
export type StaffOverview = z.infer<typeof StaffOverview>;

// --- companies ------------------------------------------------------------------------------------

export const StaffCompaniesQuery = PageQuery.extend({
  /** Lao or English name fragment (found inside unspaced Lao), TIN or registration number */
  q: z.string().trim().max(100).optional(),
  provinceCode: z
    .string()
    .regex(/^\d{2}$/)
    .optional(),
  sizeId: z.uuid().optional(),
  categoryId: z.uuid().optional(),
  /** only companies without a submission (or with a draft only) for this book year */
  withoutSubmission: BookYear.optional(),
});
export type StaffCompaniesQuery = z.infer<typeof StaffCompaniesQuery>;

export const StaffCompanySummary = z.object({
  id: z.uuid(),
  nameLo: z.string(),
  nameEn: z.string(),
  tin: z.string(),
  registrationNo: z.string(),
  provinceCode: z.string(),
  sizeId: z.string(),
  categoryId: z.string(),
  createdAt: z.string(),
});
export type StaffCompanySummary = z.infer<typeof StaffCompanySummary>;
export const StaffCompanyPage = Page(StaffCompanySummary);

export const StaffCompanySubmission = z.object({
  id: z.uuid(),
  bookYear: z.number().int(),
  status: SubmissionStatus,
  createdAt: z.string(),
  submittedAt: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  updatedAt: z.string(),
});

export const StaffAuditEntry = z.object({
  id: z.string(),
  occurredAt: z.string(),
  action: z.string(),
  actorRole: z.string(),
  actorName: z.string().nullable(),
  subjectKind: z.string(),
  subjectId: z.string(),
});
export type StaffAuditEntry = z.infer<typeof StaffAuditEntry>;

/** A company's booking of the hand-in, as its company screen lists it (newest slot first). */
export const StaffCompanyBooking = z.object({
  id: z.uuid(),
  status: z.enum(['booked', 'received', 'cancelled']),
  slotStart: z.string(),
  documentCount: z.number().int(),
  receivedAt: z.string().nullable(),
  receivedCount: z.number().int().nullable(),
});

/** A company's invoice, as its company screen lists it (newest first). */
export const StaffCompanyInvoice = z.object({
  id: z.uuid(),
  number: z.string(),
  status: z.enum(['open', 'paid', 'void']),
  total: z.number().int(),
  dueDate: z.string(),
  paidAt: z.string().nullable(),
});

/** A company's notes document of a book year, as its company screen lists it. */
export const StaffCompanyNotes = z.object({
  id: z.uuid(),
  bookYear: z.number().int(),
  status: SubmissionStatus,
  updatedAt: z.string(),
});

export const StaffCompanyDetail = z.object({
  company: Company.extend({ createdAt: z.string() }),
  members: z.array(Member.extend({ language: z.string(), disabled: z.boolean() })),
  submissions: z.array(StaffCompanySubmission),
  notes: z.array(StaffCompanyNotes),
  /** the last 50 bookings and invoices */
  bookings: z.array(StaffCompanyBooking),
  invoices: z.array(StaffCompanyInvoice),
  /** newest first, the last 50 entries about the company */
  audit: z.array(StaffAuditEntry),
});
export type StaffCompanyDetail = z.infer<typeof StaffCompanyDetail>;

// --- reference data -------------------------------------------------------------------------------

export const StaffReferenceItem = z.object({
  id: z.uuid(),
  list: ReferenceList,
  code: z.string(),
  nameLo: z.string(),
  nameEn: z.string(),
  parentId: z.uuid().nullable(),
  sortOrder: z.number().int(),
  active: z.boolean(),
  /** how many records name it (companies, submissions, files, departments): such a row is retired, never deleted */
  inUse: z.number().int().nonnegative(),
  /** document types: `required`, `kinds`; categories: `sector` */
  extra: z.record(z.string(), z.unknown()).nullable(),
});
export type StaffReferenceItem = z.infer<typeof StaffReferenceItem>;

const name = z.string().trim().min(1).max(200);

/** The attributes a row may carry besides its names; which ones a list takes is checked by the server. */
export const ReferenceItemFields = z.object({
  nameLo: name,
  nameEn: name,
  sortOrder: z.number().int().min(0).max(10_000).optional(),
  /** departments: the category they belong to */
  parentId: z.uuid().nullable().optional(),
  /** document types: on the checklist as required (else optional) */
  required: z.boolean().optional(),
  /** document types: the file kinds a slot takes */
  kinds: z.array(FileKind).min(1).optional(),
  /** categories: the SME decree's sector the category falls in */
  sector: SmeSector.optional(),
});
export const CreateReferenceItemRequest = ReferenceItemFields.extend({
  code: z
    .string()
    .trim()
    .min(2)
    .max(40)
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'lower-case letters, digits and hyphens'),
});
export type CreateReferenceItemRequest = z.infer<typeof CreateReferenceItemRequest>;
export const UpdateReferenceItemRequest = ReferenceItemFields.partial();
export type UpdateReferenceItemRequest = z.infer<typeof UpdateReferenceItemRequest>;
export const ReferenceItemParams = z.object({ list: ReferenceList, id: z.uuid() });
export const ReferenceListParams = z.object({ list: ReferenceList });

// --- reports --------------------------------------------------------------------------------------

export const SubmissionReportQuery = z.object({ bookYear: BookYear });

/** A company's state for the book year: its submission's status, or `none` (no submission at all). */
export const ReportState = z.enum(['none', ...SubmissionStatus.options]);
export type ReportState = z.infer<typeof ReportState>;

export const SubmissionReport = z.object({
  bookYear: z.number().int(),
  companies: z.number().int(),
  /** counts by state × size × province (only the combinations that occur) */
  cells: z.array(z.object({ state: ReportState, sizeId: z.string(), provinceCode: z.string(), count: z.number().int() })),
});
export type SubmissionReport = z.infer<typeof SubmissionReport>;
