import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { sql } from 'kysely';
import tar from 'tar-stream';
import type { Db } from '../../db/index';
import { migrateTo, migrateToLatest } from '../../db/migrate';
import { migrations } from '../../db/migrations/index';
import type { FileStore } from '../../lib/file-store';
import { audienceToken, optimizeSearchIndex } from '../content';
import { insertRawRows, type RawDb } from './backup.repository';
import { SCHEMA_OWNED_TABLES } from './backup.snapshot';
import { ARCHIVE_FORMAT, MANIFEST, fileEntry, rowOfLine, tableEntry, type Manifest } from './backup.archive';

export class RestoreError extends Error {
  override name = 'RestoreError';
}

export interface RestoreResult {
  manifest: Manifest;
  /** rows restored per table */
  tables: Record<string, number>;
  files: number;
  /** migrations run after the rows were in (the archive was older than the code) */
  migrated: string[];
}

type Raw = RawDb;
const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
const BATCH_PARAMS = 30_000;

/** Reads an archive entry by entry: `visit` must consume (or skip) each entry's stream. */
async function eachEntry(path: string, visit: (name: string, stream: Readable) => Promise<void>): Promise<void> {
  const extract = tar.extract();
  const reading = pipeline(createReadStream(path), createGunzip(), extract);
  reading.catch(() => undefined);
  for await (const entry of extract) {
    await visit(entry.header.name, Readable.from(entry as AsyncIterable<Buffer>, { objectMode: false }));
    entry.resume();
  }
  await reading;
}

async function readManifest(path: string): Promise<Manifest> {
  let manifest: Manifest | undefined;
  const extract = tar.extract();
  const reading = pipeline(createReadStream(path), createGunzip(), extract).catch(() => undefined);
  for await (const entry of extract) {
    if (entry.header.name === MANIFEST) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry as AsyncIterable<Buffer>) chunks.push(chunk);
      manifest = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Manifest;
    }
    // The manifest is the first entry: the rest is not read here.
    break;
  }
  extract.destroy();
  await reading;
  if (manifest?.format !== ARCHIVE_FORMAT) throw new RestoreError(`${path} is not a Bansi backup archive (no ${MANIFEST} first)`);
  return manifest;
}

/** The tables of the target database (snake_case), without Kysely's bookkeeping and SQLite's search index. */
async function targetTables(db: Db): Promise<string[]> {
  const raw = db.kysely.withoutPlugins();
  if (db.dialect === 'sqlite') {
    const { rows } = await sql<{
      name: string;
    }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'search_index%'`.execute(raw);
    return rows.map((r) => r.name).filter((n) => !n.startsWith('kysely_'));
  }
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(raw);
  return rows.map((r) => r.name).filter((n) => !n.startsWith('kysely_'));
}

/** Tables of the target that hold rows (an empty database has none but the schema's own). */
async function nonEmptyTables(db: Db): Promise<string[]> {
  const found: string[] = [];
  for (const table of await targetTables(db)) {
    if (SCHEMA_OWNED_TABLES.includes(table)) continue;
    const { rows } = await sql.raw<{ one: number }>(`select 1 as one from ${quote(table)} limit 1`).execute(db.kysely.withoutPlugins());
    if (rows.length) found.push(table);
  }
  return found;
}

/** --force: every table goes (with Kysely's bookkeeping), so the archive's schema is built anew. */
async function dropEverything(db: Db): Promise<void> {
  const raw = db.kysely.withoutPlugins();
  if (db.dialect === 'sqlite') {
    await sql`pragma foreign_keys = off`.execute(raw);
    const { rows } = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(raw);
    for (const { name } of rows) await sql.raw(`drop table if exists ${quote(name)}`).execute(raw);
    await sql`pragma foreign_keys = on`.execute(raw);
    return;
  }
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(raw);
  for (const { name } of rows) await sql.raw(`drop table if exists ${quote(name)} cascade`).execute(raw);
  // The migrations' own functions (triggers' bodies) go too; an extension's (pg_trgm) stay with it.
  const { rows: functions } = await sql<{ signature: string }>`
    select p.oid::regprocedure::text as signature from pg_proc p
    where p.pronamespace = current_schema()::regnamespace
      and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`.execute(raw);
  for (const { signature } of functions) await sql.raw(`drop function if exists ${signature} cascade`).execute(raw);
}

/**
 * Restores an archive into this database and file store (decision 182):
 * 1. reads the manifest; refuses an archive whose schema this code does not know (a newer one);
 * 2. refuses a database with rows or a store with files, unless `force` (then every table is dropped;
 *    files already in the store stay, the archive's are written over them);
 * 3. reads the whole archive once, checking every file's SHA-256 against the manifest: a changed or
 *    missing file is named and nothing is restored;
 * 4. builds the archive's schema (migrations up to its version), writes the files, then every row in
 *    one transaction (foreign keys checked at its end), then runs the newer migrations.
 */
export async function restoreBackup(deps: { db: Db; store: FileStore }, path: string, options: { force?: boolean } = {}): Promise<RestoreResult> {
  const { db, store } = deps;
  const manifest = await readManifest(path);
  const known = Object.keys(migrations);
  if (!known.includes(manifest.schemaVersion)) {
    const newer = manifest.schemaVersion > known.at(-1)!;
    throw new RestoreError(
      newer
        ? `the archive's schema (${manifest.schemaVersion}) is newer than this version of Bansi knows (${known.at(-1)}): restore it with a newer version`
        : `the archive's schema (${manifest.schemaVersion}) is not one this version of Bansi knows`,
    );
  }
  if (!options.force) {
    const tables = await nonEmptyTables(db);
    if (tables.length) throw new RestoreError(`the database is not empty (rows in ${tables.slice(0, 5).join(', ')}); use --force to replace it`);
    for await (const key of store.keys()) throw new RestoreError(`the file store is not empty (${key}); use --force to restore over it`);
  }

  // Every byte is checked before anything is written.
  const expected = new Map(manifest.files.map((f) => [fileEntry(f.key), f]));
  const bad: string[] = [];
  await eachEntry(path, async (name, stream) => {
    const file = expected.get(name);
    if (!file) return;
    const hash = createHash('sha256');
    for await (const chunk of stream as AsyncIterable<Buffer>) hash.update(chunk);
    if (hash.digest('hex') !== file.sha256) bad.push(`${file.key} (changed)`);
    expected.delete(name);
  });
  for (const file of expected.values()) bad.push(`${file.key} (missing)`);
  if (bad.length) throw new RestoreError(`the archive is damaged, nothing was restored: ${bad.join(', ')} does not match the manifest`);

  if (options.force) await dropEverything(db);
  await migrateTo(db, manifest.schemaVersion);

  const raw = db.kysely.withoutPlugins() as unknown as Raw;
  const constraints = db.dialect === 'postgres' ? await deferForeignKeys(raw) : [];
  if (db.dialect === 'sqlite') await sql`pragma foreign_keys = off`.execute(raw);
  const counts: Record<string, number> = {};
  let files = 0;
  const byEntry = new Map(manifest.files.map((f) => [fileEntry(f.key), f]));
  const existing = await targetTables(db);
  const temp = await mkdtemp(join(tmpdir(), 'bansi-restore-'));
  try {
    await raw.transaction().execute(async (trx) => {
      if (db.dialect === 'postgres') await sql`set constraints all deferred`.execute(trx);
      // The schema's own rows (a fresh database's version stamp) give way to the archive's.
      for (const table of existing) if (manifest.tables[table] !== undefined) await sql.raw(`delete from ${quote(table)}`).execute(trx);
      await eachEntry(path, async (name, stream) => {
        if (name.startsWith('files/')) {
          const file = byEntry.get(name);
          if (!file) return;
          await storeFile(store, temp, file.key, stream);
          files += 1;
        } else if (name.startsWith('tables/')) {
          const table = name.slice('tables/'.length, -'.ndjson'.length);
          if (tableEntry(table) !== name) return;
          counts[table] = await insertRows(trx, db.dialect, table, stream);
        }
      });
      if (db.dialect === 'sqlite') {
        const { rows } = await sql<{ table: string }>`pragma foreign_key_check`.execute(trx);
        if (rows.length) throw new RestoreError(`rows of ${rows[0]!.table} name rows the archive does not hold`);
      }
    });
  } finally {
    await rm(temp, { recursive: true, force: true });
    if (db.dialect === 'sqlite') await sql`pragma foreign_keys = on`.execute(raw);
    await restoreForeignKeys(raw, constraints);
  }
  if (db.dialect === 'postgres') await resetSerials(raw);
  const migrated = await migrateToLatest(db);
  if (db.dialect === 'sqlite') await rebuildSearchIndex(raw);
  return { manifest, tables: counts, files, migrated };
}

/** Stores one file's bytes under its key, through a temporary file (a store commits staged bytes). */
async function storeFile(store: FileStore, temp: string, key: string, stream: Readable): Promise<void> {
  const tempPath = join(temp, randomUUID());
  const hash = createHash('sha256');
  let size = 0;
  const counting = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(stream, counting, createWriteStream(tempPath));
  await store.commit({ tempPath, size, sha256: hash.digest('hex'), mediaType: 'application/octet-stream' }, key);
}

/** Inserts a table's NDJSON rows in batches as large as the drivers' parameter limits allow. */
async function insertRows(trx: Raw, dialect: Db['dialect'], table: string, stream: Readable): Promise<number> {
  let batch: Record<string, unknown>[] = [];
  let count = 0;
  const flush = async () => {
    await insertRawRows(trx, table, batch);
    batch = [];
  };
  for await (const line of createInterface({ input: stream, crlfDelay: Infinity })) {
    if (!line) continue;
    const row = rowOfLine(line);
    // PostgreSQL booleans become SQLite's 0/1.
    if (dialect === 'sqlite') for (const [k, v] of Object.entries(row)) if (typeof v === 'boolean') row[k] = v ? 1 : 0;
    batch.push(row);
    count += 1;
    if ((batch.length + 1) * Object.keys(row).length > BATCH_PARAMS || batch.length >= 500) await flush();
  }
  await flush();
  return count;
}

/** PostgreSQL: rows arrive table by table in name order, so each foreign key waits for the transaction's end. */
async function deferForeignKeys(raw: Raw): Promise<{ table: string; name: string }[]> {
  const { rows } = await sql<{ table: string; name: string }>`
    select c.conrelid::regclass::text as table, c.conname as name from pg_constraint c
    where c.contype = 'f' and c.connamespace = current_schema()::regnamespace and not c.condeferrable`.execute(raw);
  for (const c of rows) await sql.raw(`alter table ${c.table} alter constraint ${quote(c.name)} deferrable initially immediate`).execute(raw);
  return rows;
}

async function restoreForeignKeys(raw: Raw, constraints: { table: string; name: string }[]): Promise<void> {
  for (const c of constraints) await sql.raw(`alter table ${c.table} alter constraint ${quote(c.name)} not deferrable`).execute(raw);
}

/** PostgreSQL: serial columns continue after the restored ids. */
async function resetSerials(raw: Raw): Promise<void> {
  const { rows } = await sql<{ table: string; column: string }>`
    select table_name as table, column_name as column from information_schema.columns
    where table_schema = current_schema() and column_default like 'nextval(%'`.execute(raw);
  for (const { table, column } of rows) {
    await sql
      .raw(
        `select setval(pg_get_serial_sequence('${quote(table)}', '${column}'), coalesce(max(${quote(column)}), 0) + 1, false) from ${quote(table)}`,
      )
      .execute(raw);
  }
}

/** SQLite: the search index (not in the archive) is filled again from the search documents. */
async function rebuildSearchIndex(raw: Raw): Promise<void> {
  const { rows: exists } = await sql`select 1 from sqlite_master where name = 'search_index'`.execute(raw);
  if (!exists.length) return;
  await sql`insert into search_index (search_index) values ('delete-all')`.execute(raw);
  for (let after = 0; ;) {
    const { rows } = await sql<{ id: number; match_all: string; audience_kind: string; audience_value: string | null }>`
      select id, match_all, audience_kind, audience_value from search_documents where id > ${after} order by id limit 400`.execute(raw);
    if (!rows.length) break;
    await insertRawRows(
      raw,
      'search_index',
      rows.map((r) => ({
        rowid: r.id,
        match_all: r.match_all,
        audience: audienceToken(r.audience_kind as Parameters<typeof audienceToken>[0], r.audience_value),
      })),
    );
    after = rows.at(-1)!.id;
  }
  await optimizeSearchIndex(raw as never);
}
