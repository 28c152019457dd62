import { NotesPaths, type StaffNotesDocument } from '@bansi/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notesKeys } from './keys';

export const getStaffNotes = (id: string) => api<StaffNotesDocument>(NotesPaths.staffOne(id));

export const staffNotesQueryOptions = (id: string) => queryOptions({ queryKey: notesKeys.staffDetail(id), queryFn: () => getStaffNotes(id) });

/** A notes document as the reviewer sees it: the company, every section, comments and the whole timeline. */
export const useStaffNotes = (id: string) => useQuery(staffNotesQueryOptions(id));
