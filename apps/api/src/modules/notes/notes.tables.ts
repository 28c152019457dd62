import type { NotesLanguage, NotesStatus, SubmissionActor } from '@bansi/shared';

/** One notes document per company and book year (unique). */
export interface NotesTable {
  id: string;
  companyId: string;
  bookYear: number;
  status: NotesStatus;
  /** optimistic concurrency: every change of content or status is `update … where version = ?` and adds 1 */
  version: number;
  language: NotesLanguage;
  /** JSON of NotesSectionData[] (domain/notes.ts), the 18 sections in order */
  sections: string;
  /** the book year whose accepted notes filled the prior-year column on create */
  priorFilledFrom: number | null;
  /** the PDF kept as a file when the notes were accepted */
  pdfFileId: string | null;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  submittedAt: string | null;
  firstSubmittedAt: string | null;
  acceptedAt: string | null;
}

/**
 * A notes timeline entry: every change (who, when, what); staff comments are events with a comment. Stored in
 * the review module's `review_events` (kind 'notes', decision 205).
 */
export interface NotesEventsTable {
  id: string;
  notesId: string;
  at: string;
  /** the order of events written together (same `at`) */
  ord: number;
  actorId: string | null;
  actorKind: SubmissionActor;
  actorName: string;
  action: string;
  fromStatus: NotesStatus | null;
  toStatus: NotesStatus | null;
  comment: string | null;
  /** the section a comment is about (null: the whole document) */
  section: string | null;
  /** 1: a section comment given with a return */
  partOfReturn: number;
  /** JSON: the sections an update changed, the warnings confirmed at submit, the submission a PDF was linked to */
  details: string | null;
}

export interface NotesTables {
  notes: NotesTable;
}
