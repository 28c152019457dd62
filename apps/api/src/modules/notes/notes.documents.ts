import { notFound } from '../../lib/errors';
import { registerFileOwner } from '../files';
import { registerDocumentSource } from '../../lib/documents';
import { NOTES_PDF_OWNER, notesDocumentsSelect } from './notes.repository';

// The all-document history lists every notes document of the company (kind 'notes') with the PDF
// kept at acceptance as its file: one SELECT, an arm of the history's UNION ALL (decision 102).
registerDocumentSource('notes', {
  kinds: ['notes'],
  selects: (db, companyId, filter) => [notesDocumentsSelect(db, companyId, filter.bookYear)],
});

// The accepted notes' PDF is a generated file (owner kind `notes_pdf`): read through /files/:id like
// every file, never uploaded.
registerFileOwner(NOTES_PDF_OWNER, {
  authorizeUpload() {
    return Promise.reject(notFound());
  },
});
