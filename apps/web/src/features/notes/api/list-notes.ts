import { type DocumentEntry, type NotesPage, NotesPaths, type NotesStatus, type NotesSummary } from '@bansi/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notesKeys } from './keys';

export interface NotesFilters {
  bookYear?: number;
  status?: NotesStatus;
}

export const listNotes = (filters: NotesFilters, cursor?: string) => api<NotesPage>(NotesPaths.list, { query: { ...filters, cursor } });

/** A notes document as a row of the document history (the same row the all-document history shows). */
export const notesEntry = (n: NotesSummary): DocumentEntry => ({
  kind: 'notes',
  id: n.id,
  bookYear: n.bookYear,
  at: n.updatedAt,
  submissionId: null,
  status: n.status,
  file: null,
  slotNameLo: null,
  slotNameEn: null,
  superseded: false,
});

export const notesListQueryOptions = (filters: NotesFilters) =>
  infiniteQueryOptions({
    queryKey: notesKeys.list(filters),
    queryFn: ({ pageParam }) => listNotes(filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    select: (data) => ({ ...data, pages: data.pages.map((p) => ({ items: p.items.map(notesEntry), nextCursor: p.nextCursor })) }),
  });

/** The company's notes documents, newest book year first, as document-history rows. */
export const useNotesList = (filters: NotesFilters) => useInfiniteQuery(notesListQueryOptions(filters));
