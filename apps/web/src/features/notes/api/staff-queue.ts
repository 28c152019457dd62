import { NotesPaths, type StaffNotesQueuePage, type StaffNotesQueueQuery } from '@bansi/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { notesKeys } from './keys';

export type StaffNotesFilters = Omit<z.input<typeof StaffNotesQueueQuery>, 'cursor' | 'limit' | 'bookYear'> & { bookYear?: number };

export const listStaffNotes = (filters: StaffNotesFilters, cursor?: string) =>
  api<StaffNotesQueuePage>(NotesPaths.staffList, { query: { ...filters, cursor } });

export const staffNotesQueueOptions = (filters: StaffNotesFilters) =>
  infiniteQueryOptions({
    queryKey: notesKeys.staffList(filters),
    queryFn: ({ pageParam }) => listStaffNotes(filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** The notes review queue, oldest submitted first. */
export const useStaffNotesQueue = (filters: StaffNotesFilters) => useInfiniteQuery(staffNotesQueueOptions(filters));
