import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** the PostgreSQL schema named by `?schema=`, if any */
  schema?: string;
  destroy(): Promise<void>;
}

// int8 (COUNT(*), BIGINT amounts in LAK) comes back from pg as a string by default;
// LAK amounts and counts stay far below 2^53, so numbers are safe and match SQLite.
pg.types.setTypeParser(20, (v) => Number(v));

/**
 * Opens the database named by `url`: `sqlite:<path>` (the embedded default; `sqlite::memory:`
 * for a throw-away one) or `postgres://…` (an optional `?schema=` puts every table in that schema,
 * which the test suite uses to give each test file a database of its own).
 */
export function openDb(url: string): Db {
  const plugins = [new CamelCasePlugin()];
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length);
    if (file !== ':memory:') mkdirSync(dirname(resolve(file)), { recursive: true });
    const database = new SQLite(file);
    database.pragma('journal_mode = WAL');
    database.pragma('foreign_keys = ON');
    database.pragma('busy_timeout = 5000');
    database.pragma('synchronous = NORMAL');
    const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database }), plugins });
    return { kysely, dialect: 'sqlite', destroy: () => kysely.destroy() };
  }
  const parsed = new URL(url);
  const schema = parsed.searchParams.get('schema');
  parsed.searchParams.delete('schema');
  const pool = new pg.Pool({
    connectionString: parsed.toString(),
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
  return { kysely, dialect: 'postgres', ...(schema ? { schema } : {}), destroy: () => kysely.destroy() };
}

export async function pingDb(db: Db): Promise<void> {
  await sql`select 1`.execute(db.kysely);
}
