import {
  GROUPED_TIMELINE_ACTIONS,
  groupTimeline,
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
import { answersIdOf, type ReviewEventRow } from '../review';
import type { SubmissionEventsTable, SubmissionsTable } from './submissions.tables';

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

/** One timeline entry: an event, or one upload action of several files (domain/timeline-groups.ts), newest first. */
export function presentEventGroup(group: readonly SubmissionEventsTable[]): SubmissionEvent {
  const [first] = group;
  if (!first) throw new Error('an empty timeline group');
  const concernsFiles = group.some((e) => e.fileId !== null) && GROUPED_TIMELINE_ACTIONS.includes(first.action);
  return {
    ...presentEvent(first),
    files: concernsFiles ? group.map((e) => ({ fileId: e.fileId, slot: e.slot, fileName: e.fileName })) : [],
  };
}

/** The timeline rows (newest first) as entries: one upload action is one entry. */
export const presentTimeline = (rows: readonly SubmissionEventsTable[]) => groupTimeline(rows).map(presentEventGroup);

export function presentEvent(row: SubmissionEventsTable): Omit<SubmissionEvent, 'files'> {
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
