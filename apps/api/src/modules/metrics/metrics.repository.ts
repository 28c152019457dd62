import { sql } from 'kysely';
import type { Executor } from '../../lib/deps';

/**
 * The job queue by kind: due pending jobs (waiting), running and failed ones, and the oldest due pending
 * job's `runAt` (a periodic job scheduled for later is not waiting yet).
 */
export function jobQueueByKind(db: Executor, now: string) {
  return db
    .selectFrom('jobs')
    .select((eb) => [
      'kind',
      sql<number>`sum(case when ${eb.ref('status')} = 'pending' and ${eb.ref('runAt')} <= ${now} then 1 else 0 end)`.as('waiting'),
      sql<number>`sum(case when ${eb.ref('status')} = 'running' then 1 else 0 end)`.as('running'),
      sql<number>`sum(case when ${eb.ref('status')} = 'failed' then 1 else 0 end)`.as('failed'),
      sql<string | null>`min(case when ${eb.ref('status')} = 'pending' and ${eb.ref('runAt')} <= ${now} then ${eb.ref('runAt')} end)`.as(
        'oldestWaitingAt',
      ),
    ])
    .where('status', 'in', ['pending', 'running', 'failed'])
    .groupBy('kind')
    .execute();
}
