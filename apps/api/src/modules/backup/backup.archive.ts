import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { once } from 'node:events';
import tar from 'tar-stream';
import type { Config } from '../../config';
import type { Db } from '../../db/index';
import type { FileStore } from '../../lib/file-store';
import { APP_VERSION } from '../../version';
import { withSnapshot, type Row } from './backup.snapshot';

export const ARCHIVE_FORMAT = 'bansi-backup/1';
export const MANIFEST = 'manifest.json';
const ARCHIVE_NAME = /^bansi-backup-\d{8}T\d{9}Z\.tar\.gz$/;

/** One stored file named by a row of the snapshot. */
export interface ManifestFile {
  key: string;
  size: number;
  sha256: string;
}

/** The first entry of every archive: what it holds and what it was made by. */
export interface Manifest {
  format: typeof ARCHIVE_FORMAT;
  productVersion: string;
  /** the last migration applied to the database backed up */
  schemaVersion: string;
  /** the database it came from (restore does not need the same one) */
  dialect: Db['dialect'];
  createdAt: string;
  /** rows per table */
  tables: Record<string, number>;
  files: ManifestFile[];
}

export const tableEntry = (table: string) => `tables/${table}.ndjson`;

/**
 * A row as one NDJSON line. Bytes (a blob / bytea column: the library's first pages, decision 287) are written as
 * `{"$base64": "…"}` — JSON.stringify would spell a Buffer as an array of numbers, which no insert takes back.
 */
export const rowLine = (row: Row) =>
  JSON.stringify(
    Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v instanceof Uint8Array ? { $base64: Buffer.from(v).toString('base64') } : v])),
  );

/** A row read back from its line: the `{"$base64": "…"}` values are bytes again. */
export function rowOfLine(line: string): Record<string, unknown> {
  const row = JSON.parse(line) as Record<string, unknown>;
  for (const [k, v] of Object.entries(row)) {
    if (v && typeof v === 'object' && typeof (v as { $base64?: unknown }).$base64 === 'string')
      row[k] = Buffer.from((v as { $base64: string }).$base64, 'base64');
  }
  return row;
}
export const fileEntry = (key: string) => `files/${key}`;

export interface BackupResult {
  path: string;
  size: number;
  manifest: Manifest;
}

/** Where archives go: BACKUP_DIR, or `<DATA_DIR>/backups`. */
export const backupDir = (config: Config) => resolve(config.BACKUP_DIR ?? join(config.DATA_DIR, 'backups'));

/**
 * Writes one archive of the whole instance (decisions 180, 181): a gzip'd tar of `manifest.json`, then
 * each table as NDJSON (`tables/<name>.ndjson`), then each stored file a row of the snapshot names
 * (`files/<key>`). Rows and bytes are streamed; each table passes through a temporary file beside the
 * archive first, since a tar header states its entry's size. A file whose bytes no longer match the
 * SHA-256 its row recorded stops the backup (the store is damaged: an archive would hide it).
 */
export async function writeBackup(deps: { db: Db; store: FileStore }, dir: string, now = new Date()): Promise<BackupResult> {
  await mkdir(dir, { recursive: true });
  const stamp = now.toISOString().replace(/[-:.]/g, '');
  const name = `bansi-backup-${stamp}.tar.gz`;
  const path = join(dir, name);
  const part = join(dir, `.${name}.part`);
  const work = await mkdtemp(join(dir, '.work-'));
  try {
    const manifest = await withSnapshot(deps.db, work, async (snapshot) => {
      const tables: Record<string, number> = {};
      const files = new Map<string, ManifestFile>();
      for (const table of snapshot.tables) {
        const out = createWriteStream(join(work, `${table}.ndjson`));
        let count = 0;
        for await (const row of snapshot.rows(table)) {
          count += 1;
          const file = storedFileOf(row);
          if (file) files.set(file.key, file);
          if (!out.write(`${rowLine(row)}\n`)) await once(out, 'drain');
        }
        out.end();
        await once(out, 'finish');
        tables[table] = count;
      }
      const manifest: Manifest = {
        format: ARCHIVE_FORMAT,
        productVersion: APP_VERSION,
        schemaVersion: snapshot.schemaVersion,
        dialect: deps.db.dialect,
        createdAt: now.toISOString(),
        tables,
        files: [...files.values()].sort((a, b) => a.key.localeCompare(b.key)),
      };
      // The files are read while the snapshot is still held (PostgreSQL: the transaction is open).
      await writeArchive(part, manifest, work, deps.store);
      return manifest;
    });
    await rename(part, path);
    return { path, size: (await stat(path)).size, manifest };
  } finally {
    await rm(work, { recursive: true, force: true });
    await rm(part, { force: true });
  }
}

/** A row that names a stored file (files, library_files, content_image_variants): its key, size and hash. */
function storedFileOf(row: Row): ManifestFile | null {
  const key = row.storage_key;
  if (typeof key !== 'string') return null;
  return { key, size: Number(row.size), sha256: String(row.sha256) };
}

async function writeArchive(path: string, manifest: Manifest, work: string, store: FileStore): Promise<void> {
  const pack = tar.pack();
  const written = pipeline(pack, createGzip(), createWriteStream(path));
  // A failed write (disk full) rejects `written`; the entries below then fail too.
  written.catch(() => undefined);
  const add = async (name: string, size: number, source: Readable, through?: Transform) => {
    const entry = pack.entry({ name, size, mtime: new Date(manifest.createdAt) });
    await (through ? pipeline(source, through, entry) : pipeline(source, entry));
  };
  try {
    const json = Buffer.from(JSON.stringify(manifest, null, 1));
    pack.entry({ name: MANIFEST, size: json.length, mtime: new Date(manifest.createdAt) }, json);
    for (const table of Object.keys(manifest.tables)) {
      const file = join(work, `${table}.ndjson`);
      await add(tableEntry(table), (await stat(file)).size, createReadStream(file));
    }
    for (const file of manifest.files) {
      const stored = await store.stat(file.key);
      if (!stored || stored.size !== file.size)
        throw new Error(`stored file ${file.key} is ${stored ? `${stored.size} bytes, not ${file.size}` : 'missing'}`);
      const hash = createHash('sha256');
      const hashing = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          done(null, chunk);
        },
      });
      await add(fileEntry(file.key), file.size, await store.openRead(file.key), hashing);
      if (hash.digest('hex') !== file.sha256) throw new Error(`stored file ${file.key} does not match its SHA-256`);
    }
    pack.finalize();
  } catch (err) {
    pack.destroy(err as Error);
    throw err;
  }
  await written;
}

/** Keeps the newest `keep` archives of `dir` (names sort by time) and removes the older ones; answers the removed names. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const names = (await readdir(dir)).filter((n) => ARCHIVE_NAME.test(n)).sort();
  const old = names.slice(0, Math.max(0, names.length - keep));
  for (const name of old) await rm(join(dir, name), { force: true });
  return old;
}
