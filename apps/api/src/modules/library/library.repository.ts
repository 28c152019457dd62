import type { LibraryCategory } from '@bansi/shared';
import type { Executor } from '../../lib/deps';
import type { LibraryDocumentsTable, LibraryFilesTable, LibraryFirstPagesTable, LibraryVersionsTable } from './library.tables';
import { afterKeyset } from '../../db/keyset';

export interface ListFilter {
  category?: LibraryCategory;
  published?: boolean;
  /** the (createdAt, id) of the last row of the previous page */
  after?: { createdAt: string; id: string };
  limit: number;
}

/** Newest first; `limit + 1` rows so the caller knows whether there is a next page. */
export function listDocuments(db: Executor, filter: ListFilter) {
  let query = db.selectFrom('libraryDocuments').selectAll().where('currentVersionId', 'is not', null);
  if (filter.category) query = query.where('category', '=', filter.category);
  if (filter.published !== undefined) query = query.where('published', '=', filter.published ? 1 : 0);
  if (filter.after) query = query.where(afterKeyset(['createdAt', 'id'], 'desc', [filter.after.createdAt, filter.after.id]));
  return query
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(filter.limit + 1)
    .execute();
}

export const findDocument = (db: Executor, id: string) => db.selectFrom('libraryDocuments').selectAll().where('id', '=', id).executeTakeFirst();

export const findDocumentBySlug = (db: Executor, slug: string) =>
  db.selectFrom('libraryDocuments').selectAll().where('slug', '=', slug).executeTakeFirst();

export function listVersions(db: Executor, documentIds: string[]) {
  if (!documentIds.length) return Promise.resolve([] as LibraryVersionsTable[]);
  return db
    .selectFrom('libraryVersions')
    .selectAll()
    .where('documentId', 'in', documentIds)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export function listVersionsById(db: Executor, versionIds: string[]) {
  if (!versionIds.length) return Promise.resolve([] as LibraryVersionsTable[]);
  return db.selectFrom('libraryVersions').selectAll().where('id', 'in', versionIds).execute();
}

export function listFiles(db: Executor, versionIds: string[]) {
  if (!versionIds.length) return Promise.resolve([] as LibraryFilesTable[]);
  return db.selectFrom('libraryFiles').selectAll().where('versionId', 'in', versionIds).orderBy('language').execute();
}

export const findVersion = (db: Executor, documentId: string, versionId: string) =>
  db.selectFrom('libraryVersions').selectAll().where('documentId', '=', documentId).where('id', '=', versionId).executeTakeFirst();

export const findVersionByLabel = (db: Executor, documentId: string, version: string) =>
  db.selectFrom('libraryVersions').select('id').where('documentId', '=', documentId).where('version', '=', version).executeTakeFirst();

export const listFilesOfVersion = (db: Executor, versionId: string) =>
  db.selectFrom('libraryFiles').selectAll().where('versionId', '=', versionId).execute();

export async function insertDocument(db: Executor, row: LibraryDocumentsTable) {
  await db.insertInto('libraryDocuments').values(row).execute();
}

export async function insertVersion(db: Executor, row: LibraryVersionsTable, files: LibraryFilesTable[]) {
  await db.insertInto('libraryVersions').values(row).execute();
  if (files.length) await db.insertInto('libraryFiles').values(files).execute();
}

export async function updateDocument(db: Executor, id: string, patch: Partial<Omit<LibraryDocumentsTable, 'id'>>) {
  await db.updateTable('libraryDocuments').set(patch).where('id', '=', id).execute();
}

/** Which of these storage keys a library file names (clean-up of the FileStore keeps them). */
export async function existingLibraryKeys(db: Executor, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db.selectFrom('libraryFiles').select('storageKey').where('storageKey', 'in', keys).execute();
  return new Set(rows.map((r) => r.storageKey));
}

/** Library files still named by a key of the old library store (`library/…` under DATA_DIR). */
export const listLegacyLibraryFiles = (db: Executor) =>
  db.selectFrom('libraryFiles').select(['id', 'storageKey']).where('storageKey', 'like', 'library/%').execute();

export async function setLibraryStorageKey(db: Executor, id: string, storageKey: string) {
  await db.updateTable('libraryFiles').set({ storageKey }).where('id', '=', id).execute();
}

/** Documents by id, as the audit log names them. */
export const listDocumentTitles = (db: Executor, ids: readonly string[]) =>
  db.selectFrom('libraryDocuments').select(['id', 'titleLo', 'titleEn']).where('id', 'in', ids).execute();

// ---- first pages (decision 287) -----------------------------------------------------------------

export const findFile = (db: Executor, id: string) => db.selectFrom('libraryFiles').selectAll().where('id', '=', id).executeTakeFirst();

export const hasFirstPageRow = async (db: Executor, fileId: string) =>
  (await db.selectFrom('libraryFirstPages').select('fileId').where('fileId', '=', fileId).executeTakeFirst()) !== undefined;

/** A first page's row, once: a second worker's row for the same file is dropped. */
export async function insertFirstPage(db: Executor, row: LibraryFirstPagesTable) {
  await db
    .insertInto('libraryFirstPages')
    .values(row)
    .onConflict((oc) => oc.column('fileId').doNothing())
    .execute();
}

/** The picture of a file's first page, when there is one. */
export const findFirstPicture = (db: Executor, fileId: string) =>
  db
    .selectFrom('libraryFirstPages')
    .select(['webp', 'width', 'height'])
    .where('fileId', '=', fileId)
    .where('webp', 'is not', null)
    .executeTakeFirst();

/** Library files with no first-page row yet (neither a picture nor a recorded failure). */
export const listFilesWithoutFirstPage = (db: Executor) =>
  db
    .selectFrom('libraryFiles')
    .leftJoin('libraryFirstPages', 'libraryFirstPages.fileId', 'libraryFiles.id')
    .select('libraryFiles.id')
    .where('libraryFirstPages.fileId', 'is', null)
    .orderBy('libraryFiles.createdAt')
    .execute();
