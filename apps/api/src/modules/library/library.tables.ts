import type { LibraryCategory, LibraryFileLanguage } from '@bansi/shared';

/** A library document: what readers see in a list; its content lives in versions. */
export interface LibraryDocumentsTable {
  id: string;
  /** set for documents the product ships (e.g. 'bansi-user-guide'); null for staff uploads */
  slug: string | null;
  category: LibraryCategory;
  titleLo: string;
  titleEn: string;
  /** 0/1 */
  published: number;
  publishedAt: string | null;
  /** the version readers get; the newest one added */
  currentVersionId: string | null;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
}

/** Every version is kept; a new upload never replaces an old file. */
export interface LibraryVersionsTable {
  id: string;
  documentId: string;
  version: string;
  /** YYYY-MM-DD, the date printed on the document */
  documentDate: string;
  createdBy: string | null;
  createdAt: string;
}

export interface LibraryFilesTable {
  id: string;
  versionId: string;
  language: LibraryFileLanguage;
  /** where the bytes are, relative to the store's root */
  storageKey: string;
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
  createdAt: string;
}

/**
 * The first page of a library file as a small WebP (decision 287), made by the `library.first-page` job. A file
 * whose PDF could not be drawn has a row without a picture (`failure` says why), so it is not tried again.
 */
export interface LibraryFirstPagesTable {
  /** library_files.id */
  fileId: string;
  /** null when the page could not be drawn */
  webp: Buffer | null;
  width: number | null;
  height: number | null;
  failure: string | null;
  createdAt: string;
}

export interface LibraryTables {
  libraryDocuments: LibraryDocumentsTable;
  libraryVersions: LibraryVersionsTable;
  libraryFiles: LibraryFilesTable;
  libraryFirstPages: LibraryFirstPagesTable;
}
