import {
  allowedSubmissionActions,
  isEditableByCompany,
  SubmissionSignatories,
  type DeclaredSize,
  type SmeSector,
  type SmeSizeResult,
  type Submission,
  type SubmissionActor,
  type SubmissionComment,
  type SubmissionSummary,
} from '@bansi/shared';
import { answersIdOf, type ReviewEventRow } from '../review';
import type { SubmissionsTable } from './submissions.tables';

const num = (v: number | string | null) => (v === null ? null : Number(v));

function parseSignatories(json: string | null) {
  if (!json) return null;
  const parsed = SubmissionSignatories.safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : null;
}

/** The columns a list row shows (lists select only these). */
export const SUMMARY_COLUMNS = [
  'id',
  'companyId',
  'bookYear',
  'status',
  'version',
  'createdAt',
  'updatedAt',
  'submittedAt',
  'firstSubmittedAt',
  'acceptedAt',
  'reference',
] as const satisfies readonly (keyof SubmissionsTable)[];

export function presentSummary(
  row: Pick<SubmissionsTable, (typeof SUMMARY_COLUMNS)[number]>,
  fileCount: number,
  receiptAvailable: boolean,
): SubmissionSummary {
  return {
    id: row.id,
    companyId: row.companyId,
    bookYear: Number(row.bookYear),
    status: row.status,
    version: Number(row.version),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    submittedAt: row.submittedAt,
    firstSubmittedAt: row.firstSubmittedAt,
    acceptedAt: row.acceptedAt,
    receiptAvailable,
    fileCount,
    reference: row.reference,
  };
}

export interface SizeView {
  sector: SmeSector | null;
  declaredSize: DeclaredSize | null;
  derivedSize: SmeSizeResult | null;
  sizeDiffers: boolean;
}

export function presentSubmission(row: SubmissionsTable, size: SizeView, actor: SubmissionActor, receiptAvailable: boolean): Submission {
  const { fileCount: _ignored, ...summary } = presentSummary(row, 0, receiptAvailable);
  return {
    ...summary,
    departmentId: row.departmentId,
    sector: size.sector,
    averageLabour: num(row.averageLabour),
    totalAssets: num(row.totalAssets),
    annualIncome: num(row.annualIncome),
    specialCategoryId: row.specialCategoryId,
    signatories: parseSignatories(row.signatories),
    declaredSize: size.declaredSize,
    derivedSize: size.derivedSize,
    sizeDiffers: size.sizeDiffers,
    editable: isEditableByCompany(row.status),
    allowedActions: allowedSubmissionActions(row.status, actor),
  };
}

/** A comment as the filing shows it: any review event with a comment (modules/review), about a file or the whole filing. */
export function presentComment(
  row: Pick<ReviewEventRow, 'id' | 'at' | 'actorKind' | 'actorName' | 'action' | 'partOfReturn' | 'fileId' | 'slot' | 'comment' | 'details'>,
): SubmissionComment {
  return {
    id: row.id,
    at: row.at,
    author: { kind: row.actorKind, name: row.actorName },
    returned: row.action === 'returned' || Number(row.partOfReturn) === 1,
    fileId: row.fileId,
    slot: row.slot,
    body: row.comment ?? '',
    answersId: row.action === 'answered' ? answersIdOf(row.details) : null,
  };
}
