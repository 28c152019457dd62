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
import { KEY_ID, decodeCursor, pageOf } from '../../lib/cursor';
import type { Deps } from '../../lib/deps';
import { conflict, forbidden, invalid, notFound } from '../../lib/errors';
import type { Principal } from '../../plugins/access';
import { recordAudit, type Actor } from '../audit';
import { canManageLibrary, canReadDocument } from './library.policy';
import { presentDocument, presentStaffDocument, presentVersion } from './library.presenter';
import {
  findDocument,
  findVersion,
  existingLibraryKeys,
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
import { storageKeyFor, type StagedFile } from '../../lib/file-store';
import { readableFileName } from '../../lib/file-names';
import { registerStoredKeys, keepInTransaction, type StoredFileRef } from '../files';
import type { LibraryDocumentsTable, LibraryFilesTable } from './library.tables';
import { queueFirstPages } from './library.first-page.queue';

/** The app's deps: library files are kept in the one FileStore (`deps.store`). */
export type LibraryDeps = Deps;

// Library files are named by library_files.storage_key: clean-up keeps them.
registerStoredKeys('library', existingLibraryKeys);

/** A file part of an upload, already staged (checked to be a PDF) by the FileStore. */
export interface UploadedFile {
  staged: StagedFile;
  fileName: string;
}
export type UploadedFiles = Partial<Record<LibraryFileLanguage, UploadedFile>>;

export interface Upload {
  fields: Record<string, string>;
  files: UploadedFiles;
}

/** Newest first by (createdAt, id): lib/cursor's keyset. */
function afterOf(deps: Deps, lang: Language, raw: string | undefined) {
  const after = decodeCursor(deps, lang, raw, KEY_ID);
  return after ? { createdAt: after[0], id: after[1] } : undefined;
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
  const { page: visible, nextCursor } = pageOf(rows, limit, (r) => [r.createdAt, r.id]);
  return present(visible).then((items) => ({ items, nextCursor }));
}

/** Published documents for company users, newest first. */
export async function listForReaders(
  deps: Deps,
  query: LibraryListQuery,
  lang: Language,
): Promise<{ items: LibraryDocument[]; nextCursor: string | null }> {
  const rows = await listDocuments(deps.db, {
    category: query.category,
    published: true,
    after: afterOf(deps, lang, query.cursor),
    limit: query.limit,
  });
  return page(rows, query.limit, async (docs) =>
    (await withVersions(deps, docs, false)).flatMap(({ doc, versions }) => (versions[0] ? [presentDocument(doc, versions[0])] : [])),
  );
}

export async function listForStaff(
  deps: Deps,
  query: StaffLibraryListQuery,
  lang: Language,
): Promise<{ items: StaffLibraryDocument[]; nextCursor: string | null }> {
  const published = query.published === undefined ? undefined : query.published === 'true';
  const rows = await listDocuments(deps.db, { category: query.category, published, after: afterOf(deps, lang, query.cursor), limit: query.limit });
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

/** The stored file a reader asks for (files.service replyWithStoredFile sends it). */
export async function resolveDownload(
  deps: LibraryDeps,
  principal: Principal | null,
  id: string,
  options: { lang?: Language; versionId?: string },
): Promise<StoredFileRef> {
  const doc = await readable(deps, principal, id);
  // Only staff may ask for an older version; readers always get the current one.
  const versionId = options.versionId ?? doc.currentVersionId!;
  const version = await findVersion(deps.db, doc.id, versionId);
  if (!version) throw notFound();
  const file = pickFile(await listFilesOfVersion(deps.db, version.id), options.lang);
  if (!file) throw notFound();
  return {
    storageKey: file.storageKey,
    size: Number(file.size),
    sha256: file.sha256,
    mediaType: file.contentType,
    originalName: file.fileName,
    createdAt: file.createdAt,
  };
}

// ---- publishing ---------------------------------------------------------------------------------

function parseFields<T extends z.ZodType>(schema: T, fields: Record<string, string>): z.infer<T> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  throw invalid(parsed.error.issues.map((i) => ({ path: ['body', ...i.path.map(String)].join('.'), code: i.code, message: i.message })));
}

async function discardAll(deps: LibraryDeps, files: UploadedFiles) {
  await Promise.all(Object.values(files).map((f) => deps.store.discard(f.staged).catch(() => undefined)));
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
}

/** The rows of an upload's files, each under its own storage key in the FileStore. */
function fileRows(versionId: string, files: UploadedFiles, now: string) {
  return (Object.entries(files) as [LibraryFileLanguage, UploadedFile][]).map(([language, file]) => {
    const id = newId();
    const row: LibraryFilesTable = {
      id,
      versionId,
      language,
      storageKey: storageKeyFor(id),
      fileName: sanitizeFileName(file.fileName),
      contentType: file.staged.mediaType,
      size: file.staged.size,
      sha256: file.staged.sha256,
      createdAt: now,
    };
    return { row, staged: file.staged, key: row.storageKey };
  });
}

export function sanitizeFileName(name: string): string {
  const clean = readableFileName(name)
    // eslint-disable-next-line no-control-regex -- control characters are what this removes
    .replace(/[\u0000-\u001f\u007f/\\]/g, '_')
    .trim()
    .slice(-200);
  return clean === '' ? 'document.pdf' : /\.pdf$/i.test(clean) ? clean : `${clean}.pdf`;
}

export async function createDocument(
  deps: LibraryDeps,
  principal: Principal | null,
  upload: Upload,
  lang: Language,
  actor: Actor,
): Promise<StaffLibraryDocument> {
  try {
    if (!canManageLibrary(principal)) throw forbidden();
    const fields = parseFields(CreateLibraryDocumentFields, upload.fields);
    checkFiles(deps, lang, upload.files);
    const now = nowIso();
    const documentId = newId();
    const versionId = newId();
    const files = fileRows(versionId, upload.files, now);
    await keepInTransaction(deps, files, async (trx) => {
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
        files.map((f) => f.row),
      );
      await updateDocument(trx, documentId, { currentVersionId: versionId });
      await queueFirstPages(
        trx,
        files.map((f) => f.row.id),
      );
      await recordAudit(
        trx,
        actor,
        'library.create',
        { kind: 'library_document', id: documentId },
        {
          companyId: null,
          details: { version: fields.version, published: fields.published, files: files.length },
        },
      );
    });
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
  actor: Actor,
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
    const files = fileRows(versionId, upload.files, now);
    try {
      await keepInTransaction(deps, files, async (trx) => {
        await insertVersion(
          trx,
          { id: versionId, documentId: id, version: fields.version, documentDate: fields.documentDate, createdBy: principal!.userId, createdAt: now },
          files.map((f) => f.row),
        );
        await updateDocument(trx, id, { currentVersionId: versionId, updatedAt: now });
        await queueFirstPages(
          trx,
          files.map((f) => f.row.id),
        );
        await recordAudit(
          trx,
          actor,
          'library.version_add',
          { kind: 'library_document', id },
          {
            companyId: null,
            details: { version: fields.version, versionId, files: files.length },
          },
        );
      });
    } catch (err) {
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
  actor: Actor,
): Promise<StaffLibraryDocument> {
  if (!canManageLibrary(principal)) throw forbidden();
  const doc = await findDocument(deps.db, id);
  if (!doc) throw notFound();
  const now = nowIso();
  await deps.db.transaction().execute(async (trx) => {
    await updateDocument(trx, id, {
      ...(patch.category !== undefined ? { category: patch.category } : {}),
      ...(patch.titleLo !== undefined ? { titleLo: patch.titleLo } : {}),
      ...(patch.titleEn !== undefined ? { titleEn: patch.titleEn } : {}),
      ...(patch.published !== undefined
        ? { published: patch.published ? 1 : 0, publishedAt: patch.published ? (doc.published ? doc.publishedAt : now) : null }
        : {}),
      updatedAt: now,
    });
    await recordAudit(trx, actor, 'library.update', { kind: 'library_document', id }, { companyId: null, details: { ...patch } });
  });
  return getForStaff(deps, id);
}
