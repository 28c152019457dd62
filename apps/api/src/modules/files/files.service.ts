import type { Readable } from 'node:stream';
import { OTHER_SLOT } from '@bansi/shared';
import { nowIso } from '../../lib/crypto';
import type { Deps } from '../../lib/deps';
import { AppError, conflict, notFound } from '../../lib/errors';
import { storageKeyFor, type ByteRange, type FileCheck, type FileStore, type StagedFile } from '../../lib/file-store';
import type { Principal } from '../../plugins/access';
import { fileOwner } from './files.owners';
import { canReadFile } from './files.policy';
import { existingStorageKeys, findCurrentInSlot, findFileById, insertFile, supersedeFile } from './files.repository';
import type { FilesTable } from './files.tables';

export interface FilesDeps extends Deps {
  store: FileStore;
}

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
export async function keepStagedFile(deps: FilesDeps, staged: StagedFile, file: NewFile, principal: Principal): Promise<FilesTable> {
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
export async function openFileContent(deps: FilesDeps, row: FilesTable, range?: ByteRange): Promise<Readable> {
  try {
    return await deps.store.openRead(row.storageKey, range);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      throw Object.assign(new Error(`file ${row.id} has a row but no bytes at ${row.storageKey}`), { statusCode: 500 });
    }
    throw err;
  }
}

/**
 * Start-up clean-up of the store: every temporary file goes (nothing is in flight before the
 * server listens), and so does every stored file without a row (a crash between rename and
 * commit). Runs before the server accepts requests; with local disk there is one API process.
 */
export async function cleanUpStore(deps: FilesDeps): Promise<{ temp: number; orphans: number }> {
  const temp = await deps.store.cleanTemp();
  let orphans = 0;
  let batch: string[] = [];
  const flush = async () => {
    const kept = await existingStorageKeys(deps.db, batch);
    for (const key of batch) {
      if (kept.has(key)) continue;
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
