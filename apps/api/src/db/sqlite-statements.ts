import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** Statements longer than this (bulk inserts of many rows) are prepared every time and not kept. */
const MAX_CACHED_SQL = 8_192;

export interface StatementCache extends SqliteDatabase {
  /** how often a statement came from the cache, how often it had to be prepared, how many are kept */
  stats(): { hits: number; misses: number; size: number; capacity: number };
}

/**
 * The better-sqlite3 database as Kysely's SqliteDialect sees it, with a small LRU of prepared
 * statements keyed by their SQL (docs/decisions/103). Kysely's SqliteConnection calls
 * `db.prepare(sql)` for every query and keeps nothing; preparing is ~12 % of a list request.
 *
 * Reusing a Statement is safe here: Kysely runs one query at a time on its single connection (a
 * mutex), `all`/`run` finish before returning, and a stream holds the connection until it ends, so
 * a cached Statement is never busy when it is handed out again. SQLite re-prepares a statement by
 * itself when the schema changes under it (migrations), and the parameters are bound on every call.
 */
export function statementCache(database: SQLite.Database, capacity = 256): StatementCache {
  // A Map iterates in insertion order: re-inserting on use keeps the least recently used first.
  const cache = new Map<string, SQLite.Statement>();
  let hits = 0;
  let misses = 0;
  return {
    prepare(sql: string): SqliteStatement {
      const cached = cache.get(sql);
      if (cached) {
        hits += 1;
        cache.delete(sql);
        cache.set(sql, cached);
        return cached as unknown as SqliteStatement;
      }
      misses += 1;
      const statement = database.prepare(sql);
      if (sql.length <= MAX_CACHED_SQL) {
        cache.set(sql, statement);
        if (cache.size > capacity) cache.delete(cache.keys().next().value!);
      }
      return statement as unknown as SqliteStatement;
    },
    close() {
      cache.clear();
      database.close();
    },
    stats: () => ({ hits, misses, size: cache.size, capacity }),
  };
}
