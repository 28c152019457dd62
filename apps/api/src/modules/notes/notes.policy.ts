import { isEditableByCompany, type NotesStatus, type SubmissionAction, type SubmissionActor } from '@bansi/shared';
import { AppError } from '../../lib/errors';
import type { Principal } from '../../plugins/access';
import { assertMayReadReviewed, reviewActorKind } from '../review';
import { reviewStep } from '../review';
import type { NotesTable } from './notes.tables';

// Notes follow the one review table (domain/review.ts) as the submission does (decision 090).

export const actorKindOf = reviewActorKind;

/** Staff read every notes document; a company user only their own company's; anything else is 404. */
export function assertCanReadNotes(principal: Principal, row: NotesTable | undefined): asserts row is NotesTable {
  assertMayReadReviewed(principal, row);
}

/** The company changes its notes only in a draft or after staff returned them. */
export function assertNotesEditable(row: NotesTable) {
  if (!isEditableByCompany(row.status)) throw new AppError(409, 'NOTES_LOCKED');
}

/** Where `action` by this actor leads from the row's status; 409 INVALID_TRANSITION when nowhere. */
export function notesTransition(row: NotesTable, action: SubmissionAction, actor: SubmissionActor): NotesStatus {
  return reviewStep('notes', row.status, action, actor);
}
