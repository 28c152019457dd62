import {
  CreateLibraryDocumentFields,
  LibraryVersionFields,
  type FieldError,
  type Language,
  type LibraryDocument,
  type LibraryFileLanguage,
  type LibraryListQuery,
  type StaffLibraryDocument,
  type StaffLibraryListQuery,
  type UpdateLibraryDocument,
} from '@bansi/shared';
import type { z } from 'zod';
import { newId, nowIso } from '../../lib/crypto';
import type { Deps } from '../../lib/deps';
import { AppError, conflict, forbidden, invalid, notFound } from '../../lib/errors';
import type { Principal } from '../../plugins/access';
import type { Download } from './library.download';
import { canManageLibrary, canReadDocument } from './library.policy';
import { presentDocument, presentStaffDocument, presentVersion } from './library.presenter';
import {
  findDocument,
  findVersion,
  findVersionByLabel,
  insertDocument,
  insertVersion,
  listDocuments,
  listFiles,
  listFilesOfVersion,
  listVersions,
  listVersionsById,
  updateDocument,
} from './library.repository';
import { looksLikePdf, type LibraryFileStore, type ReceivedFile } from './library.storage';
import type { LibraryDocumentsTable, LibraryFilesTable } from './library.tables';

export interface LibraryDeps extends Deps {
  store: LibraryFileStore;
}

/** A file part of an upload, already received into a temporary file. */
export interface UploadedFile {
  received: ReceivedFile;
  fileName: string;
}
export type UploadedFiles = Partial<Record<LibraryFileLanguage, UploadedFile>>;

export interface Upload {
  fields: Record<string, string>;
  files: UploadedFiles;
}

// ---- cursors ------------------------------------------------------------------------------------

const encodeCursor = (row: { createdAt: string; id: string }) => Buffer.from(JSON.stringify([row.createdAt, row.id])).toString('base64url');

function decodeCursor(cursor: string | undefined): { createdAt: string; id: string } | undefined {
  if (!cursor) return undefined;
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [unknown, unknown];
    if (typeof createdAt === 'string' && typeof id === 'string') return { createdAt, id };
  } catch {
    /* fall through */
  }
  throw invalid([{ path: 'querystring.cursor', code: 'invalid', message: 'invalid cursor' }]);
}

// ---- reading ------------------------------------------------------------------------------------

async function withVersions(deps: Deps, docs: LibraryDocumentsTable[], all: boolean) {
  const versions = all
    ? await listVersions(
        deps.db,
        docs.map((d) => d.id),
      )
    : await listVersionsById(
        deps.db,
        docs.map((d) => d.currentVersionId).filter((v): v is string => v !== null),
      );
  const files = await listFiles(
    deps.db,
    versions.map((v) => v.id),
  );
  return docs.map((doc) => ({
    doc,
    versions: versions
      .filter((v) => v.documentId === doc.id)
      .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0))
      .map((v) => presentVersion(v, files)),
  }));
}

function page<T>(rows: LibraryDocumentsTable[], limit: number, present: (rows: LibraryDocumentsTable[]) => Promise<T[]>) {
  const more = rows.length > limit;
  const visible = rows.slice(0, limit);
  const last = visible[visible.length - 1];
  return present(visible).then((items) => ({ items, nextCursor: more && last ? encodeCursor(last) : null }));
}

/** Published documents for company users, newest first. */
export async function listForReaders(deps: Deps, query: LibraryListQuery): Promise<{ items: LibraryDocument[]; nextCursor: string | null }> {
  const rows = await listDocuments(deps.db, { category: query.category, published: true, after: decodeCursor(query.cursor), limit: query.limit });
  return page(rows, query.limit, async (docs) =>
    (await withVersions(deps, docs, false)).flatMap(({ doc, versions }) => (versions[0] ? [presentDocument(doc, versions[0])] : [])),
  );
}

export async function listForStaff(deps: Deps, query: StaffLibraryListQuery): Promise<{ items: StaffLibraryDocument[]; nextCursor: string | null }> {
  const published = query.published === undefined ? undefined : query.published === 'true';
  const rows = await listDocuments(deps.db, { category: query.category, published, after: decodeCursor(query.cursor), limit: query.limit });
  return page(rows, query.limit, async (docs) =>
    (await withVersions(deps, docs, true)).flatMap(({ doc, versions }) => (versions.length ? [presentStaffDocument(doc, versions)] : [])),
  );
}

async function readable(deps: Deps, principal: Principal | null, id: string) {
  const doc = await findDocument(deps.db, id);
  if (!doc || !doc.currentVersionId || !canReadDocument(principal, doc)) throw notFound();
  return doc;
}

export async function getForReader(deps: Deps, principal: Principal | null, id: string): Promise<LibraryDocument> {
  const doc = await readable(deps, principal, id);
  const [entry] = await withVersions(deps, [doc], false);
  if (!entry?.versions[0]) throw notFound();
  return presentDocument(doc, entry.versions[0]);
}

export async function getForStaff(deps: Deps, id: string): Promise<StaffLibraryDocument> {
  const doc = await findDocument(deps.db, id);
  if (!doc) throw notFound();
  const [entry] = await withVersions(deps, [doc], true);
  if (!entry?.versions.length) throw notFound();
  return presentStaffDocument(doc, entry.versions);
}

/** The reader's language first, then the file for both languages, then any other file. */
export function pickFile(files: LibraryFilesTable[], lang: Language | undefined): LibraryFilesTable | undefined {
  const order: LibraryFileLanguage[] = lang === 'en' ? ['en', 'both', 'lo'] : ['lo', 'both', 'en'];
  for (const language of order) {
    const file = files.find((f) => f.language === language);
    if (file) return file;
  }
  return undefined;
}

export async function resolveDownload(
  deps: LibraryDeps,
  principal: Principal | null,
  id: string,
  options: { lang?: Language; versionId?: string; download?: boolean },
): Promise<Download> {
  const doc = await readable(deps, principal, id);
  // Only staff may ask for an older version; readers always get the current one.
  const versionId = options.versionId ?? doc.currentVersionId!;
  const version = await findVersion(deps.db, doc.id, versionId);
  if (!version) throw notFound();
  const file = pickFile(await listFilesOfVersion(deps.db, version.id), options.lang);
  if (!file) throw notFound();
  const stored = await deps.store.stat(file.storageKey);
  if (!stored) throw notFound();
  return {
    size: stored.size,
    sha256: file.sha256,
    fileName: file.fileName,
    contentType: file.contentType,
    lastModified: file.createdAt,
    attachment: options.download ?? false,
    open: (range) => deps.store.read(file.storageKey, range),
  };
}

// ---- publishing ---------------------------------------------------------------------------------

function parseFields<T extends z.ZodType>(schema: T, fields: Record<string, string>): z.infer<T> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  throw invalid(parsed.error.issues.map((i) => ({ path: ['body', ...i.path.map(String)].join('.'), code: i.code, message: i.message })));
}

async function discardAll(deps: LibraryDeps, files: UploadedFiles) {
  await Promise.all(Object.values(files).map((f) => deps.store.discard(f.received).catch(() => undefined)));
}

/** One file for both languages, or one per language; every one a PDF by its content. */
function checkFiles(deps: Deps, lang: Language, files: UploadedFiles) {
  const errors: FieldError[] = [];
  if (!files.lo && !files.en && !files.both) {
    errors.push({ path: 'body.files', code: 'required', message: deps.t(lang, 'library.fieldErrors.fileRequired') });
  }
  if (files.both && (files.lo || files.en)) {
    errors.push({ path: 'body.fileBoth', code: 'conflict', message: deps.t(lang, 'library.fieldErrors.bothAndSingle') });
  }
  if (errors.length) throw invalid(errors);
  if (Object.values(files).some((f) => !looksLikePdf(f.received.head))) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE');
}

/** Moves the received files into the store; on any failure nothing of this upload stays behind. */
async function storeFiles(deps: LibraryDeps, versionId: string, files: UploadedFiles, now: string): Promise<LibraryFilesTable[]> {
  const rows: LibraryFilesTable[] = [];
  try {
    for (const [language, file] of Object.entries(files) as [LibraryFileLanguage, UploadedFile][]) {
      const id = newId();
      const row: LibraryFilesTable = {
        id,
        versionId,
        language,
        storageKey: `library/${id}.pdf`,
        fileName: sanitizeFileName(file.fileName),
        contentType: 'application/pdf',
        size: file.received.size,
        sha256: file.received.sha256,
        createdAt: now,
      };
      await deps.store.commit(file.received, row.storageKey);
      rows.push(row);
    }
    return rows;
  } catch (err) {
    await removeStored(deps, rows);
    await discardAll(deps, files);
    throw err;
  }
}

async function removeStored(deps: LibraryDeps, rows: LibraryFilesTable[]) {
  await Promise.all(rows.map((r) => deps.store.remove(r.storageKey).catch(() => undefined)));
}

export function sanitizeFileName(name: string): string {
  const clean = name
    // eslint-disable-next-line no-control-regex -- control characters are what this removes
    .replace(/[\u0000-\u001f\u007f/\\]/g, '_')
    .trim()
    .slice(-200);
  return clean === '' ? 'document.pdf' : /\.pdf$/i.test(clean) ? clean : `${clean}.pdf`;
}

export async function createDocument(deps: LibraryDeps, principal: Principal | null, upload: Upload, lang: Language): Promise<StaffLibraryDocument> {
  try {
    if (!canManageLibrary(principal)) throw forbidden();
    const fields = parseFields(CreateLibraryDocumentFields, upload.fields);
    checkFiles(deps, lang, upload.files);
    const now = nowIso();
    const documentId = newId();
    const versionId = newId();
    const files = await storeFiles(deps, versionId, upload.files, now);
    try {
      await deps.db.transaction().execute(async (trx) => {
        await insertDocument(trx, {
          id: documentId,
          slug: null,
          category: fields.category,
          titleLo: fields.titleLo,
          titleEn: fields.titleEn,
          published: fields.published ? 1 : 0,
          publishedAt: fields.published ? now : null,
          currentVersionId: null,
          createdBy: principal!.userId,
          createdAt: now,
          updatedAt: now,
        });
        await insertVersion(
          trx,
          { id: versionId, documentId, version: fields.version, documentDate: fields.documentDate, createdBy: principal!.userId, createdAt: now },
          files,
        );
        await updateDocument(trx, documentId, { currentVersionId: versionId });
      });
    } catch (err) {
      await removeStored(deps, files);
      throw err;
    }
    return getForStaff(deps, documentId);
  } finally {
    await discardAll(deps, upload.files);
  }
}

/** A new version becomes the current one; the old versions and their files stay. */
export async function addVersion(
  deps: LibraryDeps,
  principal: Principal | null,
  id: string,
  upload: Upload,
  lang: Language,
): Promise<StaffLibraryDocument> {
  try {
    if (!canManageLibrary(principal)) throw forbidden();
    const doc = await findDocument(deps.db, id);
    if (!doc) throw notFound();
    const fields = parseFields(LibraryVersionFields, upload.fields);
    checkFiles(deps, lang, upload.files);
    if (await findVersionByLabel(deps.db, id, fields.version)) throw conflict();
    const now = nowIso();
    const versionId = newId();
    const files = await storeFiles(deps, versionId, upload.files, now);
    try {
      await deps.db.transaction().execute(async (trx) => {
        await insertVersion(
          trx,
          { id: versionId, documentId: id, version: fields.version, documentDate: fields.documentDate, createdBy: principal!.userId, createdAt: now },
          files,
        );
        await updateDocument(trx, id, { currentVersionId: versionId, updatedAt: now });
      });
    } catch (err) {
      await removeStored(deps, files);
      // Two staff adding the same version label at once: the unique index decides.
      if (await findVersionByLabel(deps.db, id, fields.version)) throw conflict();
      throw err;
    }
    return getForStaff(deps, id);
  } finally {
    await discardAll(deps, upload.files);
  }
}

/** Edit titles and category, publish or unpublish. */
export async function updateLibraryDocument(
  deps: Deps,
  principal: Principal | null,
  id: string,
  patch: UpdateLibraryDocument,
): Promise<StaffLibraryDocument> {
  if (!canManageLibrary(principal)) throw forbidden();
  const doc = await findDocument(deps.db, id);
  if (!doc) throw notFound();
  const now = nowIso();
  await updateDocument(deps.db, id, {
    ...(patch.category !== undefined ? { category: patch.category } : {}),
    ...(patch.titleLo !== undefined ? { titleLo: patch.titleLo } : {}),
    ...(patch.titleEn !== undefined ? { titleEn: patch.titleEn } : {}),
    ...(patch.published !== undefined
      ? { published: patch.published ? 1 : 0, publishedAt: patch.published ? (doc.published ? doc.publishedAt : now) : null }
      : {}),
    updatedAt: now,
  });
  return getForStaff(deps, id);
}
