import { OTHER_SLOT, type DocumentEntry, type DocumentsQuery, type Language } from '@bansi/shared';
import { KEY_ID, decodeCursor, pageOf } from '../../lib/cursor';
import type { Deps } from '../../lib/deps';
import { presentFile } from '../files/files.presenter';
import { loadReference } from './submissions.checklist';
import { documentSources, registerDocumentSource } from './submissions.documents';
import { RECEIPT_OWNER, listCompanySubmissionFiles, listCompanySubmissionsForDocuments } from './submissions.repository';

// The all-document history (decision 033): this module's source, and the list over every source.

registerDocumentSource('submissions', {
  kinds: ['submission', 'submission_file', 'other_file', 'receipt'],
  async list(deps, companyId, filter) {
    const [submissions, files, ref] = await Promise.all([
      listCompanySubmissionsForDocuments(deps.db, companyId, filter.bookYear),
      listCompanySubmissionFiles(deps.db, companyId, filter.bookYear),
      loadReference(deps.db),
    ]);
    const entries: DocumentEntry[] = submissions.map((s) => ({
      kind: 'submission',
      id: s.id,
      bookYear: Number(s.bookYear),
      at: s.updatedAt,
      submissionId: s.id,
      status: s.status,
      file: null,
      slotNameLo: null,
      slotNameEn: null,
      superseded: false,
    }));
    for (const f of files) {
      const kind = f.ownerKind === RECEIPT_OWNER ? 'receipt' : f.slot === OTHER_SLOT ? 'other_file' : 'submission_file';
      const type = kind === 'submission_file' ? ref.documentTypes.find((d) => d.code === f.slot) : undefined;
      entries.push({
        kind,
        id: f.id,
        bookYear: Number(f.bookYear),
        at: f.createdAt,
        submissionId: f.ownerId,
        status: f.submissionStatus,
        file: presentFile(f),
        slotNameLo: kind === 'submission_file' ? (type?.nameLo ?? f.slot) : null,
        slotNameEn: kind === 'submission_file' ? (type?.nameEn ?? f.slot) : null,
        superseded: f.supersededById !== null,
      });
    }
    return entries;
  },
});

/** Every document of the company, newest first, from every registered source. */
export async function listDocuments(deps: Deps, companyId: string, q: DocumentsQuery, lang: Language) {
  const after = decodeCursor(deps, lang, q.cursor, KEY_ID);
  const lists = await Promise.all(documentSources(q.kind).map((s) => s.list(deps, companyId, { bookYear: q.bookYear })));
  const all = lists
    .flat()
    .filter((e) => !q.kind || e.kind === q.kind)
    .sort((a, b) => (a.at === b.at ? (a.id < b.id ? 1 : -1) : a.at < b.at ? 1 : -1));
  const rest = after ? all.filter((e) => e.at < after[0] || (e.at === after[0] && e.id < after[1])) : all;
  const { page, nextCursor } = pageOf(rest, q.limit, (e) => [e.at, e.id]);
  return { items: page, nextCursor };
}
