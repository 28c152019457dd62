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
  type SubmissionEvent,
  type SubmissionSummary,
} from '@bansi/shared';
import type { SubmissionEventsTable, SubmissionsTable } from './submissions.tables';

const num = (v: number | string | null) => (v === null ? null : Number(v));

function parseSignatories(json: string | null) {
  if (!json) return null;
  const parsed = SubmissionSignatories.safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : null;
}

export function presentSummary(row: SubmissionsTable, fileCount: number, receiptAvailable: boolean): SubmissionSummary {
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

export function presentEvent(row: SubmissionEventsTable): SubmissionEvent {
  return {
    id: row.id,
    at: row.at,
    actor: { kind: row.actorKind, name: row.actorName },
    action: row.action,
    fromStatus: row.fromStatus,
    toStatus: row.toStatus,
    comment: row.comment,
    fileId: row.fileId,
    slot: row.slot,
    fileName: row.fileName,
  };
}

export function presentComment(row: SubmissionEventsTable): SubmissionComment {
  return {
    id: row.id,
    at: row.at,
    author: { kind: row.actorKind, name: row.actorName },
    returned: row.action === 'returned' || Number(row.partOfReturn) === 1,
    fileId: row.fileId,
    slot: row.slot,
    body: row.comment ?? '',
  };
}
