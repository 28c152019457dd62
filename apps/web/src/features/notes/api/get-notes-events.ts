import { type NotesEventPage, NotesPaths } from '@bansi/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notesKeys } from './keys';

export const getNotesEvents = (id: string, cursor?: string) => api<NotesEventPage>(NotesPaths.events(id), { query: { cursor, limit: 50 } });

export const notesEventsQueryOptions = (id: string) =>
  infiniteQueryOptions({
    queryKey: notesKeys.events(id),
    queryFn: ({ pageParam }) => getNotesEvents(id, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** The notes document's timeline, newest first. */
export const useNotesEvents = (id: string) => useInfiniteQuery(notesEventsQueryOptions(id));
