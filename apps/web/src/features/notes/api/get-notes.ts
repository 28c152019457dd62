import { type NotesDocument, NotesPaths } from '@bansi/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notesKeys } from './keys';

export const getNotes = (id: string) => api<NotesDocument>(NotesPaths.one(id));

export const notesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: notesKeys.detail(id),
    queryFn: () => getNotes(id),
    enabled: !!id,
    // The editor keeps its own copy while the user types; it is refreshed on purpose, never behind their back.
    refetchOnWindowFocus: false,
  });

/** One notes document of the company: sections, checks, comments, the profile's prefill. */
export const useNotes = (id: string) => useQuery(notesQueryOptions(id));
