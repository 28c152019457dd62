import { API_BASE, SubmissionPaths } from '@bansi/shared';
import { expect } from 'vitest';
import { loginAs, type Agent, type TestApp } from '../helpers';
import { acceptedSubmission, api, getDetail, readySubmission, staffAction, submit } from '../submissions';

/**
 * Access-matrix cases of the submissions module: company B names company A's submission. A's
 * submission is a draft ready to submit (so that a wrongful PATCH or submit would show), or an
 * accepted one for the receipt; nothing about it may change.
 */
type Arrange = (ctx: { t: TestApp; a: Agent }) => Promise<{ params: Record<string, string>; body?: unknown; unchanged(): Promise<void> }>;

const snapshot = (t: TestApp, id: string) => t.db.kysely.selectFrom('submissions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const eventCount = async (t: TestApp, id: string) =>
  (await t.db.kysely.selectFrom('reviewEvents').select('id').where('kind', '=', 'submission').where('subjectId', '=', id).execute()).length;

const ready = new Map<string, string>();

/** A's draft for the configured book year (made once per company, then reused: the first-create check). */
function draftCase(body?: (version: number) => unknown): Arrange {
  return async ({ t, a }) => {
    const known = ready.get(a.companyId!);
    const sub = known ? await getDetail(a, known) : await readySubmission(t, a, t.config.BOOK_YEAR);
    ready.set(a.companyId!, sub.id);
    const before = await snapshot(t, sub.id);
    const events = await eventCount(t, sub.id);
    return {
      params: { id: sub.id },
      body: body?.(sub.version),
      async unchanged() {
        expect(await snapshot(t, sub.id)).toEqual(before);
        expect(await eventCount(t, sub.id)).toBe(events);
        expect((await getDetail(a, sub.id)).status).toBe('draft');
      },
    };
  };
}

const acceptedCase: Arrange = async ({ t, a }) => {
  const staff = await loginAs(t, 'staff');
  const sub = await acceptedSubmission(t, a, staff, t.config.BOOK_YEAR - 1);
  return {
    params: { id: sub.id },
    async unchanged() {
      expect((await a.inject({ url: api(SubmissionPaths.receipt(sub.id)) })).statusCode).toBe(200);
    },
  };
};

/** A's submission returned with reasons (a comment of the service B would answer); no answer may land. */
const returnedCase: Arrange = async ({ t, a }) => {
  const staff = await loginAs(t, 'staff');
  const sub = await readySubmission(t, a, t.config.BOOK_YEAR - 2);
  const submitted = await submit(a, sub);
  const review = await staffAction(staff, sub.id, 'start-review', { version: submitted.json().version });
  await staffAction(staff, sub.id, 'return', { version: review.json().version, reasons: 'Please correct the notes.' });
  const comment = (await getDetail(a, sub.id)).comments[0]!;
  const events = await eventCount(t, sub.id);
  return {
    params: { id: sub.id },
    body: { commentId: comment.id, body: 'An answer from another company' },
    async unchanged() {
      expect(await eventCount(t, sub.id)).toBe(events);
    },
  };
};

export const submissionsAccessCases: Record<string, { arrange: Arrange }> = {
  [`GET ${API_BASE}/submissions/:id`]: { arrange: draftCase() },
  [`PATCH ${API_BASE}/submissions/:id`]: { arrange: draftCase((version) => ({ version, averageLabour: 999, totalAssets: 1 })) },
  [`POST ${API_BASE}/submissions/:id/submit`]: { arrange: draftCase((version) => ({ version, confirmWarnings: true })) },
  [`GET ${API_BASE}/submissions/:id/events`]: { arrange: draftCase() },
  [`GET ${API_BASE}/submissions/:id/files`]: { arrange: draftCase() },
  [`GET ${API_BASE}/submissions/:id/receipt`]: { arrange: acceptedCase },
  [`POST ${API_BASE}/submissions/:id/answers`]: { arrange: returnedCase },
};
