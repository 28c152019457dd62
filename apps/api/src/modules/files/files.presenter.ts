import type { FileMeta } from '@bansi/shared';
import type { FilesTable } from './files.tables';

/** A file row as the API shows it (the storage key and company stay inside). */
export function presentFile(row: FilesTable): FileMeta {
  return {
    id: row.id,
    ownerKind: row.ownerKind,
    ownerId: row.ownerId,
    slot: row.slot,
    originalName: row.originalName,
    kind: row.kind,
    mediaType: row.mediaType,
    size: Number(row.size),
    sha256: row.sha256,
    createdAt: row.createdAt,
    createdBy: row.createdBy,
    replacesId: row.replacesId,
    supersededById: row.supersededById,
    supersededAt: row.supersededAt,
  };
}
