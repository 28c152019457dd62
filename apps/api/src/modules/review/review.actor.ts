import { isStaffRole, type SubmissionActor } from '@bansi/shared';
import type { Executor } from '../../lib/deps';
import { notFound } from '../../lib/errors';
import type { Principal } from '../../plugins/access';
import { accountsPort } from '../../lib/accounts';

/** Company or staff, as the review table and the timeline see the caller. */
export const reviewActorKind = (principal: Principal): SubmissionActor => (isStaffRole(principal.role) ? 'staff' : 'company');

/** The user's name as the timeline records it (as it is now: the timeline keeps it). */
export async function reviewActorName(db: Executor, principal: Principal): Promise<string> {
  return (await accountsPort.use().findUserById(db, principal.userId))?.name ?? '';
}

/** A user's name as a timeline shows it (an event another module records as its own row, e.g. a slip's upload). */
export async function reviewUserName(db: Executor, userId: string): Promise<string> {
  return (await accountsPort.use().findUserById(db, userId))?.name ?? '';
}

/**
 * Staff read every reviewed item; a company user only their own company's. Anything else is "not found"
 * (a foreign id must not reveal that it exists).
 */
export function assertMayReadReviewed<Row extends { companyId: string }>(principal: Principal, row: Row | undefined): asserts row is Row {
  if (!row) throw notFound();
  if (isStaffRole(principal.role)) return;
  if (principal.companyId === null || principal.companyId !== row.companyId) throw notFound();
}
