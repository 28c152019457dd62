import type { Executor } from '../../lib/deps';
import { readReferenceStamp } from './reference.repository';

/**
 * Something derived from reference data (reference items, SME thresholds), kept in this process
 * while the database's reference stamp stays the same (docs/decisions/105).
 *
 * Every call reads the stamp (one row by primary key) and reloads when it moved, so an edit made
 * through any API process is seen by the very next request on every process; the stamp is raised
 * by triggers on the stamped tables. The stamp is read before the data: a value loaded while an
 * edit lands is at least as new as its stamp, and the next call reloads. Inside a transaction the
 * value is loaded, not cached (the transaction may see its own uncommitted edits). Reference data
 * is the same for every company, so nothing here can show one company another's rows. The value is kept per
 * database handle: a process that opens two databases (the tests do) never gets one database's items for the
 * other's when their stamps happen to be equal.
 */
export function stampedCache<T>(load: (db: Executor) => Promise<T>): (db: Executor) => Promise<T> {
  const held = new WeakMap<Executor, { version: number; value: Promise<T> }>();
  return async (db) => {
    if (db.isTransaction) return load(db);
    const version = await readReferenceStamp(db);
    const kept = held.get(db);
    if (kept && kept.version === version) return kept.value;
    const value = load(db);
    const entry = { version, value };
    held.set(db, entry);
    value.catch(() => {
      if (held.get(db) === entry) held.delete(db);
    });
    return value;
  };
}
