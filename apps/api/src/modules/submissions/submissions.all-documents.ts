import { SubmissionStatus, type DocumentEntry, type DocumentKind, type DocumentsQuery, type Language } from '@bansi/shared';
import { KEY_ID, decodeCursor, pageOf } from '../../lib/cursor';
import { preparedQuery } from '../../db/prepared';
import type { Deps } from '../../lib/deps';
import { findFilesByIds, presentFile } from '../files';
import { loadReference } from './submissions.checklist';
import { documentSources, registerDocumentSource, type DocumentRow } from '../../lib/documents';
import { documentRowsQuery, referencesOf, type KeyCursor, submissionDocumentsSelect, submissionFileDocumentsSelect } from './submissions.repository';

// The all-document history (decisions 033, 102): this module's source, and the one query over every source.

registerDocumentSource('submissions', {
  kinds: ['submission', 'submission_file', 'other_file', 'receipt'],
  selects: (db, companyId, filter) => [
    submissionDocumentsSelect(db, companyId, filter.bookYear),
    submissionFileDocumentsSelect(db, companyId, filter.bookYear),
  ],
});

/** One page of rows over every source that produces `kind` (all when none), built and compiled once per shape. */
const documentRows = preparedQuery(
  (db, p: { companyId: string; kind?: DocumentKind; bookYear?: number; after: KeyCursor | null; limit: number }) =>
    documentRowsQuery(
      db,
      documentSources(p.kind).flatMap((s) => s.selects(db, p.companyId, { bookYear: p.bookYear })),
      p,
    ),
  // the kind chooses the sources (and is compared as a value inside each)
  { shapeKeys: ['kind'] },
);

/** Every document of the company, newest first, from every registered source, in one SQL query. */
export async function listDocuments(deps: Deps, companyId: string, q: DocumentsQuery, lang: Language) {
  const after = decodeCursor(deps, lang, q.cursor, KEY_ID);
  const rows =
    documentSources(q.kind).length === 0
      ? []
      : await documentRows(deps.db, {
          companyId,
          kind: q.kind,
          bookYear: q.bookYear,
          after: after && { key: after[0], id: after[1] },
          limit: q.limit + 1,
        });
  const { page, nextCursor } = pageOf(rows, q.limit, (r) => [r.at, r.id]);
  const fileIds = page.map((r) => r.fileId).filter((id): id is string => id !== null);
  const submissionIds = [...new Set(page.map((r) => r.submissionId).filter((id): id is string => id !== null))];
  const [files, ref, references] = await Promise.all([
    findFilesByIds(deps.db, fileIds),
    page.some((r) => r.kind === 'submission_file') ? loadReference(deps.db) : null,
    referencesOf(deps.db, submissionIds),
  ]);
  const fileById = new Map(files.map((f) => [f.id, f]));
  const entry = (r: DocumentRow): DocumentEntry => {
    const file = r.fileId ? fileById.get(r.fileId) : undefined;
    const type = r.kind === 'submission_file' ? ref?.documentTypes.find((d) => d.code === r.slot) : undefined;
    const status = SubmissionStatus.safeParse(r.status);
    return {
      kind: r.kind,
      id: r.id,
      bookYear: Number(r.bookYear),
      at: r.at,
      submissionId: r.submissionId,
      status: status.success ? status.data : null,
      file: file ? presentFile(file) : null,
      slotNameLo: r.kind === 'submission_file' ? (type?.nameLo ?? r.slot) : null,
      slotNameEn: r.kind === 'submission_file' ? (type?.nameEn ?? r.slot) : null,
      superseded: Number(r.superseded) === 1,
      // the filing reference of the submission it belongs to (decision 095)
      reference: r.submissionId ? (references.get(r.submissionId) ?? null) : null,
    };
  };
  return { items: page.map(entry), nextCursor };
}
