import { type NotesExistence, NotesPaths } from '@bansi/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';

/** The one key of the notes check (the notes screens, the dashboard card and the submission wizard read it). */
export const checkNotesKey = (bookYear: number) => ['notes', 'check', bookYear] as const;

export const checkNotes = (bookYear: number) => api<NotesExistence>(NotesPaths.check, { query: { bookYear } });

export const checkNotesQueryOptions = (bookYear: number) =>
  queryOptions({ queryKey: checkNotesKey(bookYear), queryFn: () => checkNotes(bookYear), staleTime: 30_000 });

/** Whether the company has a notes document for the year, and whether it is submitted (creates nothing). */
export const useNotesCheck = (bookYear: number | undefined) =>
  useQuery({ ...checkNotesQueryOptions(bookYear ?? 0), enabled: bookYear !== undefined });
