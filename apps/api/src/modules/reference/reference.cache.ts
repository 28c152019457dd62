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
 * is the same for every company, so nothing here can show one company another's rows.
 */
export function stampedCache<T>(load: (db: Executor) => Promise<T>): (db: Executor) => Promise<T> {
  let held: { version: number; value: Promise<T> } | null = null;
  return async (db) => {
    if (db.isTransaction) return load(db);
    const version = await readReferenceStamp(db);
    if (held && held.version === version) return held.value;
    const value = load(db);
    const entry = { version, value };
    held = entry;
    value.catch(() => {
      if (held === entry) held = null;
    });
    return value;
  };
}
