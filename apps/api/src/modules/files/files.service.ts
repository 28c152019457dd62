import { Readable } from 'node:stream';
import { OTHER_SLOT, type FileKind } from '@bansi/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { newId, nowIso } from '../../lib/crypto';
import type { Deps, Executor } from '../../lib/deps';
import { AppError, conflict, notFound } from '../../lib/errors';
import { storageKeyFor, type ByteRange, type FileCheck, type StagedBytes, type StagedFile } from '../../lib/file-store';
import { sendFile } from '../../lib/send-file';
import type { Principal } from '../../plugins/access';
import type { Actor } from '../../lib/actor';
import { auditTrail } from '../../lib/audit-trail';
import { fileOwner, keptKeys, registerStoredKeys } from './files.owners';
import { canReadFile } from './files.policy';
import { existingStorageKeys, findCurrentInSlot, findFileById, insertFile, supersedeFile } from './files.repository';
import type { FilesTable } from './files.tables';

/** The files module needs nothing beyond the app's deps (the store is `deps.store`). */
export type FilesDeps = Deps;

// The `files` table names stored keys (start-up clean-up keeps what some table names).
registerStoredKeys('files', existingStorageKeys);

/** A file about to be kept: who it belongs to and who sent it. */
export interface NewFile {
  id: string;
  companyId: string;
  ownerKind: string;
  ownerId: string;
  slot: string;
  originalName: string;
  createdBy: string;
  /** the file it explicitly replaces; otherwise a slot's current file is replaced ('other' never is) */
  replacesId: string | null;
}

/**
 * Keeps a checked file: its row and its bytes as ONE unit (DESIGN §6). Inside one database
 * transaction the row is inserted (and the replaced version marked), then the staged bytes are
 * fsynced, renamed into place and the directory fsynced; only then does the transaction commit.
 * - failure before the rename: the transaction rolls back, no row; the staged file is the caller's;
 * - failure after the rename (the commit fails): the renamed file is deleted again;
 * - a crash after the rename but before the commit: a file without a row, which start-up clean-up
 *   removes (`cleanUpStore`); a crash after the commit leaves both.
 * So every row has its file, and no file outlives start-up without its row.
 */
export async function keepStagedFile(
  deps: FilesDeps,
  staged: StagedFile,
  file: NewFile,
  principal: Principal,
  actor: Actor = { userId: principal.userId, role: principal.role, companyId: principal.companyId, requestId: null, address: null },
): Promise<FilesTable> {
  const owner = fileOwner(file.ownerKind);
  const now = nowIso();
  const key = storageKeyFor(file.id);
  let renamed = false;
  try {
    return await deps.db.transaction().execute(async (trx) => {
      let replaced: FilesTable | null = null;
      if (file.replacesId) {
        replaced = (await findFileById(trx, file.replacesId)) ?? null;
        if (!replaced || !sameSlot(replaced, file) || replaced.supersededById) throw conflict();
      } else if (file.slot !== OTHER_SLOT) {
        replaced = (await findCurrentInSlot(trx, file.ownerKind, file.ownerId, file.slot)) ?? null;
      }
      const row: FilesTable = {
        id: file.id,
        companyId: file.companyId,
        ownerKind: file.ownerKind,
        ownerId: file.ownerId,
        slot: file.slot,
        originalName: file.originalName,
        kind: staged.kind,
        mediaType: staged.mediaType,
        size: staged.size,
        sha256: staged.sha256,
        storageKey: key,
        createdAt: now,
        createdBy: file.createdBy,
        replacesId: replaced?.id ?? null,
        supersededById: null,
        supersededAt: null,
      };
      await insertFile(trx, row);
      // Two uploads racing for one slot: the loser sees the version already replaced and rolls back.
      if (replaced && !(await supersedeFile(trx, replaced.id, row.id, now))) throw conflict();
      await owner?.onStored?.(trx, row, replaced, principal);
      await auditTrail.use()(
        trx,
        actor,
        replaced ? 'file.replace' : 'file.upload',
        { kind: 'file', id: row.id },
        {
          companyId: row.companyId,
          details: { ownerKind: row.ownerKind, ownerId: row.ownerId, slot: row.slot, replacesId: replaced?.id ?? null, size: row.size },
        },
      );
      // From here the bytes may be at `key` even if commit throws (e.g. the directory fsync failed).
      renamed = true;
      await deps.store.commit(staged, key);
      return row;
    });
  } catch (err) {
    if (renamed) await deps.store.delete(key).catch(() => undefined);
    throw err;
  }
}

const sameSlot = (a: FilesTable, b: NewFile) =>
  a.ownerKind === b.ownerKind && a.ownerId === b.ownerId && a.slot === b.slot && a.companyId === b.companyId;

/**
 * Writes rows and moves staged bytes into the store as ONE unit: inside one transaction `write`
 * runs, then every staged file is committed under its key; only then does the transaction commit.
 * A failure removes whatever was already committed; a crash in between leaves stored keys that no
 * table names, which clean-up removes (`cleanUpStore`).
 */
export async function keepInTransaction<T>(
  deps: Pick<Deps, 'db' | 'store'>,
  files: { staged: StagedBytes; key: string }[],
  write: (trx: Executor) => Promise<T>,
): Promise<T> {
  const committed: string[] = [];
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const result = await write(trx);
      for (const { staged, key } of files) {
        committed.push(key);
        await deps.store.commit(staged, key);
      }
      return result;
    });
  } catch (err) {
    await Promise.all(committed.map((key) => deps.store.delete(key).catch(() => undefined)));
    throw err;
  } finally {
    await Promise.all(files.map(({ staged }) => deps.store.discard(staged).catch(() => undefined)));
  }
}

/** A file the server generated (receipt, notes PDF, cover sheet, invoice receipt …). */
export interface GeneratedFile {
  companyId: string;
  ownerKind: string;
  ownerId: string;
  slot: string;
  originalName: string;
  createdBy: string;
  kind: FileKind;
}

/**
 * Keeps bytes generated inside the caller's transaction `trx`: they are checked to be what `kind`
 * says (magic bytes), the `files` row is inserted in `trx`, and the bytes are committed to the store
 * before this returns, so the caller's commit makes row and bytes visible together. Should the
 * caller's transaction roll back afterwards, the stored bytes have no row: the hourly sweep
 * (`cleanUpStore` with a grace period) removes them.
 */
export async function storeGenerated(deps: Deps, trx: Executor, bytes: Buffer, file: GeneratedFile): Promise<FilesTable> {
  const staged = await deps.store.put(Readable.from([bytes]), { maxBytes: bytes.length, allowedKinds: [file.kind], name: file.originalName });
  const id = newId();
  const key = storageKeyFor(id);
  const row: FilesTable = {
    id,
    companyId: file.companyId,
    ownerKind: file.ownerKind,
    ownerId: file.ownerId,
    slot: file.slot,
    originalName: file.originalName,
    kind: staged.kind,
    mediaType: staged.mediaType,
    size: staged.size,
    sha256: staged.sha256,
    storageKey: key,
    createdAt: nowIso(),
    createdBy: file.createdBy,
    replacesId: null,
    supersededById: null,
    supersededAt: null,
  };
  let committed = false;
  try {
    await insertFile(trx, row);
    committed = true;
    await deps.store.commit(staged, key);
    return row;
  } catch (err) {
    if (committed) await deps.store.delete(key).catch(() => undefined);
    throw err;
  } finally {
    await deps.store.discard(staged).catch(() => undefined);
  }
}

/** What a download needs to know of a stored file, whichever table names it. */
export interface StoredFileRef {
  storageKey: string;
  size: number;
  sha256: string;
  mediaType: string;
  originalName: string;
  /** when it was stored (Last-Modified) */
  createdAt?: string;
}

/**
 * The one way a stored file is sent (submission files, receipts, library documents, cover images):
 * Range (206/416), a strong ETag from the SHA-256 (304 on If-None-Match, If-Range), and
 * Content-Disposition — `attachment` for anything but PDFs and images, which may be shown inline.
 */
export async function replyWithStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: Deps,
  row: StoredFileRef,
  options: { disposition?: 'inline' | 'attachment'; cacheControl?: string } = {},
) {
  return sendFile(request, reply, {
    size: Number(row.size),
    sha256: row.sha256,
    fileName: row.originalName,
    mediaType: row.mediaType,
    modifiedAt: row.createdAt ?? new Date(0).toISOString(),
    attachment: options.disposition === 'attachment',
    cacheControl: options.cacheControl,
    open: (range) => openStored(deps, row, range),
  });
}

async function openStored(deps: Deps, row: StoredFileRef, range?: ByteRange): Promise<Readable> {
  try {
    return await deps.store.openRead(row.storageKey, range);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      throw Object.assign(new Error(`a row names ${row.storageKey} but the store has no bytes there`), { statusCode: 500 });
    }
    throw err;
  }
}

/**
 * Receives a whole file from a stream (for modules that get files otherwise than by tus):
 * put → check → keep, removing the temporary file whatever fails.
 */
export async function storeStream(deps: FilesDeps, source: Readable, file: NewFile, check: FileCheck, principal: Principal): Promise<FilesTable> {
  const staged = await deps.store.put(source, { ...check, name: check.name ?? file.originalName });
  try {
    return await keepStagedFile(deps, staged, file, principal);
  } finally {
    await deps.store.discard(staged);
  }
}

/** A file the caller may read; anything else (absent, another company's) is 404. */
export async function getReadableFile(deps: Deps, principal: Principal, id: string): Promise<FilesTable> {
  const row = await findFileById(deps.db, id);
  if (!row || !canReadFile(principal, row)) throw notFound();
  return row;
}

/** Opens a row's bytes; a row whose file is gone is a server fault, never a silent empty answer. */
export const openFileContent = (deps: Deps, row: FilesTable, range?: ByteRange): Promise<Readable> => openStored(deps, row, range);

/**
 * Clean-up of the store: temporary files, and stored files that no table names (a crash between
 * the move into the store and the commit, or a caller's transaction rolled back after
 * `storeGenerated`). At start-up of a local store nothing is in flight (one process), so every
 * orphan goes; otherwise (S3 shared by several processes, or the hourly sweep) only orphans older
 * than `graceMs` do, so a file whose transaction is still open is never taken.
 */
export async function cleanUpStore(
  deps: Deps,
  { graceMs = 0, now = Date.now() }: { graceMs?: number; now?: number } = {},
): Promise<{ temp: number; orphans: number }> {
  const temp = await deps.store.cleanTemp();
  let orphans = 0;
  let batch: string[] = [];
  const flush = async () => {
    const kept = await keptKeys(deps.db, batch);
    for (const key of batch) {
      if (kept.has(key)) continue;
      if (graceMs > 0) {
        const stat = await deps.store.stat(key);
        if (!stat || stat.modifiedAt.getTime() + graceMs > now) continue;
      }
      await deps.store.delete(key);
      orphans += 1;
    }
    batch = [];
  };
  for await (const key of deps.store.keys()) {
    batch.push(key);
    if (batch.length >= 500) await flush();
  }
  await flush();
  return { temp, orphans };
}

export const isClientError = (err: unknown): err is AppError => err instanceof AppError && err.status < 500;
