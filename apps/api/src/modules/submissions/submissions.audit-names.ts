import { WebPaths } from '@bansi/shared/paths';
import type { SubjectNamer } from '../audit';
import { nameOfCompanies } from '../companies';
import { listSubmissionHeads } from './submissions.staff-reads.repository';

/** Filings as the audit log names them: reference (or book year) · company. */
export const nameSubmissions: SubjectNamer = async (db, ids) =>
  nameOfCompanies(
    db,
    await listSubmissionHeads(db, ids),
    (r) => r.reference ?? String(r.bookYear),
    (r) => WebPaths.staff.submission(r.id),
  );
