import { WebPaths } from '@bansi/shared/paths';
import type { SubjectNamer } from '../audit';
import { listDocumentTitles } from './library.repository';

/** Library documents as the audit log names them: by title. */
export const nameLibraryDocuments: SubjectNamer = async (db, ids) =>
  new Map((await listDocumentTitles(db, ids)).map((r) => [r.id, { nameLo: r.titleLo, nameEn: r.titleEn, link: WebPaths.staff.library }]));
