import { WebPaths } from '@bansi/shared/paths';
import type { SubjectNamer } from '../audit';
import { nameOfCompanies } from '../companies';
import { listNotesHeads } from './notes.staff-reads.repository';

/** Notes as the audit log names them: book year · company. */
export const nameNotes: SubjectNamer = async (db, ids) =>
  nameOfCompanies(
    db,
    await listNotesHeads(db, ids),
    (r) => String(r.bookYear),
    (r) => WebPaths.staff.notesOne(r.id),
  );
