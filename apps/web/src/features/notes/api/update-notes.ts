import { type NotesDocument, NotesPaths, type UpdateNotesRequest } from '@bansi/shared';
import { api } from '../../../lib/api-client';

/**
 * PATCH /notes/:id with the `version` the editor last saved on: 409 STALE when someone saved since,
 * 409 NOTES_LOCKED once it is submitted. The autosave (lib/use-autosave.ts) calls it and keeps the answer.
 */
export const updateNotes = (id: string, body: UpdateNotesRequest, signal?: AbortSignal) =>
  api<NotesDocument>(NotesPaths.one(id), { method: 'PATCH', body, signal });
