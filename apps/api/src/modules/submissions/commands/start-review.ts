import type { Deps } from '../../../lib/deps';
import type { Principal } from '../../../plugins/access';
import type { Actor } from '../../audit';
import { newEvent } from '../submissions.events';
import { insertEvents } from '../submissions.repository';
import { staffTransition } from './staff-transition';

/** start-review: submitted | resubmitted → in_review, with its event. */
export async function startReview(deps: Deps, principal: Principal, actor: Actor, id: string, version: number) {
  return staffTransition(deps, principal, actor, id, version, 'startReview', async (trx, row, to, now, name) => {
    await insertEvents(trx, [newEvent(principal, name, id, 'review_started', now, { fromStatus: row.status, toStatus: to })]);
  });
}
