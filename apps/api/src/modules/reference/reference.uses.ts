import type { ReferenceList } from '@bansi/shared';
import type { Executor } from '../../lib/deps';

/** How many of a module's rows name each of these reference rows (by id); rows named by none may be left out. */
export type ReferenceUseCounter = (db: Executor, list: ReferenceList, rows: { id: string; code: string }[]) => Promise<{ id: string; n: number }[]>;

const counters: ReferenceUseCounter[] = [];

/**
 * Reference sits below the modules whose rows name its items (decision 196): it does not read their
 * tables; the composition (modules/providers.ts) hands it each owner's counter once, at load.
 */
export function provideReferenceUses(counter: ReferenceUseCounter): void {
  if (!counters.includes(counter)) counters.push(counter);
}

export const referenceUseCounters = (): readonly ReferenceUseCounter[] => counters;
