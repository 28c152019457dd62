import type { FileKind } from '@bansi/shared';

/**
 * A stored file. Its bytes are in the FileStore under `storageKey`; the row and the bytes are
 * written as one unit (files.service.ts). A replacement is a new row: the old one gets
 * `supersededById` and stays readable, so the history of a slot is the chain of its rows.
 */
export interface FilesTable {
  /** for a resumable upload, the tus upload id (a UUID) */
  id: string;
  companyId: string;
  /** what the file belongs to, e.g. 'submission' + the submission id */
  ownerKind: string;
  ownerId: string;
  /** the document slot (a document-type code) or 'other' */
  slot: string;
  originalName: string;
  kind: FileKind;
  mediaType: string;
  size: number;
  sha256: string;
  storageKey: string;
  createdAt: string;
  createdBy: string;
  replacesId: string | null;
  supersededById: string | null;
  supersededAt: string | null;
}

export interface FilesTables {
  files: FilesTable;
}
