import { z } from 'zod';

/**
 * Stored files (DESIGN §6): uploaded resumably with tus at `/uploads`, read at `/files/:uuid`.
 * A tus upload's id IS the id of the file it becomes, so a client that lost the final response can
 * still find its file (`HEAD /uploads/:id` answers the complete offset once it is stored).
 */

/** What a file may be, judged by its content (magic bytes), never by its name alone. */
export const FILE_KINDS = ['pdf', 'jpeg', 'png', 'xlsx', 'docx', 'csv'] as const;
export const FileKind = z.enum(FILE_KINDS);
export type FileKind = z.infer<typeof FileKind>;

export const FILE_KIND_MEDIA_TYPES: Record<FileKind, string> = {
  pdf: 'application/pdf',
  jpeg: 'image/jpeg',
  png: 'image/png',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  csv: 'text/csv; charset=utf-8',
};

/** File-name extensions that claim a kind; a name claiming another kind than the content is refused. */
export const FILE_KIND_EXTENSIONS: Record<FileKind, readonly string[]> = {
  pdf: ['pdf'],
  jpeg: ['jpg', 'jpeg', 'jpe', 'jfif'],
  png: ['png'],
  xlsx: ['xlsx'],
  docx: ['docx'],
  csv: ['csv'],
};

/** The `accept` attribute of a file input for these kinds. */
export function acceptAttribute(kinds: readonly FileKind[]): string {
  return kinds.flatMap((k) => [FILE_KIND_MEDIA_TYPES[k].split(';')[0]!, ...FILE_KIND_EXTENSIONS[k].map((e) => `.${e}`)]).join(',');
}

/** The kind a file name claims by its extension, or null when the extension names none of ours. */
export function kindClaimedByName(name: string): FileKind | null {
  const dot = name.lastIndexOf('.');
  if (dot < 0) return null;
  const ext = name.slice(dot + 1).toLowerCase();
  for (const kind of FILE_KINDS) if (FILE_KIND_EXTENSIONS[kind].includes(ext)) return kind;
  return null;
}

export const DEFAULT_UPLOAD_MAX_BYTES = 50 * 1024 * 1024;

/** What a file belongs to: e.g. a submission's document slot ('other' for additional files). */
export const FileOwnerKind = z.string().regex(/^[a-z][a-z_]{1,30}$/);
export const FileSlot = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,62}$/);
export const OTHER_SLOT = 'other';

/** File names as users give them (any script); path separators and control characters refused. */
export const FileName = z
  .string()
  .trim()
  .min(1)
  .max(255)
  .refine((n) => ![...n].some((c) => c === '/' || c === '\\' || c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f), 'file name');

/**
 * The tus `Upload-Metadata` of a new upload (each value base64 as the protocol says; tus-js-client
 * does that for you). `replaces` names the file this one replaces (the old one stays in history);
 * uploading into a slot that already has a file replaces it too.
 */
export const UploadMetadata = z.object({
  ownerKind: FileOwnerKind,
  ownerId: z.uuid(),
  slot: FileSlot,
  filename: FileName,
  filetype: z.string().max(200).optional(),
  replaces: z.uuid().optional(),
});
export type UploadMetadata = z.infer<typeof UploadMetadata>;

/** Response header of a finished upload (and of HEAD on an upload already stored): the file's id. */
export const UPLOAD_FILE_ID_HEADER = 'Bansi-File-Id';

export const FileMeta = z.object({
  id: z.uuid(),
  ownerKind: z.string(),
  ownerId: z.uuid(),
  slot: z.string(),
  originalName: z.string(),
  kind: FileKind,
  mediaType: z.string(),
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  createdAt: z.string(),
  createdBy: z.uuid(),
  /** the version this file replaced, if any */
  replacesId: z.uuid().nullable(),
  /** set once a newer version replaced this one (it stays readable, in history) */
  supersededById: z.uuid().nullable(),
  supersededAt: z.string().nullable(),
});
export type FileMeta = z.infer<typeof FileMeta>;

export const FileParams = z.object({ id: z.uuid() });
export const FileContentQuery = z.object({
  /** `1`: Content-Disposition attachment (download) instead of inline (viewer) */
  download: z.enum(['0', '1']).optional(),
});
