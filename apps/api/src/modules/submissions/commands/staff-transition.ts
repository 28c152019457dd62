import type { SubmissionAction } from '@bansi/shared';
import type { Deps } from '../../../lib/deps';
import type { Principal } from '../../../plugins/access';
import type { Actor } from '../../audit';
import { staffReviewTransition, type ReviewEffects, type ReviewStore } from '../../review';
import { actorName } from '../submissions.events';
import { getStaffSubmission, readable } from '../submissions.queries';
import { updateSubmissionIfCurrent } from '../submissions.repository';
import type { SubmissionsTable } from '../submissions.tables';

/** The submission as the one review workflow reads and writes it. */
const store: ReviewStore<SubmissionsTable> = { kind: 'submission', read: readable, updateIfCurrent: updateSubmissionIfCurrent, actorName };

export type TransitionEffects = ReviewEffects<SubmissionsTable>;

/** One staff step of the review (modules/review), answering the staff view of the submission. */
export async function staffTransition(
  deps: Deps,
  principal: Principal,
  actor: Actor,
  id: string,
  version: number,
  action: SubmissionAction,
  effects: TransitionEffects,
  at?: string,
) {
  await staffReviewTransition(deps, store, principal, actor, id, version, action, effects, at);
  return getStaffSubmission(deps, principal, id);
}
