import { API_BASE, NotesDocument, NotesPaths } from '@bansi/shared';
import { expect } from 'vitest';
import { loginAs, type Agent, type TestApp } from '../helpers';
import { api, openSubmission } from '../submissions';

/**
 * Access-matrix cases of the notes module: company B names company A's notes (a draft with a
 * complete general information and approval, so a wrongful PATCH or submit would succeed), or A's
 * submission for the notes-link action (A's notes of that year submitted, so a wrongful link would
 * fill the slot). Nothing may change.
 */
type Arrange = (ctx: { t: TestApp; a: Agent }) => Promise<{ params: Record<string, string>; body?: unknown; unchanged(): Promise<void> }>;

const snapshot = (t: TestApp, id: string) => t.db.kysely.selectFrom('notes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const eventCount = async (t: TestApp, id: string) =>
  (await t.db.kysely.selectFrom('reviewEvents').select('id').where('kind', '=', 'notes').where('subjectId', '=', id).execute()).length;

async function openNotes(a: Agent, bookYear: number): Promise<NotesDocument> {
  const res = await a.inject({ method: 'POST', url: api(NotesPaths.list), payload: { bookYear } });
  return NotesDocument.parse(res.json());
}

function draftCase(body?: (version: number) => unknown): Arrange {
  return async ({ t, a }) => {
    let notes = await openNotes(a, t.config.BOOK_YEAR);
    if (notes.checks.errors.length) {
      const res = await a.inject({
        method: 'PATCH',
        url: api(NotesPaths.one(notes.id)),
        payload: { version: notes.version, sections: [{ key: 'approval', fields: { approvalDate: '2024-03-15' } }] },
      });
      notes = NotesDocument.parse(res.json());
    }
    const before = await snapshot(t, notes.id);
    const events = await eventCount(t, notes.id);
    return {
      params: { id: notes.id },
      body: body?.(notes.version),
      async unchanged() {
        expect(await snapshot(t, notes.id)).toEqual(before);
        expect(await eventCount(t, notes.id)).toBe(events);
      },
    };
  };
}

/** A's submission of the book year before last and A's notes of that year, submitted. */
const linkCase: Arrange = async ({ t, a }) => {
  const year = t.config.BOOK_YEAR - 2;
  const notes = await openNotes(a, year);
  const filled = await a.inject({
    method: 'PATCH',
    url: api(NotesPaths.one(notes.id)),
    payload: { version: notes.version, sections: [{ key: 'approval', fields: { approvalDate: '2022-03-15' } }] },
  });
  const version = NotesDocument.parse(filled.json()).version;
  await a.inject({ method: 'POST', url: api(NotesPaths.submit(notes.id)), payload: { version, confirmWarnings: true } });
  const sub = await openSubmission(a, year);
  const files = () => t.db.kysely.selectFrom('files').select('id').where('ownerId', '=', sub.id).execute();
  const before = await files();
  return {
    params: { id: sub.id },
    body: { version: sub.version },
    async unchanged() {
      expect(await files()).toEqual(before);
    },
  };
};

/** A's notes of the year before, submitted and in review with a section comment of the service B would answer; no answer may land. */
const commentedCase: Arrange = async ({ t, a }) => {
  const staff = await loginAs(t, 'staff');
  const notes = await openNotes(a, t.config.BOOK_YEAR - 1);
  const filled = await a.inject({
    method: 'PATCH',
    url: api(NotesPaths.one(notes.id)),
    payload: { version: notes.version, sections: [{ key: 'approval', fields: { approvalDate: '2023-03-15' } }] },
  });
  const submitted = await a.inject({
    method: 'POST',
    url: api(NotesPaths.submit(notes.id)),
    payload: { version: NotesDocument.parse(filled.json()).version, confirmWarnings: true },
  });
  const version = NotesDocument.parse(submitted.json()).version;
  const started = await staff.inject({ method: 'POST', url: api(NotesPaths.staffAction(notes.id, 'start-review')), payload: { version } });
  const comment = await staff.inject({
    method: 'POST',
    url: api(NotesPaths.staffAction(notes.id, 'comments')),
    payload: { version: NotesDocument.parse(started.json()).version, section: 'taxes', body: 'Profit tax is missing.' },
  });
  expect(comment.statusCode, comment.body).toBe(201);
  const events = await eventCount(t, notes.id);
  return {
    params: { id: notes.id },
    body: { commentId: (comment.json() as { id: string }).id, body: 'An answer from another company' },
    async unchanged() {
      expect(await eventCount(t, notes.id)).toBe(events);
    },
  };
};

export const notesAccessCases: Record<string, { arrange: Arrange }> = {
  [`GET ${API_BASE}/notes/:id`]: { arrange: draftCase() },
  [`PATCH ${API_BASE}/notes/:id`]: { arrange: draftCase((version) => ({ version, sections: [{ key: 'basis', text: 'written by B' }] })) },
  [`POST ${API_BASE}/notes/:id/submit`]: { arrange: draftCase((version) => ({ version, confirmWarnings: true })) },
  [`GET ${API_BASE}/notes/:id/events`]: { arrange: draftCase() },
  [`GET ${API_BASE}/notes/:id/pdf`]: { arrange: draftCase() },
  [`POST ${API_BASE}/notes/:id/answers`]: { arrange: commentedCase },
  [`POST ${API_BASE}/submissions/:id/notes-link`]: { arrange: linkCase },
};
