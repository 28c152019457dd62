import {
  NOTES_SECTION_KEYS,
  allowedSubmissionActions,
  isEditableByCompany,
  isNotesSectionKey,
  notesChecks,
  notesSectionHasTable,
  notesRestatements,
  notesSectionTotal,
  type NotesComment,
  type NotesDocument,
  type NotesPrefill,
  type NotesSection,
  type NotesSectionData,
  type NotesSummary,
  type SubmissionActor,
} from '@bansi/shared';
import { answersIdOf, type ReviewEventRow } from '../review';
import type { NotesEventsTable, NotesTable } from './notes.tables';

/** The stored sections (JSON), always the 18 in order. */
export function sectionsOf(row: Pick<NotesTable, 'sections'>): NotesSectionData[] {
  const stored = JSON.parse(row.sections) as NotesSectionData[];
  return NOTES_SECTION_KEYS.map((key) => stored.find((s) => s.key === key) ?? { key, notApplicable: false, text: '', fields: {}, rows: [] });
}

export function presentSection(s: NotesSectionData, index: number): NotesSection {
  return {
    key: s.key,
    number: index + 1,
    notApplicable: s.notApplicable,
    text: s.text,
    fields: s.fields,
    rows: s.rows,
    hasTable: notesSectionHasTable(s.key),
    total: notesSectionTotal(s),
  };
}

export function presentNotesSummary(row: NotesTable): NotesSummary {
  return {
    id: row.id,
    bookYear: Number(row.bookYear),
    status: row.status,
    version: Number(row.version),
    language: row.language,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    submittedAt: row.submittedAt,
    acceptedAt: row.acceptedAt,
    pdfFileId: row.pdfFileId,
  };
}

/** A comment as the notes show it: any review event with a comment (modules/review), about a section or the whole document. */
export function presentNotesComment(
  e: Pick<ReviewEventRow, 'id' | 'at' | 'actorKind' | 'actorName' | 'action' | 'partOfReturn' | 'section' | 'comment' | 'details'>,
): NotesComment {
  return {
    id: e.id,
    at: e.at,
    author: { kind: e.actorKind, name: e.actorName },
    returned: e.action === 'returned' || Number(e.partOfReturn) === 1,
    section: e.section !== null && isNotesSectionKey(e.section) ? e.section : null,
    body: e.comment ?? '',
    answersId: e.action === 'answered' ? answersIdOf(e.details) : null,
  };
}

export function presentNotes(row: NotesTable, actor: SubmissionActor, comments: NotesEventsTable[], prefill: NotesPrefill): NotesDocument {
  const sections = sectionsOf(row);
  return {
    ...presentNotesSummary(row),
    sections: sections.map(presentSection),
    editable: isEditableByCompany(row.status),
    allowedActions: allowedSubmissionActions(row.status, actor),
    checks: notesChecks(sections),
    comments: comments.map(presentNotesComment),
    prefill,
    priorFilledFrom: row.priorFilledFrom === null ? null : Number(row.priorFilledFrom),
    restatements: notesRestatements(sections),
  };
}
