import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** Statements longer than this (bulk inserts of many rows) are prepared every time and not kept. */
const MAX_CACHED_SQL = 8_192;
/** DDL: never kept, and it empties the cache (all the app's SQL, migrations included, comes through here). */
const SCHEMA_CHANGE = /^\s*(create|alter|drop)\s/i;

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
      if (!statement.reader && SCHEMA_CHANGE.test(sql)) {
        // A migration changes what a kept `select *` answers: start over (the direct reader's row
        // builders, keyed by Statement, go with their Statements).
        cache.clear();
        return statement as unknown as SqliteStatement;
      }
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

/**
 * A synchronous read on the app's SQLite connection, for `preparedQuery` (docs/decisions/110): the compiled
 * SQL runs on its cached Statement at once, and the rows get the same camel-case keys CamelCasePlugin gives
 * them, without Kysely's per-query promise chain (connection mutex, executor, async result plugins) — about
 * a quarter of a small list's time on this machine.
 *
 * Only when nothing else can be half-way on the connection: no transaction is open on it
 * (`database.inTransaction`; Kysely holds its connection across awaits only inside one, and a read
 * there would see another request's uncommitted rows), and the statement only reads. Otherwise, and on
 * any Kysely instance that was not registered (a transaction, a logging one, another dialect), the caller
 * goes through Kysely as before.
 */
export interface DirectReader {
  /** the rows, or undefined when this query must go through Kysely */
  read(sqlText: string, parameters: readonly unknown[]): Record<string, unknown>[] | undefined;
}

const readers = new WeakMap<object, DirectReader>();

export function registerDirectReader(
  kysely: object,
  database: SQLite.Database,
  statements: StatementCache,
  columnName: (name: string) => string,
): void {
  // Column names are the schema's and the queries' aliases: a few hundred at most.
  const names = new Map<string, string>();
  const mapped = (name: string) => {
    let out = names.get(name);
    if (out === undefined) names.set(name, (out = columnName(name)));
    return out;
  };
  // Each Statement's rows as objects with those keys, built by a function compiled once per Statement
  // (it goes when the cache evicts the Statement).
  const builders = new WeakMap<SQLite.Statement, RowBuilder | null>();
  readers.set(kysely, {
    read(sqlText, parameters) {
      if (database.inTransaction) return undefined;
      const statement = statements.prepare(sqlText) as unknown as SQLite.Statement;
      if (!statement.reader) return undefined;
      let build = builders.get(statement);
      if (build === undefined) builders.set(statement, (build = rowBuilder(statement.columns().map((c) => mapped(c.name)))));
      if (!build) return (statement.all(parameters) as Record<string, unknown>[]).map((row) => renamed(row, mapped));
      // Arrays, turned into objects by `build` (decision 113). The Statement is shared with Kysely's path,
      // which expects objects: raw mode is switched on only for this synchronous call.
      statement.raw(true);
      try {
        return (statement.all(parameters) as unknown[][]).map(build);
      } finally {
        statement.raw(false);
      }
    },
  });
}

type RowBuilder = (values: unknown[]) => Record<string, unknown>;

/**
 * A function that makes one row's values (in column order) an object with these keys: an object literal
 * compiled once, so V8 gives every row the same shape at once (decision 113). better-sqlite3's own row
 * objects get their properties one at a time, and the keys then had to be renamed: for the staff queue's
 * 21 rows × 22 columns, 226 µs + 45 µs against 112 µs. Later columns of the same name win, as in
 * better-sqlite3's objects. The keys are the SQL's column names and aliases (never user input), written
 * as JSON string literals; a `__proto__` column would set the prototype in a literal, so it is not built.
 */
function rowBuilder(keys: string[]): RowBuilder | null {
  if (keys.includes('__proto__')) return null;
  const literal = keys.map((key, i) => `${JSON.stringify(key)}: values[${i}]`).join(', ');
  return new Function('values', `return { ${literal} };`) as RowBuilder;
}

function renamed(row: Record<string, unknown>, mapped: (name: string) => string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key in row) out[mapped(key)] = row[key];
  return out;
}

/** The direct reader of this Kysely instance, if it has one. */
export const directReader = (kysely: object): DirectReader | undefined => readers.get(kysely);
