import {
  API_BASE,
  ContentPaths,
  DocumentPage,
  NotificationPage,
  Problem,
  StaffQueuePage,
  StaffSubmissionDetail,
  SubmissionComment,
  SubmissionEventPage,
  SubmissionPage,
  SubmissionPaths,
  type SubmissionEvent,
} from '@bansi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCompanyUser, createTestApp, dialect, loginAs, registerCompany, type Agent, type TestApp } from '../../../test/helpers';
import { startSmtp, type TestSmtp } from '../../../test/smtp';
import { api, enterFigures, getDetail, openSubmission, readySubmission, staffAction, submit, uploadInto } from '../../../test/submissions';
import { submissionReferenceMigration } from './submissions.reference.migration';

// Issue 12, the communication half (decisions 095–097): the filing reference, the mails and
// notifications of each transition, the company's answers to comments, and the grouped timeline.

/** The bytes of the attachment named `filename` in a raw MIME message (base64 part). */
function attachmentOf(raw: string, filename: string): Buffer | null {
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/gi)].map((m) => m[1]!);
  for (const boundary of boundaries) {
    for (const part of raw.split(`--${boundary}`)) {
      if (!part.includes(`filename=${filename}`) && !part.includes(`filename="${filename}"`)) continue;
      if (/^--/.test(part) || /boundary=/i.test(part.split(/\r?\n\r?\n/)[0]!)) continue;
      const at = part.search(/\r?\n\r?\n/);
      return Buffer.from(part.slice(at).replace(/\s+/g, ''), 'base64');
    }
  }
  return null;
}

describe(`filing communication (${dialect})`, () => {
  let smtp: TestSmtp;
  let t: TestApp;
  let a: Agent; // company A's admin (English)
  let a2: Agent; // a colleague at A (Lao)
  let b: Agent; // company B
  let staff: Agent;
  let year: number;
  let disabledEmail: string;

  beforeAll(async () => {
    smtp = await startSmtp({ encoding: 'latin1' });
    t = await createTestApp({ SMTP_URL: smtp.url });
    year = t.config.BOOK_YEAR;
    a = (await registerCompany(t, { user: { language: 'en' } })).agent;
    a2 = await addCompanyUser(t, a);
    await t.db.kysely.updateTable('users').set({ language: 'lo' }).where('id', '=', a2.userId!).execute();
    // A third colleague whose account was disabled: no mail for them.
    const gone = await addCompanyUser(t, a);
    disabledEmail = (await t.db.kysely.selectFrom('users').select('email').where('id', '=', gone.userId!).executeTakeFirstOrThrow()).email;
    await t.db.kysely.updateTable('users').set({ disabledAt: new Date().toISOString() }).where('id', '=', gone.userId!).execute();
    b = (await registerCompany(t)).agent;
    staff = await loginAs(t, 'staff');
  });
  afterAll(async () => {
    await t?.close();
    smtp?.close();
  });

  const emailOf = async (agent: Agent) =>
    (await t.db.kysely.selectFrom('users').select('email').where('id', '=', agent.userId!).executeTakeFirstOrThrow()).email;
  const outbox = (to: string, like: string) =>
    t.db.kysely.selectFrom('outbox').selectAll().where('toAddress', '=', to).where('subject', 'like', `%${like}%`).orderBy('createdAt').execute();
  const unread = async (agent: Agent) => (await agent.inject({ url: `${API_BASE}${ContentPaths.unreadCount}` })).json().unread as number;
  const notifications = async (agent: Agent) => {
    const res = await agent.inject({ url: `${API_BASE}${ContentPaths.notifications}`, headers: { 'accept-language': 'en' } });
    return NotificationPage.parse(res.json()).items;
  };
  const staffDetail = async (id: string) => StaffSubmissionDetail.parse((await staff.inject({ url: api(SubmissionPaths.staffOne(id)) })).json());
  const answer = (agent: Agent, id: string, payload: object, headers: Record<string, string> = {}) =>
    agent.inject({ method: 'POST', url: api(SubmissionPaths.answers(id)), payload, headers });

  /** A's submission of the book year, walked through submit → return → accept by the tests below. */
  let subId: string;
  let reference: string;

  it('gives the filing reference at the first submit, keeps it, and shows it wherever the submission is listed', async () => {
    const ready = await readySubmission(t, a, year);
    expect(ready.reference).toBeNull();
    const unreadBefore = await unread(a);
    const res = await submit(a, ready);
    expect(res.statusCode, res.body).toBe(200);
    subId = ready.id;
    reference = res.json().reference;
    expect(reference).toMatch(new RegExp(`^BS-${year}-\\d{6}$`));

    // Every list and screen the company and staff read carries it.
    expect((await getDetail(a, subId)).reference).toBe(reference);
    const history = SubmissionPage.parse((await a.inject({ url: api(SubmissionPaths.list) })).json());
    expect(history.items.find((s) => s.id === subId)?.reference).toBe(reference);
    const queue = StaffQueuePage.parse((await staff.inject({ url: `${api(SubmissionPaths.staffList)}?limit=100` })).json());
    expect(queue.items.find((s) => s.id === subId)?.reference).toBe(reference);
    expect((await staffDetail(subId)).reference).toBe(reference);
    const docs = DocumentPage.parse((await a.inject({ url: `${api(SubmissionPaths.documents)}?limit=100` })).json());
    const mine = docs.items.filter((d) => d.submissionId === subId);
    expect(mine.length).toBeGreaterThan(1);
    expect(mine.every((d) => d.reference === reference)).toBe(true);

    // --- on submit: a mail to each active user in their language, and one notification that opens it
    const en = await outbox(await emailOf(a), reference);
    expect(en.map((m) => m.subject)).toEqual([`Bansi: ${reference} — your ${year} annual documents were received`]);
    expect(en[0]!.textBody).toContain(`Filing reference: ${reference}`);
    expect(en[0]!.textBody).toContain(`${t.config.PUBLIC_URL}/dashboard/submit-document/detail/${subId}`);
    const lo = await outbox(await emailOf(a2), reference);
    expect(lo.map((m) => m.subject)).toEqual([`ບັນຊີ: ${reference} — ໄດ້ຮັບເອກະສານບັນຊີປະຈຳປີ ${year} ຂອງທ່ານແລ້ວ`]);
    expect(lo[0]!.textBody).toContain(`ເລກອ້າງອີງການຍື່ນ: ${reference}`);
    expect(await outbox(disabledEmail, reference)).toEqual([]);
    expect(await unread(a)).toBe(unreadBefore + 1);
    expect(await unread(a2)).toBe(unreadBefore + 1);
    const [note] = await notifications(a);
    expect(note).toMatchObject({ read: false, link: `/dashboard/submit-document/detail/${subId}` });
    expect(note!.title).toBe(`${reference}: your ${year} documents were received`);
    // Another company neither sees it nor can open it.
    expect((await notifications(b)).some((n) => n.id === note!.id)).toBe(false);
    expect((await b.inject({ url: `${API_BASE}/notifications/${note!.id}` })).statusCode).toBe(404);
  });

  it('mails the return with the overall reasons and every file comment, in each user’s language', async () => {
    const started = await staffAction(staff, subId, 'start-review', { version: (await getDetail(a, subId)).version });
    expect(started.statusCode, started.body).toBe(200);
    const detail = await staffDetail(subId);
    const file = (code: string) => detail.files.slots.find((s) => s.code === code)!.file!;
    const returned = await staffAction(staff, subId, 'return', {
      version: detail.version,
      reasons: 'Two statements need corrections.',
      fileComments: [
        { fileId: file('balance-sheet').id, body: 'Total assets differ from the trial balance.' },
        { fileId: file('cash-flow').id, body: 'Page 2 is missing.' },
      ],
    });
    expect(returned.statusCode, returned.body).toBe(200);
    const [en] = await outbox(await emailOf(a), 'returned');
    expect(en!.subject).toBe(`Bansi: ${reference} — your ${year} submission was returned for changes`);
    expect(en!.textBody).toContain('Two statements need corrections.');
    expect(en!.textBody).toContain(
      'Comments on files:\n- Balance sheet (balance-sheet.pdf): Total assets differ from the trial balance.\n- Cash-flow statement (cash-flow.pdf): Page 2 is missing.',
    );
    const [lo] = await outbox(await emailOf(a2), 'ສົ່ງຄືນ');
    expect(lo!.subject).toContain(reference);
    expect(lo!.textBody).toContain('ຄຳເຫັນຕໍ່ໄຟລ໌:');
    expect(lo!.textBody).toMatch(/- ໃບລາຍງານຖານະການເງິນ \(balance-sheet\.pdf\): Total assets differ/);
    expect((await notifications(a))[0]!.title).toBe(`${reference}: returned for changes`);
    expect(await outbox(disabledEmail, reference)).toEqual([]);
  });

  it('lets the company answer a comment without resubmitting; staff see it in the timeline; access and states are checked', async () => {
    const before = await getDetail(a, subId);
    const reasons = before.comments.find((c) => c.author.kind === 'staff' && c.fileId === null)!;
    const onFile = before.comments.find((c) => c.author.kind === 'staff' && c.slot === 'balance-sheet')!;

    const res = await answer(a2, subId, { commentId: onFile.id, body: 'The trial balance was updated; the new one is attached below.' });
    expect(res.statusCode, res.body).toBe(201);
    const given = SubmissionComment.parse(res.json());
    expect(given).toMatchObject({ answersId: onFile.id, fileId: onFile.fileId, slot: 'balance-sheet', author: { kind: 'company' }, returned: false });
    expect((await answer(a, subId, { commentId: reasons.id, body: 'We will correct both.' })).statusCode).toBe(201);

    // Nothing else changed: status and version stay; the answers are comments and events.
    const after = await getDetail(a, subId);
    expect({ status: after.status, version: after.version }).toEqual({ status: 'returned', version: before.version });
    expect(after.comments.filter((c) => c.answersId).map((c) => [c.answersId, c.body])).toEqual([
      [onFile.id, 'The trial balance was updated; the new one is attached below.'],
      [reasons.id, 'We will correct both.'],
    ]);
    const events = (await staffDetail(subId)).events;
    expect(events.slice(0, 2).map((e) => [e.action, e.actor.kind, e.comment])).toEqual([
      ['answered', 'company', 'We will correct both.'],
      ['answered', 'company', 'The trial balance was updated; the new one is attached below.'],
    ]);
    const audit = await t.db.kysely
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'submission.answer')
      .where('subjectId', '=', subId)
      .execute();
    expect(audit).toHaveLength(2);

    // Another company: 404 and nothing written. Staff cannot post a company's answer. Bad input: a field error in the caller's language.
    const count = async () => (await getDetail(a, subId)).comments.length;
    const n = await count();
    expect((await answer(b, subId, { commentId: onFile.id, body: 'hello' })).statusCode).toBe(404);
    expect((await answer(staff, subId, { commentId: onFile.id, body: 'hello' })).statusCode).toBe(403);
    const own = await answer(a, subId, { commentId: given.id, body: 'answering myself' }, { 'accept-language': 'lo' });
    expect(own.statusCode).toBe(400);
    const problem = Problem.parse(own.json());
    expect(problem.errors?.[0]).toMatchObject({ path: 'body.commentId', code: 'unknown_choice' });
    expect(problem.errors?.[0]?.message).toMatch(/[\u0E80-\u0EFF]/);
    expect((await answer(a, subId, { commentId: onFile.id, body: '   ' })).statusCode).toBe(400);
    expect(await count()).toBe(n);

    // A draft has nothing to answer, an accepted submission is closed: 409.
    const draft = await openSubmission(a, year - 1);
    expect((await answer(a, draft.id, { commentId: onFile.id, body: 'x' })).json().code).toBe('SUBMISSION_CLOSED');
  });

  it('mails the acceptance with the stored receipt attached, byte for byte', async () => {
    const sub = await getDetail(a, subId);
    await uploadInto(a, subId, 'balance-sheet', 'balance-sheet v2.pdf');
    const resubmitted = await submit(a, sub);
    expect(resubmitted.statusCode, resubmitted.body).toBe(200);
    expect(resubmitted.json().reference).toBe(reference); // the same filing, the same reference
    expect(resubmitted.json().status).toBe('in_review'); // back with its reviewer: no second "Start review"
    const accepted = await staffAction(staff, subId, 'accept', { version: resubmitted.json().version });
    expect(accepted.statusCode, accepted.body).toBe(200);

    const receipt = await a.inject({ url: api(SubmissionPaths.receipt(subId)) });
    expect(receipt.statusCode).toBe(200);
    const receiptFile = await t.db.kysely
      .selectFrom('submissionReceipts')
      .select('fileId')
      .where('submissionId', '=', subId)
      .executeTakeFirstOrThrow();
    const [mail] = await outbox(await emailOf(a), 'accepted');
    expect(mail!.subject).toBe(`Bansi: ${reference} — your ${year} submission was accepted`);
    expect(JSON.parse(mail!.attachments!)).toEqual([
      { filename: `receipt-${reference}.pdf`, contentType: 'application/pdf', fileId: receiptFile.fileId },
    ]);
    expect((await outbox(await emailOf(a2), reference)).map((m) => m.subject)).toContain(
      `ບັນຊີ: ${reference} — ເອກະສານປີບັນຊີ ${year} ຂອງທ່ານໄດ້ຮັບການຮັບເອົາແລ້ວ`,
    );

    await t.app.drainOutbox();
    const sent = smtp.received.filter((m) => m.to.includes(mail!.toAddress) && m.raw.includes(`receipt-${reference}.pdf`));
    expect(sent).toHaveLength(1);
    const attached = attachmentOf(sent[0]!.raw, `receipt-${reference}.pdf`);
    expect(attached?.equals(receipt.rawPayload)).toBe(true);
    expect(smtp.received.some((m) => m.to.includes(disabledEmail) && m.raw.includes(reference))).toBe(false);

    // Accepted: the conversation is closed.
    const staffComment = (await getDetail(a, subId)).comments.find((c) => c.author.kind === 'staff')!;
    expect((await answer(a, subId, { commentId: staffComment.id, body: 'late' })).json().code).toBe('SUBMISSION_CLOSED');
  });

  it('gives 30 companies submitting at once for the same year 30 distinct consecutive references', async () => {
    const bookYear = year - 2;
    const companies = await Promise.all(Array.from({ length: 30 }, () => registerCompany(t)));
    const ready = [];
    for (const c of companies) ready.push({ agent: c.agent, sub: await readySubmission(t, c.agent, bookYear) });
    const results = await Promise.all(ready.map(({ agent, sub }) => submit(agent, sub)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(30).fill(200));
    const refs = results.map((r) => r.json().reference as string);
    expect(new Set(refs).size).toBe(30);
    expect(refs.every((r) => r.startsWith(`BS-${bookYear}-`))).toBe(true);
    const seqs = refs.map((r) => Number(r.slice(-6))).sort((x, y) => x - y);
    expect(seqs).toEqual(Array.from({ length: 30 }, (_, i) => seqs[0]! + i));
    // and nothing else took a number of that year: the counter stands at the last one
    const counter = await t.db.kysely
      .selectFrom('sequenceCounters')
      .selectAll()
      .where('scope', '=', 'filing')
      .where('year', '=', bookYear)
      .executeTakeFirstOrThrow();
    expect(Number(counter.lastSeq)).toBe(seqs[29]);
  });

  it('groups one upload action into one timeline entry, page by page', async () => {
    const { agent: c } = await registerCompany(t);
    const colleague = await addCompanyUser(t, c);
    const sub = await openSubmission(c, year);
    for (const slot of ['balance-sheet', 'income-statement', 'cash-flow']) await uploadInto(c, sub.id, slot);
    await uploadInto(colleague, sub.id, 'notes');
    await enterFigures(t, c, sub);
    await uploadInto(c, sub.id, 'other', 'ledger.pdf');
    await uploadInto(c, sub.id, 'balance-sheet', 'balance-sheet v2.pdf');

    const timeline = async (limit: number) => {
      const items: SubmissionEvent[] = [];
      let cursor: string | null = null;
      do {
        const res = await c.inject({ url: `${api(SubmissionPaths.events(sub.id))}?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}` });
        const page = SubmissionEventPage.parse(res.json());
        expect(page.items.length).toBeLessThanOrEqual(limit);
        items.push(...page.items);
        cursor = page.nextCursor;
      } while (cursor);
      return items.map((e) => [e.action, e.files.map((f) => f.fileName).join(', ')]);
    };
    const expected = [
      ['file_replaced', 'balance-sheet v2.pdf'],
      ['file_uploaded', 'ledger.pdf'],
      ['updated', ''],
      ['file_uploaded', 'notes.pdf'], // another person: an entry of its own
      ['file_uploaded', 'cash-flow.pdf, income-statement.pdf, balance-sheet.pdf'],
      ['created', ''],
    ];
    expect(await timeline(20)).toEqual(expected);
    // Small pages never split an upload action.
    expect(await timeline(1)).toEqual(expected);
    expect(await timeline(2)).toEqual(expected);
    expect((await staffDetail(sub.id)).events.map((e) => [e.action, e.files.map((f) => f.fileName).join(', ')])).toEqual(expected);

    // A pause of more than ten minutes between two uploads: two actions.
    const earlier = async (where: { fileName?: string; action?: 'created' }, minutes: number) => {
      let q = t.db.kysely.selectFrom('reviewEvents').select(['id', 'at']).where('kind', '=', 'submission').where('subjectId', '=', sub.id);
      if (where.fileName) q = q.where('fileName', '=', where.fileName);
      if (where.action) q = q.where('action', '=', where.action);
      const row = await q.executeTakeFirstOrThrow();
      await t.db.kysely
        .updateTable('reviewEvents')
        .set({ at: new Date(Date.parse(row.at) - minutes * 60_000).toISOString() })
        .where('id', '=', row.id)
        .execute();
    };
    await earlier({ action: 'created' }, 20);
    await earlier({ fileName: 'balance-sheet.pdf' }, 11);
    expect((await timeline(20)).slice(4)).toEqual([
      ['file_uploaded', 'cash-flow.pdf, income-statement.pdf'],
      ['file_uploaded', 'balance-sheet.pdf'],
      ['created', ''],
    ]);
  });

  it('the migration numbers the submissions filed before it per book year, in the order they were first submitted', async () => {
    const k = t.db.kysely;
    const filed = await k
      .selectFrom('submissions')
      .select(['id', 'bookYear', 'reference'])
      .where('firstSubmittedAt', 'is not', null)
      .orderBy('bookYear')
      .orderBy('firstSubmittedAt')
      .orderBy('id')
      .execute();
    expect(filed.length).toBeGreaterThan(30);
    await submissionReferenceMigration.down!(k as never);
    await submissionReferenceMigration.up(k as never);
    const again = await k.selectFrom('submissions').select(['id', 'bookYear', 'reference']).where('firstSubmittedAt', 'is not', null).execute();
    const byId = new Map(again.map((r) => [r.id, r.reference]));
    const seen = new Map<number, number>();
    for (const row of filed) {
      const seq = (seen.get(Number(row.bookYear)) ?? 0) + 1;
      seen.set(Number(row.bookYear), seq);
      expect(byId.get(row.id)).toBe(`BS-${row.bookYear}-${String(seq).padStart(6, '0')}`);
    }
    expect(
      (await k.selectFrom('submissions').select('id').where('firstSubmittedAt', 'is', null).where('reference', 'is not', null).execute()).length,
    ).toBe(0);
    // The next first submit continues the year's sequence.
    const { agent } = await registerCompany(t);
    const ready = await readySubmission(t, agent, year);
    const next = (await submit(agent, ready)).json().reference;
    expect(next).toBe(`BS-${year}-${String((seen.get(year) ?? 0) + 1).padStart(6, '0')}`);
  });
});
