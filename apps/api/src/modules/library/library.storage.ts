import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, type ReadStream } from 'node:fs';
import { copyFile, mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../../lib/errors';

/** A file that has arrived in a temporary place, measured and hashed, not yet part of the store. */
export interface ReceivedFile {
  tempPath: string;
  size: number;
  sha256: string;
  /** the first bytes, for checking what the file really is */
  head: Buffer;
}

/**
 * Where library PDFs live. Written as a small interface so it can give way to the shared FileStore
 * (apps/api/src/lib/file-store.ts, DESIGN §6) without touching the service: receive → commit under a
 * key; read by key with an optional byte range.
 */
export interface LibraryFileStore {
  receive(source: Readable, maxBytes: number): Promise<ReceivedFile>;
  commit(file: ReceivedFile, key: string): Promise<void>;
  discard(file: ReceivedFile): Promise<void>;
  /** copies a file from the local disk into the store (the bundled sample) */
  importFile(path: string, key: string): Promise<{ size: number; sha256: string }>;
  stat(key: string): Promise<{ size: number } | null>;
  read(key: string, range?: { start: number; end: number }): ReadStream;
  remove(key: string): Promise<void>;
}

const HEAD_BYTES = 1024;

/** The local-disk store under DATA_DIR: temp files in `tmp/`, then fsync + rename into place. */
export function localLibraryStore(dataDir: string): LibraryFileStore {
  const root = resolve(dataDir);
  const tmpDir = join(root, 'tmp');
  const pathOf = (key: string) => {
    const path = resolve(root, key);
    if (!path.startsWith(root + sep)) throw new Error(`storage key escapes the store: ${key}`);
    return path;
  };

  async function syncDir(dir: string) {
    // Makes the rename durable; not every platform lets a directory be opened for this.
    try {
      const fh = await open(dir, 'r');
      await fh.sync().finally(() => fh.close());
    } catch {
      /* best effort */
    }
  }

  return {
    async receive(source, maxBytes) {
      await mkdir(tmpDir, { recursive: true });
      const tempPath = join(tmpDir, `${randomUUID()}.part`);
      const hash = createHash('sha256');
      let size = 0;
      const headChunks: Buffer[] = [];
      let headLength = 0;
      const meter = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          if (size > maxBytes) return done(new AppError(413, 'PAYLOAD_TOO_LARGE'));
          if (headLength < HEAD_BYTES) {
            headChunks.push(chunk.subarray(0, HEAD_BYTES - headLength));
            headLength += Math.min(chunk.length, HEAD_BYTES - headLength);
          }
          hash.update(chunk);
          done(null, chunk);
        },
      });
      try {
        await pipeline(source, meter, createWriteStream(tempPath, { flags: 'wx' }));
        // fsync applies to the file, whichever descriptor asks: the bytes are on disk before commit.
        const fh = await open(tempPath, 'r+');
        await fh.sync().finally(() => fh.close());
      } catch (err) {
        await rm(tempPath, { force: true });
        throw err;
      }
      return { tempPath, size, sha256: hash.digest('hex'), head: Buffer.concat(headChunks) };
    },

    async commit(file, key) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      await rename(file.tempPath, target);
      await syncDir(dirname(target));
    },

    async discard(file) {
      await rm(file.tempPath, { force: true });
    },

    async importFile(path, key) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      const hash = createHash('sha256');
      for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
      await copyFile(path, target);
      return { size: (await stat(target)).size, sha256: hash.digest('hex') };
    },

    async stat(key) {
      try {
        return { size: (await stat(pathOf(key))).size };
      } catch {
        return null;
      }
    },

    read(key, range) {
      return createReadStream(pathOf(key), range ? { start: range.start, end: range.end } : {});
    },

    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

/** `%PDF-` within the first 1024 bytes, as PDF readers accept it. */
export function looksLikePdf(head: Buffer): boolean {
  return head.subarray(0, HEAD_BYTES).includes('%PDF-');
}
