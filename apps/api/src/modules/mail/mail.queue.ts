import type { Executor } from '../../lib/deps';
import { definePort } from '../../lib/port';

/** Queues one job in the caller's transaction (the jobs module's `enqueueJob`). */
export type EnqueueJob = (
  trx: Executor,
  kind: string,
  payload: Record<string, unknown>,
  options?: { runAt?: string; uniqueKey?: string; maxAttempts?: number },
) => Promise<void>;

/**
 * The job queue a mail's `mail.send` job goes on (decision 200). Mail and jobs stand on the same floor and do not
 * import each other (decision 220): the composition (modules/providers.ts) gives mail the jobs module's `enqueueJob`.
 */
export const mailQueue = definePort<EnqueueJob>('the job queue of mail');

/** The state of the jobs of these unique keys (the jobs module's `jobStatesByKeys`): a mail's state is its job's. */
export const mailJobStates = definePort<(db: Executor, keys: readonly string[]) => Promise<Map<string, string>>>('the states of mail jobs');
