import type { FileKind } from '@bansi/shared';
import type { Deps, Executor } from '../../lib/deps';
import type { Principal } from '../../plugins/access';
import type { FilesTable } from './files.tables';

/** Where an upload may go, as its owner decides. */
export interface UploadTarget {
  /** the company the file belongs to (a company user may only name their own) */
  companyId: string;
  /** kinds this slot accepts; intersected with UPLOAD_ALLOWED_KINDS */
  allowedKinds?: readonly FileKind[];
  /** a lower size limit for this slot than UPLOAD_MAX_BYTES */
  maxBytes?: number;
}

export interface UploadRequest {
  ownerId: string;
  slot: string;
  /** the file this upload replaces, already checked to belong to the same owner and slot */
  replaces: FilesTable | null;
}

/**
 * A kind of thing files belong to (e.g. 'submission'), registered by the module that owns it.
 * The files module stores bytes and rows; the owner says who may attach what, and records the
 * change in its own history inside the same transaction as the file row.
 */
export interface FileOwner {
  /**
   * May `principal` put a file into this slot now? Throw AppError 404 when the owner is not theirs,
   * 409 (e.g. SUBMISSION_LOCKED) when it cannot change now, 400 for an unknown slot. Called when the
   * upload is created and again when it finishes (the owner may have changed in between).
   */
  authorizeUpload(deps: Deps, principal: Principal, request: UploadRequest): Promise<UploadTarget>;
  /** Called inside the transaction that writes the row (e.g. a timeline event). */
  onStored?(db: Executor, file: FilesTable, replaced: FilesTable | null, principal: Principal): Promise<void>;
}

// Kept on a global symbol rather than in module scope so that a process can register an owner
// before the bundled server loads (the crash test preloads a test owner with `node --import`).
const REGISTRY = Symbol.for('bansi.fileOwners');
const owners: Map<string, FileOwner> =
  ((globalThis as Record<symbol, unknown>)[REGISTRY] as Map<string, FileOwner>) ??
  ((globalThis as Record<symbol, unknown>)[REGISTRY] = new Map<string, FileOwner>());

/** Registers an owner kind; the module that owns the kind calls this once when it is loaded. */
export function registerFileOwner(kind: string, owner: FileOwner): void {
  owners.set(kind, owner);
}

export function fileOwner(kind: string): FileOwner | undefined {
  return owners.get(kind);
}

/**
 * Tables that name stored files by their storage key. Every kind of kept file registers here
 * (the `files` table, library files, cover-image variants, …) so that clean-up removes a stored
 * key only when no table names it.
 */
export type KeptKeys = (db: Executor, keys: string[]) => Promise<Set<string>>;

const KEY_REGISTRY = Symbol.for('bansi.storedKeyOwners');
const keyOwners: Map<string, KeptKeys> =
  ((globalThis as Record<symbol, unknown>)[KEY_REGISTRY] as Map<string, KeptKeys>) ??
  ((globalThis as Record<symbol, unknown>)[KEY_REGISTRY] = new Map<string, KeptKeys>());

/** Registers a table of stored keys; its module calls this once when it is loaded. */
export function registerStoredKeys(kind: string, kept: KeptKeys): void {
  keyOwners.set(kind, kept);
}

/** Which of these keys some table names. */
export async function keptKeys(db: Executor, keys: string[]): Promise<Set<string>> {
  const kept = new Set<string>();
  if (keys.length === 0) return kept;
  for (const owner of keyOwners.values()) for (const key of await owner(db, keys)) kept.add(key);
  return kept;
}
