import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import type { Db } from '../../db/index';

export type Row = Record<string, unknown>;

/** The database as it was at one instant: its tables (snake_case names and columns) and their rows. */
export interface Snapshot {
  /** every table the application owns (not Kysely's migration bookkeeping, not SQLite's search index) */
  tables: string[];
  /** the last migration applied: the archive's schema version */
  schemaVersion: string;
  rows(table: string): AsyncIterable<Row>;
}

const PAGE = 1_000;

/**
 * Tables whose rows the schema itself writes: a migration inserts them and triggers update them (the
 * reference data's version stamp, decision 105). A restore replaces them last, so the archived rows win
 * over what the triggers wrote while the other tables were filled; an empty database may hold them.
 */
export const SCHEMA_OWNED_TABLES = ['reference_stamps'];

/** The order tables are archived and restored in: by name, the schema-owned ones last. */
export const archiveOrder = (tables: string[]) =>
  [...tables].sort((a, b) => Number(SCHEMA_OWNED_TABLES.includes(a)) - Number(SCHEMA_OWNED_TABLES.includes(b)) || a.localeCompare(b));
const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
const isBookkeeping = (name: string) => name.startsWith('kysely_');

/**
 * Runs `work` on a consistent snapshot (decision 180). SQLite: `VACUUM INTO` a file beside the archive
 * (one statement: every committed transaction is in it or not), read at leisure. PostgreSQL: one
 * REPEATABLE READ, READ ONLY transaction on one connection, rows fetched through a cursor page by page.
 */
export async function withSnapshot<T>(db: Db, workDir: string, work: (snapshot: Snapshot) => Promise<T>): Promise<T> {
  return db.dialect === 'sqlite' ? withSqliteSnapshot(db, workDir, work) : withPostgresSnapshot(db, work);
}

async function withSqliteSnapshot<T>(db: Db, workDir: string, work: (snapshot: Snapshot) => Promise<T>): Promise<T> {
  const file = join(workDir, 'snapshot.sqlite');
  await sql.raw(`vacuum into '${file.replace(/'/g, "''")}'`).execute(db.kysely);
  const copy = new SQLite(file, { readonly: true });
  try {
    const all = copy.prepare(`select name, sql from sqlite_master where type = 'table'`).all() as { name: string; sql: string | null }[];
    // An FTS5 table (the search index) is rebuilt from its source table on restore; its shadow tables go with it.
    const virtual = all.filter((t) => /^create virtual table/i.test(t.sql ?? '')).map((t) => t.name);
    const tables = archiveOrder(
      all.map((t) => t.name).filter((n) => !n.startsWith('sqlite_') && !isBookkeeping(n) && !virtual.some((v) => n === v || n.startsWith(`${v}_`))),
    );
    const last = copy.prepare(`select max(name) as name from kysely_migration`).get() as { name: string | null };
    return await work({
      tables,
      schemaVersion: last.name ?? '',
      async *rows(table) {
        // iterate() reads one row at a time; nothing else runs on this connection meanwhile.
        yield* copy.prepare(`select * from ${quote(table)}`).iterate() as IterableIterator<Row>;
      },
    });
  } finally {
    copy.close();
    await rm(file, { force: true });
  }
}

async function withPostgresSnapshot<T>(db: Db, work: (snapshot: Snapshot) => Promise<T>): Promise<T> {
  return db.kysely.connection().execute(async (connection) => {
    // Snake_case names and columns as stored: the archive is read back the same way on any database.
    const conn = connection.withoutPlugins() as unknown as Kysely<unknown>;
    const run = async <R>(text: string) => (await sql.raw<R>(text).execute(conn)).rows;
    await run('begin isolation level repeatable read read only');
    try {
      const tables = archiveOrder(
        (
          await run<{ name: string }>(
            `select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`,
          )
        )
          .map((t) => t.name)
          .filter((n) => !isBookkeeping(n)),
      );
      const [last] = await run<{ name: string | null }>(`select max(name) as name from kysely_migration`);
      const result = await work({
        tables,
        schemaVersion: last?.name ?? '',
        async *rows(table) {
          await run(`declare backup_rows no scroll cursor for select * from ${quote(table)}`);
          for (;;) {
            const page = await run<Row>(`fetch ${PAGE} from backup_rows`);
            yield* page;
            if (page.length < PAGE) break;
          }
          await run('close backup_rows');
        },
      });
      await run('commit');
      return result;
    } catch (err) {
      await run('rollback').catch(() => undefined);
      throw err;
    }
  });
}
