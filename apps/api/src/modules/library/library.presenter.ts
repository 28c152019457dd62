import type { LibraryDocument, LibraryFile, LibraryVersion, StaffLibraryDocument } from '@bansi/shared';
import type { LibraryDocumentsTable, LibraryFilesTable, LibraryVersionsTable } from './library.tables';

const fileOrder = { lo: 0, en: 1, both: 2 } as const;

export const presentFile = (f: LibraryFilesTable): LibraryFile => ({
  language: f.language,
  fileName: f.fileName,
  size: Number(f.size),
  sha256: f.sha256,
});

export const presentVersion = (v: LibraryVersionsTable, files: LibraryFilesTable[]): LibraryVersion => ({
  id: v.id,
  version: v.version,
  documentDate: v.documentDate,
  files: files
    .filter((f) => f.versionId === v.id)
    .sort((a, b) => fileOrder[a.language] - fileOrder[b.language])
    .map(presentFile),
  createdAt: v.createdAt,
});

/** What a company user gets: the current version, no staff bookkeeping. */
export function presentDocument(doc: LibraryDocumentsTable, current: LibraryVersion): LibraryDocument {
  return {
    id: doc.id,
    category: doc.category,
    titleLo: doc.titleLo,
    titleEn: doc.titleEn,
    bundled: doc.slug !== null,
    current,
    updatedAt: doc.updatedAt,
  };
}

export function presentStaffDocument(doc: LibraryDocumentsTable, versions: LibraryVersion[]): StaffLibraryDocument {
  const current = versions.find((v) => v.id === doc.currentVersionId) ?? versions[0]!;
  return {
    ...presentDocument(doc, current),
    published: doc.published === 1,
    publishedAt: doc.publishedAt,
    createdAt: doc.createdAt,
    versions,
  };
}
