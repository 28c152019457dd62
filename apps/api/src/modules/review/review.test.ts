import {
  API_BASE,
  ContentPaths,
  NotesComment,
  NotesDocument,
  NotesPaths,
  NotificationDetail,
  NotificationPage,
  Problem,
  StaffSubmissionDetail,
  SubmissionEventPage,
  StaffNotesDocument,
  SubmissionPaths,
} from '@bansi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCompanyUser, createTestApp, dialect, loginAs, registerCompany, type Agent, type TestApp } from '../../../test/helpers';
import { startSmtp, type TestSmtp } from '../../../test/smtp';
import { api, getDetail, readySubmission, staffAction, submit } from '../../../test/submissions';

// Issue 34, the review workflow as users feel it (decisions 190, 191): a resubmitted filing goes straight back to
// its reviewer, and every comment saved during the review travels with the return, in the company's language.

/** The text/plain part of a raw MIME message, decoded (quoted-printable or base64). */
function plainText(raw: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  const part = parts.find((p) => /content-type:\s*text\/plain/i.test(p.split(/\r?\n\r?\n/)[0]!)) ?? raw;
  const at = part.search(/\r?\n\r?\n/);
  const head = part.slice(0, at);
  const body = part
    .slice(at)
    .replace(/^\s+/, '')
    .split(/\r?\n--/)[0]!;
  const bytes = /transfer-encoding:\s*base64/i.test(head)
    ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
    : /transfer-encoding:\s*quoted-printable/i.test(head)
      ? Buffer.from(
          body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        )
      : Buffer.from(body, 'latin1');
  return bytes.toString('utf8').replace(/\r\n/g, '\n');
}

describe(`one review workflow: resubmit and saved comments (${dialect})`, () => {
  let smtp: TestSmtp;
  let t: TestApp;
  let a: Agent; // company A's admin (English)
  let a2: Agent; // a colleague at A (Lao)
  let staff1: Agent;
  let staff2: Agent;

  beforeAll(async () => {
    smtp = await startSmtp({ encoding: 'latin1' });
    t = await createTestApp({ SMTP_URL: smtp.url });
    a = (await registerCompany(t, { user: { language: 'en' } })).agent;
    a2 = await addCompanyUser(t, a);
    await t.db.kysely.updateTable('users').set({ language: 'lo' }).where('id', '=', a2.userId!).execute();
    staff1 = await loginAs(t, 'staff');
    staff2 = await loginAs(t, 'staffAdmin');
  });
  afterAll(async () => {
    await t?.close();
    smtp?.close();
  });

  const emailOf = async (agent: Agent) =>
    (await t.db.kysely.selectFrom('users').select('email').where('id', '=', agent.userId!).executeTakeFirstOrThrow()).email;
  const nameOf = async (agent: Agent) =>
    (await t.db.kysely.selectFrom('users').select('name').where('id', '=', agent.userId!).executeTakeFirstOrThrow()).name;
  const staffDetail = async (id: string) => StaffSubmissionDetail.parse((await staff1.inject({ url: api(SubmissionPaths.staffOne(id)) })).json());
  const events = async (id: string) =>
    SubmissionEventPage.parse((await a.inject({ url: `${api(SubmissionPaths.events(id))}?limit=100` })).json()).items;
  /** The return mail (the one with these reasons) a user received over SMTP, as its reader sees the text. */
  const returnMail = async (agent: Agent, reasons: string) => {
    await t.app.drainOutbox();
    const to = await emailOf(agent);
    const mails = smtp.received.filter((m) => m.to.includes(to) && plainText(m.raw).includes(reasons));
    expect(mails).toHaveLength(1);
    return plainText(mails.at(-1)!.raw);
  };
  const latestNotification = async (agent: Agent, lang: 'en' | 'lo') => {
    const page = NotificationPage.parse(
      (await agent.inject({ url: `${API_BASE}${ContentPaths.notifications}`, headers: { 'accept-language': lang } })).json(),
    );
    const res = await agent.inject({ url: `${API_BASE}/notifications/${page.items[0]!.id}`, headers: { 'accept-language': lang } });
    return NotificationDetail.parse(res.json());
  };

  it('returns a resubmitted filing straight to "in review" with the reviewer who returned it; no second "Start review"', async () => {
    const ready = await readySubmission(t, a, t.config.BOOK_YEAR);
    const submitted = await submit(a, ready);
    expect(submitted.statusCode, submitted.body).toBe(200);
    // Nobody has started it: a first submit stays "submitted", as before.
    expect(submitted.json().status).toBe('submitted');
    const started = await staffAction(staff2, ready.id, 'start-review', { version: submitted.json().version });
    expect(started.statusCode, started.body).toBe(200);
    // staff1 returns it (another reviewer than the one who started it): staff1 is the reviewer it goes back to.
    const returned = await staffAction(staff1, ready.id, 'return', { version: started.json().version, reasons: 'Please sign page 3.' });
    expect(returned.statusCode, returned.body).toBe(200);

    const resubmitted = await submit(a, await getDetail(a, ready.id));
    expect(resubmitted.statusCode, resubmitted.body).toBe(200);
    expect(resubmitted.json()).toMatchObject({ status: 'in_review', allowedActions: [] });
    const forStaff = await staffDetail(ready.id);
    expect(forStaff.status).toBe('in_review');
    expect(forStaff.allowedActions).toEqual(['return', 'accept']);
    const [resumed, resubmit] = await events(ready.id);
    expect(resubmit).toMatchObject({ action: 'resubmitted', actor: { kind: 'company' }, fromStatus: 'returned', toStatus: 'resubmitted' });
    expect(resumed).toMatchObject({
      action: 'review_started',
      actor: { kind: 'staff', name: await nameOf(staff1) },
      fromStatus: 'resubmitted',
      toStatus: 'in_review',
    });
    const row = await t.db.kysely.selectFrom('reviewEvents').selectAll().where('id', '=', resumed!.id).executeTakeFirstOrThrow();
    expect(row.actorId).toBe(staff1.userId);

    // "Start review" is not needed (and no longer allowed): accept works at once.
    expect((await staffAction(staff1, ready.id, 'start-review', { version: forStaff.version })).statusCode).toBe(409);
    const accepted = await staffAction(staff1, ready.id, 'accept', { version: forStaff.version });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().status).toBe('accepted');
  });

  it('repeats every comment saved during the review in the return mail and notification, in each user’s language', async () => {
    const ready = await readySubmission(t, a, t.config.BOOK_YEAR - 1);
    const submitted = await submit(a, ready);
    const reference = submitted.json().reference as string;
    const started = await staffAction(staff1, ready.id, 'start-review', { version: submitted.json().version });
    const version = started.json().version as number;
    const cashFlow = (await staffDetail(ready.id)).files.slots.find((s) => s.code === 'cash-flow')!.file!;
    const comment = async (body: string, fileId?: string) => {
      const res = await staffAction(staff1, ready.id, 'comments', { version, body, ...(fileId ? { fileId } : {}) });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as string;
    };
    const onFile = await comment('Cash-flow totals do not match.', cashFlow.id);
    const whole = await comment('Signatures are missing on the cover.');
    const dropped = await comment('Draft remark, not for the company.');
    // The company answers one of them: an answer is not a saved comment of the review.
    const answer = await a.inject({
      method: 'POST',
      url: api(SubmissionPaths.answers(ready.id)),
      payload: { commentId: whole, body: 'We will sign.' },
    });
    expect(answer.statusCode, answer.body).toBe(201);

    // An id that is not a saved comment of this review: 400 in the caller's language, nothing changed.
    const before = await staffDetail(ready.id);
    const bad = await staffAction(staff1, ready.id, 'return', {
      version,
      reasons: 'x',
      keptCommentIds: [onFile, answer.json().id],
    });
    expect(bad.statusCode).toBe(400);
    expect(Problem.parse(bad.json()).errors?.[0]).toMatchObject({ path: 'body.keptCommentIds.1', code: 'unknown_choice' });
    const badLo = await staff1.inject({
      method: 'POST',
      url: api(SubmissionPaths.staffAction(ready.id, 'return')),
      payload: { version, reasons: 'x', keptCommentIds: ['00000000-0000-4000-8000-000000000000'] },
      headers: { 'accept-language': 'lo' },
    });
    expect(badLo.statusCode).toBe(400);
    expect(Problem.parse(badLo.json()).errors?.[0]?.message).toMatch(/[\u0E80-\u0EFF]/);
    expect(await staffDetail(ready.id)).toEqual(before);

    // The reviewer keeps two of the three.
    const returned = await staffAction(staff1, ready.id, 'return', {
      version,
      reasons: 'Two things to fix.',
      keptCommentIds: [onFile, whole],
    });
    expect(returned.statusCode, returned.body).toBe(200);

    const en = await returnMail(a, 'Two things to fix.');
    expect(en).toContain('Two things to fix.');
    expect(en).toContain(
      'Comments from the review:\n- Cash-flow statement (cash-flow.pdf): Cash-flow totals do not match.\n- Signatures are missing on the cover.',
    );
    expect(en).not.toContain('Draft remark');
    expect(en).not.toContain('We will sign.');
    const lo = await returnMail(a2, 'Two things to fix.');
    expect(lo).toContain(
      'ຄຳເຫັນຈາກການກວດກາ:\n- ໃບລາຍງານກະແສເງິນສົດ (cash-flow.pdf): Cash-flow totals do not match.\n- Signatures are missing on the cover.',
    );

    const noteEn = await latestNotification(a, 'en');
    expect(noteEn.title).toBe(`${reference}: returned for changes`);
    expect(noteEn.bodyHtml).toContain('Comments from the review:');
    expect(noteEn.bodyHtml).toContain('Cash-flow totals do not match.');
    expect(noteEn.bodyHtml).toContain('Signatures are missing on the cover.');
    expect(noteEn.bodyHtml).not.toContain('Draft remark');
    const noteLo = await latestNotification(a2, 'lo');
    expect(noteLo.bodyHtml).toContain('ຄຳເຫັນຈາກການກວດກາ:');
    expect(noteLo.bodyHtml).toContain('ໃບລາຍງານກະແສເງິນສົດ');

    // Next round: the comments of the first review are not "saved during this review" any more.
    const resubmitted = await submit(a, await getDetail(a, ready.id));
    expect(resubmitted.json().status).toBe('in_review');
    const again = await staffAction(staff1, ready.id, 'return', { version: resubmitted.json().version, keptCommentIds: [onFile], reasons: 'y' });
    expect(again.statusCode).toBe(400);
    const second = await staffAction(staff1, ready.id, 'return', { version: resubmitted.json().version, reasons: 'Still unsigned.' });
    expect(second.statusCode, second.body).toBe(200);
    const en2 = await returnMail(a, 'Still unsigned.');
    expect(en2).toContain('Still unsigned.');
    expect(en2).not.toContain('Comments from the review:');
    expect(dropped).toMatch(/[0-9a-f-]{36}/);
  });

  it('notes: comments saved during the review are answered by the company and travel with the return, in each user’s language', async () => {
    const notesOf = (res: { statusCode: number; body: string; json(): unknown }) => {
      expect(res.statusCode, res.body).toBeLessThan(300);
      return NotesDocument.parse(res.json());
    };
    const staffNotes = async (id: string) => StaffNotesDocument.parse((await staff1.inject({ url: api(NotesPaths.staffOne(id)) })).json());
    const opened = notesOf(await a.inject({ method: 'POST', url: api(NotesPaths.list), payload: { bookYear: t.config.BOOK_YEAR, language: 'en' } }));
    const filled = notesOf(
      await a.inject({
        method: 'PATCH',
        url: api(NotesPaths.one(opened.id)),
        payload: { version: opened.version, sections: [{ key: 'approval', fields: { approvalDate: '2024-03-15' } }] },
      }),
    );
    const submitted = notesOf(
      await a.inject({ method: 'POST', url: api(NotesPaths.submit(opened.id)), payload: { version: filled.version, confirmWarnings: true } }),
    );
    const id = opened.id;
    const staffDo = (agent: Agent, action: 'start-review' | 'return' | 'accept' | 'comments', payload: object, lang = 'en') =>
      agent.inject({ method: 'POST', url: api(NotesPaths.staffAction(id, action)), payload, headers: { 'accept-language': lang } });
    const version = StaffNotesDocument.parse((await staffDo(staff1, 'start-review', { version: submitted.version })).json()).version;

    const comment = async (body: string, section?: string) => {
      const res = await staffDo(staff1, 'comments', { version, body, ...(section ? { section } : {}) });
      expect(res.statusCode, res.body).toBe(201);
      return NotesComment.parse(res.json());
    };
    const taxes = await comment('Profit tax is missing.', 'taxes');
    const whole = await comment('The approval date looks wrong.');
    await comment('Internal remark, not for the company.');
    expect(taxes).toMatchObject({ section: 'taxes', returned: false, answersId: null, author: { kind: 'staff', name: await nameOf(staff1) } });
    // A comment on a version the reviewer has not seen: 409, nothing saved. The version does not move.
    expect((await staffDo(staff1, 'comments', { version: version - 1, body: 'late' })).statusCode).toBe(409);
    expect((await staffNotes(id)).version).toBe(version);

    // The company answers on its notes screen; an answer to an answer is a field error in its language.
    const answer = await a.inject({ method: 'POST', url: api(NotesPaths.answers(id)), payload: { commentId: taxes.id, body: 'We will add it.' } });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(NotesComment.parse(answer.json())).toMatchObject({ section: 'taxes', answersId: taxes.id, author: { kind: 'company' } });
    const badAnswer = await a2.inject({
      method: 'POST',
      url: api(NotesPaths.answers(id)),
      payload: { commentId: answer.json().id, body: 'x' },
      headers: { 'accept-language': 'lo' },
    });
    expect(badAnswer.statusCode).toBe(400);
    expect(Problem.parse(badAnswer.json()).errors?.[0]).toMatchObject({ path: 'body.commentId', code: 'unknown_choice' });
    expect(Problem.parse(badAnswer.json()).errors?.[0]?.message).toMatch(/[\u0E80-\u0EFF]/);
    const mine = notesOf(await a.inject({ url: api(NotesPaths.one(id)) }));
    expect(mine.comments.map((c) => [c.section, c.body, c.answersId])).toEqual([
      ['taxes', 'Profit tax is missing.', null],
      [null, 'The approval date looks wrong.', null],
      [null, 'Internal remark, not for the company.', null],
      ['taxes', 'We will add it.', taxes.id],
    ]);

    // A kept id that is not a saved comment of this review: 400, nothing changes.
    const before = await staffNotes(id);
    const bad = await staffDo(staff1, 'return', { version, reasons: 'x', keptCommentIds: [taxes.id, answer.json().id] });
    expect(bad.statusCode).toBe(400);
    expect(Problem.parse(bad.json()).errors?.[0]).toMatchObject({ path: 'body.keptCommentIds.1', code: 'unknown_choice' });
    expect(await staffNotes(id)).toEqual(before);

    const returned = await staffDo(staff1, 'return', {
      version,
      reasons: 'Notes: two things to fix.',
      sectionComments: [{ section: 'basis', body: 'Name the accounting standard.' }],
      keptCommentIds: [taxes.id, whole.id],
    });
    expect(returned.statusCode, returned.body).toBe(200);
    const taxesEn = t.app.t('en', 'notesDocument.sections.taxes');
    const taxesLo = t.app.t('lo', 'notesDocument.sections.taxes');
    const en = await returnMail(a, 'Notes: two things to fix.');
    expect(en).toContain(`${t.app.t('en', 'notesDocument.sections.basis')}: Name the accounting standard.`);
    expect(en).toContain(`Comments from the review:\n- ${taxesEn}: Profit tax is missing.\n- The approval date looks wrong.`);
    expect(en).not.toContain('Internal remark');
    expect(en).not.toContain('We will add it.');
    const lo = await returnMail(a2, 'Notes: two things to fix.');
    expect(lo).toContain(`ຄຳເຫັນຈາກການກວດກາ:\n- ${taxesLo}: Profit tax is missing.\n- The approval date looks wrong.`);

    const noteEn = await latestNotification(a, 'en');
    expect(noteEn.title).toBe(`Notes ${t.config.BOOK_YEAR}: returned for changes`);
    expect(noteEn.bodyHtml).toContain('Comments from the review:');
    expect(noteEn.bodyHtml).toContain('Profit tax is missing.');
    expect(noteEn.bodyHtml).not.toContain('Internal remark');
    const noteLo = await latestNotification(a2, 'lo');
    expect(noteLo.bodyHtml).toContain('ຄຳເຫັນຈາກການກວດກາ:');
    expect(noteLo.bodyHtml).toContain(taxesLo);

    // Resubmitted: straight back to the reviewer, accepted without "Start review"; then the conversation is closed.
    const back = notesOf(await a.inject({ url: api(NotesPaths.one(id)) }));
    const resubmitted = notesOf(
      await a.inject({ method: 'POST', url: api(NotesPaths.submit(id)), payload: { version: back.version, confirmWarnings: true } }),
    );
    expect(resubmitted.status).toBe('in_review');
    const accepted = await staffDo(staff1, 'accept', { version: resubmitted.version });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const closed = await a.inject({ method: 'POST', url: api(NotesPaths.answers(id)), payload: { commentId: whole.id, body: 'Late.' } });
    expect(closed.statusCode).toBe(409);
    expect(Problem.parse(closed.json()).code).toBe('SUBMISSION_CLOSED');
  });
});
