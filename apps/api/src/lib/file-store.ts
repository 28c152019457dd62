import { createHash, randomUUID } from 'node:crypto';
import { copyFile, mkdir, open, readdir, rename, rm, stat, writeFile, type FileHandle } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { FILE_KIND_MEDIA_TYPES, kindClaimedByName, type FileKind } from '@bansi/shared';
import { AppError } from './errors';
import { ContentSniffer } from './file-sniff';

/** What a file must be to be kept. */
export interface FileCheck {
  maxBytes: number;
  allowedKinds: readonly FileKind[];
  /** the name the user gave: its extension must not claim another kind than the content */
  name?: string;
}

/** Bytes at a temporary place, not yet visible to anyone (commit or discard them). */
export interface StagedBytes {
  tempPath: string;
  size: number;
  sha256: string;
  mediaType: string;
}

/**
 * What was learnt from a file's bytes while they were being written (a resumable upload hashed
 * PATCH by PATCH): `inspect` trusts it only when it covers exactly the file's size.
 */
export interface SeenBytes {
  size: number;
  sha256: string;
  /** fed every byte, in order, with the same allowed kinds as the check */
  sniffer: ContentSniffer;
}

/** A staged file whose kind was checked by its content. */
export interface StagedFile extends StagedBytes {
  kind: FileKind;
}

export interface StoredStat {
  size: number;
  modifiedAt: Date;
}

/** An inclusive byte range, as in HTTP `Range: bytes=start-end`. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where file bytes live (DESIGN §6): local disk by default, an S3-compatible store for deployments
 * that outgrow one machine. The database row that names a file is written by the caller in the
 * same unit as `commit` (see modules/files/files.service.ts), so that a failure leaves neither a
 * row without a file nor a file without a row; `keys()` lets start-up clean-up find the latter.
 */
export interface FileStore {
  /**
   * Streams `source` to a temporary file while computing its SHA-256 and size and checking its
   * kind; stops reading and removes the temporary file at once on 413 (too large) or 415 (not an
   * allowed kind). The temporary file is flushed to disk (fsync) before this resolves.
   */
  put(source: Readable, check: FileCheck): Promise<StagedFile>;
  /**
   * Checks a complete local file the same way (e.g. a finished resumable upload) without copying
   * it; `commit` then moves it in. On 413/415 the file is left to its owner to remove.
   */
  inspect(path: string, check: FileCheck, seen?: SeenBytes): Promise<StagedFile>;
  /**
   * Stages bytes the server made itself (re-encoded images): no kind check, the caller names the
   * media type. Flushed to disk like `put`.
   */
  stageBytes(bytes: Uint8Array, mediaType: string): Promise<StagedBytes>;
  /** Makes staged bytes durable under `key` (local: rename, then fsync of the directory; S3: one PUT). */
  commit(staged: StagedBytes, key: string): Promise<void>;
  discard(staged: StagedBytes): Promise<void>;
  delete(key: string): Promise<void>;
  /** Reads a stored file, whole or one inclusive byte range; rejects with code ENOENT when absent. */
  openRead(key: string, range?: ByteRange): Promise<Readable>;
  stat(key: string): Promise<StoredStat | null>;
  /** Every stored key (for start-up clean-up). */
  keys(): AsyncIterable<string>;
  /** Removes every temporary file (start-up: nothing is in flight yet); answers how many. */
  cleanTemp(): Promise<number>;
}

/** Keys are `<2 hex>/<uuid>`: the id's first two characters spread files over 256 directories. */
export const storageKeyFor = (id: string) => `${id.slice(0, 2).toLowerCase()}/${id.toLowerCase()}`;
export const STORAGE_KEY = /^[0-9a-f]{2}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const tooLarge = (maxBytes: number) => new AppError(413, 'PAYLOAD_TOO_LARGE', undefined, { max: maxBytes });
export const unsupportedKind = () => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE');

/**
 * Receiving files: every store first streams a file into a local temporary folder while its
 * SHA-256, size and kind are computed (the kind needs the whole file: zip directories, CSV text),
 * then `commit` moves it to where kept files live (a rename on local disk, an upload to S3).
 */
export abstract class StagingFileStore implements FileStore {
  /**
   * @param tempDir where files being received are written
   * @param tempGraceMs `cleanTemp` spares temporary files younger than this (0: all go — one process
   *   per folder; S3 deployments may run several processes on one machine sharing the OS temp folder)
   */
  constructor(
    readonly tempDir: string,
    private readonly tempGraceMs = 0,
  ) {}

  abstract commit(staged: StagedBytes, key: string): Promise<void>;
  abstract delete(key: string): Promise<void>;
  abstract openRead(key: string, range?: ByteRange): Promise<Readable>;
  abstract stat(key: string): Promise<StoredStat | null>;
  abstract keys(): AsyncIterable<string>;

  async put(source: Readable, check: FileCheck): Promise<StagedFile> {
    await mkdir(this.tempDir, { recursive: true });
    const tempPath = join(this.tempDir, `${randomUUID()}.part`);
    const file = await open(tempPath, 'wx+');
    const hash = createHash('sha256');
    const sniffer = new ContentSniffer(check.allowedKinds);
    let size = 0;
    try {
      // Iterating pulls one chunk at a time (the source is paused while we write), and leaving the
      // loop by an exception destroys the source: nothing more is read after a refusal.
      for await (const chunk of source as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > check.maxBytes) throw tooLarge(check.maxBytes);
        sniffer.update(chunk);
        if (!sniffer.possible()) throw unsupportedKind();
        hash.update(chunk);
        await writeAll(file, chunk);
      }
      const kind = await decideKind(sniffer, file, check);
      await file.sync();
      await file.close();
      return { tempPath, size, sha256: hash.digest('hex'), kind, mediaType: FILE_KIND_MEDIA_TYPES[kind] };
    } catch (err) {
      source.destroy();
      await file.close().catch(() => undefined);
      await rm(tempPath, { force: true });
      throw err;
    }
  }

  async inspect(path: string, check: FileCheck, seen?: SeenBytes): Promise<StagedFile> {
    const file = await open(path, 'r');
    try {
      const { size } = await file.stat();
      if (size > check.maxBytes) throw tooLarge(check.maxBytes);
      if (seen && seen.size === size) {
        // Every byte went through `seen` on its way to this file: no second read (decision 104).
        if (!seen.sniffer.possible()) throw unsupportedKind();
        const kind = await decideKind(seen.sniffer, file, check);
        await file.sync();
        return { tempPath: path, size, sha256: seen.sha256, kind, mediaType: FILE_KIND_MEDIA_TYPES[kind] };
      }
      const hash = createHash('sha256');
      const sniffer = new ContentSniffer(check.allowedKinds);
      const stream = file.createReadStream({ highWaterMark: 1024 * 1024, autoClose: false, start: 0 });
      let read = 0;
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        read += chunk.length;
        if (read > check.maxBytes) throw tooLarge(check.maxBytes);
        sniffer.update(chunk);
        if (!sniffer.possible()) throw unsupportedKind();
        hash.update(chunk);
      }
      const kind = await decideKind(sniffer, file, check);
      // Data written by another writer (the upload server) reaches the disk before the rename.
      await file.sync();
      return { tempPath: path, size: read, sha256: hash.digest('hex'), kind, mediaType: FILE_KIND_MEDIA_TYPES[kind] };
    } finally {
      await file.close();
    }
  }

  async stageBytes(bytes: Uint8Array, mediaType: string): Promise<StagedBytes> {
    await mkdir(this.tempDir, { recursive: true });
    const tempPath = join(this.tempDir, `${randomUUID()}.part`);
    try {
      await writeFile(tempPath, bytes, { flag: 'wx', flush: true });
    } catch (err) {
      await rm(tempPath, { force: true });
      throw err;
    }
    return { tempPath, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex'), mediaType };
  }

  async discard(staged: StagedBytes): Promise<void> {
    await rm(staged.tempPath, { force: true });
  }

  async cleanTemp(now = Date.now()): Promise<number> {
    let removed = 0;
    for (const name of await readdirIfAny(this.tempDir)) {
      const path = join(this.tempDir, name);
      if (this.tempGraceMs > 0) {
        const s = await stat(path).catch(() => null);
        if (!s || s.mtimeMs + this.tempGraceMs > now) continue;
      }
      await rm(path, { force: true, recursive: true });
      removed += 1;
    }
    return removed;
  }
}

/** A file store on local disk: `<root>/tmp` for files being received, `<root>/store/<key>` for kept ones. */
export class LocalFileStore extends StagingFileStore {
  readonly storeDir: string;

  constructor(readonly root: string) {
    super(join(root, 'tmp'));
    this.storeDir = join(root, 'store');
  }

  pathOf(key: string): string {
    if (!STORAGE_KEY.test(key)) throw new Error(`not a storage key: ${key}`);
    return join(this.storeDir, key);
  }

  async commit(staged: StagedBytes, key: string): Promise<void> {
    const dest = this.pathOf(key);
    const dir = dirname(dest);
    await mkdir(dir, { recursive: true });
    try {
      await rename(staged.tempPath, dest);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
      // Another file system (DATA_DIR split over mounts): copy next to the target, flush, rename.
      const temp = join(dir, `.${randomUUID()}.part`);
      try {
        await copyFile(staged.tempPath, temp);
        await fsyncPath(temp);
        await rename(temp, dest);
      } catch (copyErr) {
        await rm(temp, { force: true });
        throw copyErr;
      }
      await rm(staged.tempPath, { force: true });
    }
    await fsyncPath(dir);
    await fsyncPath(this.storeDir);
  }

  async delete(key: string): Promise<void> {
    const path = this.pathOf(key);
    await rm(path, { force: true });
    await fsyncPath(dirname(path)).catch(() => undefined);
  }

  async openRead(key: string, range?: ByteRange): Promise<Readable> {
    const file = await open(this.pathOf(key), 'r');
    return file.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async stat(key: string): Promise<StoredStat | null> {
    try {
      const s = await stat(this.pathOf(key));
      return { size: s.size, modifiedAt: s.mtime };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async *keys(): AsyncIterable<string> {
    for (const shard of await readdirIfAny(this.storeDir)) {
      if (!/^[0-9a-f]{2}$/.test(shard)) continue;
      for (const name of await readdirIfAny(join(this.storeDir, shard))) {
        const key = `${shard}/${name}`;
        if (STORAGE_KEY.test(key)) yield key;
        // a leftover `.x.part` of an interrupted cross-device copy
        else if (name.endsWith('.part')) await rm(join(this.storeDir, shard, name), { force: true });
      }
    }
  }
}

async function decideKind(sniffer: ContentSniffer, file: FileHandle, check: FileCheck): Promise<FileKind> {
  const kind = await sniffer.finish(file);
  if (!kind) throw unsupportedKind();
  // A name that claims another kind than the content is "a file that is not what it claims".
  const claimed = check.name ? kindClaimedByName(check.name) : null;
  if (claimed && claimed !== kind) throw unsupportedKind();
  // Text is CSV only under a .csv name: "report.html" holding a table is still not kept.
  if (kind === 'csv' && check.name !== undefined && claimed !== 'csv') throw unsupportedKind();
  return kind;
}

async function writeAll(file: FileHandle, chunk: Buffer): Promise<void> {
  let offset = 0;
  while (offset < chunk.length) {
    const { bytesWritten } = await file.write(chunk, offset, chunk.length - offset);
    offset += bytesWritten;
  }
}

async function readdirIfAny(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

/** fsync a file or a directory (a directory's fsync makes a rename in it durable). */
export async function fsyncPath(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Reads a whole stream into a SHA-256 hex digest (tests and verification). */
export async function sha256OfStream(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream as AsyncIterable<Buffer>) hash.update(chunk);
  return hash.digest('hex');
}
