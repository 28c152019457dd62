import { z } from 'zod';
import { LANGUAGES } from '../i18n';
import { PageQuery } from './common';

/**
 * Reading library (DESIGN §4): guides, laws and the service's licence as PDFs that staff admins
 * publish, with every version kept, in one file per language or one file for both.
 */
export const LIBRARY_CATEGORIES = ['guide', 'law', 'license'] as const;
export const LibraryCategory = z.enum(LIBRARY_CATEGORIES);
export type LibraryCategory = z.infer<typeof LibraryCategory>;

/** Which readers a file is for: Lao, English, or one file for both languages. */
export const LibraryFileLanguage = z.enum(['lo', 'en', 'both']);
export type LibraryFileLanguage = z.infer<typeof LibraryFileLanguage>;

/** Multipart field name of each file slot of a library upload. */
export const LIBRARY_FILE_FIELDS: Record<LibraryFileLanguage, string> = { lo: 'fileLo', en: 'fileEn', both: 'fileBoth' };

export const LIBRARY_MAX_FILE_BYTES = 100 * 1024 * 1024;
export const LIBRARY_TITLE_MAX = 300;
export const LIBRARY_VERSION_MAX = 40;

const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');

export const LibraryFile = z.object({
  language: LibraryFileLanguage,
  fileName: z.string(),
  size: z.number().int(),
  sha256: z.string(),
});
export type LibraryFile = z.infer<typeof LibraryFile>;

export const LibraryVersion = z.object({
  id: z.uuid(),
  version: z.string(),
  documentDate: IsoDate,
  files: z.array(LibraryFile),
  createdAt: z.string(),
});
export type LibraryVersion = z.infer<typeof LibraryVersion>;

/** A published document as a company user sees it: its current version only. */
export const LibraryDocument = z.object({
  id: z.uuid(),
  category: LibraryCategory,
  titleLo: z.string(),
  titleEn: z.string(),
  /** The sample shipped with the product (the portal's user guide). */
  bundled: z.boolean(),
  current: LibraryVersion,
  updatedAt: z.string(),
});
export type LibraryDocument = z.infer<typeof LibraryDocument>;

/** The back office sees every document, published or not, with all its versions (newest first). */
export const StaffLibraryDocument = LibraryDocument.extend({
  published: z.boolean(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  versions: z.array(LibraryVersion),
});
export type StaffLibraryDocument = z.infer<typeof StaffLibraryDocument>;

export const LibraryListQuery = PageQuery.extend({ category: LibraryCategory.optional() });
export type LibraryListQuery = z.infer<typeof LibraryListQuery>;

export const StaffLibraryListQuery = LibraryListQuery.extend({
  published: z.enum(['true', 'false']).optional(),
});
export type StaffLibraryListQuery = z.infer<typeof StaffLibraryListQuery>;

const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** `?lang=` picks the reader's language (falling back to the file for both, then the other language). */
export const LibraryFileQuery = z.object({
  lang: z.enum(LANGUAGES).optional(),
  /** `download=1` answers with `Content-Disposition: attachment`. */
  download: flag.optional(),
});
export type LibraryFileQuery = z.infer<typeof LibraryFileQuery>;

export const StaffLibraryFileQuery = LibraryFileQuery.extend({ version: z.uuid().optional() });
export type StaffLibraryFileQuery = z.infer<typeof StaffLibraryFileQuery>;

/** The text fields of a new version (multipart, beside the files). */
export const LibraryVersionFields = z.object({
  version: z.string().trim().min(1).max(LIBRARY_VERSION_MAX),
  documentDate: IsoDate,
});
export type LibraryVersionFields = z.infer<typeof LibraryVersionFields>;

/** The text fields of a new document (multipart, beside the files of its first version). */
export const CreateLibraryDocumentFields = LibraryVersionFields.extend({
  category: LibraryCategory,
  titleLo: z.string().trim().min(1).max(LIBRARY_TITLE_MAX),
  titleEn: z.string().trim().max(LIBRARY_TITLE_MAX).default(''),
  published: flag.default(false),
});
export type CreateLibraryDocumentFields = z.infer<typeof CreateLibraryDocumentFields>;

export const UpdateLibraryDocument = z
  .object({
    category: LibraryCategory,
    titleLo: z.string().trim().min(1).max(LIBRARY_TITLE_MAX),
    titleEn: z.string().trim().max(LIBRARY_TITLE_MAX),
    published: z.boolean(),
  })
  .partial();
export type UpdateLibraryDocument = z.infer<typeof UpdateLibraryDocument>;
