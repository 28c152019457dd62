import {
  AMOUNT_MAX,
  DocumentPage,
  Problem,
  QrCheckResult,
  SUBMISSION_ACTIONS,
  StaffQueuePage,
  StaffSubmissionDetail,
  SubmissionDetail,
  SubmissionEventPage,
  SubmissionExistence,
  SubmissionFiles,
  SubmissionPage,
  SubmissionPaths,
  checksFromFieldErrors,
  nextSubmissionStatus,
  smeSizeVerdict,
  type SmeThresholdCell,
  type SubmissionAction,
  type SubmissionStatus,
} from '@bansi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfBytes, pngBytes, sha256Hex } from '../../../test/file-fixtures';
import { addCompanyUser, createTestApp, dialect, loginAs, referenceId, registerCompany, type Agent, type TestApp } from '../../../test/helpers';
import {
  REQUIRED_SLOTS,
  api,
  enterFigures,
  getDetail,
  openSubmission,
  readySubmission,
  staffAction,
  submit,
  uploadInto,
} from '../../../test/submissions';
import { createUpload } from '../../../test/tus';
import { DEMO_ACCOUNTS } from '../../db/demo-accounts';
import { accountsDemoSeed } from '../companies/companies.seed';
import { submissionsDemoSeed } from './submissions.seed';
import { pdfText } from '../../lib/pdf/pdf-text';

describe(`annual submissions (${dialect})`, () => {
  let t: TestApp;
  let a: Agent; // company A's admin (English)
  let a2: Agent; // a colleague at A (Lao)
  let b: Agent; // company B
  let staff1: Agent;
  let staff2: Agent;
  let bookYear: number;
  /** A's submission for the configured book year, walked through every state below */
  let main: SubmissionDetail;

  beforeAll(async () => {
    t = await createTestApp();
    bookYear = t.config.BOOK_YEAR;
    a = (await registerCompany(t)).agent;
    a2 = await addCompanyUser(t, a);
    b = (await registerCompany(t)).agent;
    staff1 = await loginAs(t, 'staff');
    staff2 = await loginAs(t, 'staff');
  });
  afterAll(() => t?.close());

  const problem = (res: { json(): unknown }) => Problem.parse(res.json());
  const check = async (agent: Agent, year: number) =>
    SubmissionExistence.parse((await agent.inject({ url: `${api(SubmissionPaths.check)}?bookYear=${year}` })).json());
  const outbox = (to: string) => t.db.kysely.selectFrom('outbox').selectAll().where('toAddress', '=', to).orderBy('createdAt').execute();
  const emailOf = async (agent: Agent) =>
    await t.db.kysely.selectFrom('users').select(['email', 'language']).where('id', '=', agent.userId!).executeTakeFirstOrThrow();

  it('first-create check: one submission per company and book year; only open years', async () => {
    expect(await check(a, bookYear)).toEqual({ bookYear, open: true, exists: false, id: null, status: null, submitted: false, editable: false });

    const created = await a.inject({ method: 'POST', url: api(SubmissionPaths.list), payload: { bookYear } });
    expect(created.statusCode).toBe(201);
    main = SubmissionDetail.parse(created.json());
    expect(main).toMatchObject({ bookYear, status: 'draft', version: 1, editable: true, allowedActions: ['submit'], receiptAvailable: false });
    // The signatories are copied from the company profile; the checklist comes from reference data.
    expect(main.signatories?.owner.name).toBe('Owner One');
    expect(main.signatories?.holder).toMatchObject({ kind: 'employee', name: 'Holder Two' });
    expect(main.files.slots.filter((s) => s.required).map((s) => s.code)).toEqual([...REQUIRED_SLOTS]);
    expect(main.files.slots.find((s) => s.code === 'audit-report')).toMatchObject({ required: false, kinds: ['pdf'], file: null });

    // Asking again (the same user, a colleague) opens the same one.
    for (const agent of [a, a2]) {
      const again = await agent.inject({ method: 'POST', url: api(SubmissionPaths.list), payload: { bookYear } });
      expect(again.statusCode).toBe(200);
      expect(again.json().id).toBe(main.id);
    }
    expect(await check(a2, bookYear)).toEqual({ bookYear, open: true, exists: true, id: main.id, status: 'draft', submitted: false, editable: true });
    // Another company has none.
    expect((await check(b, bookYear)).exists).toBe(false);

    // Open book years: BOOK_YEAR − 2 … BOOK_YEAR.
    for (const year of [bookYear + 1, bookYear - 3]) {
      const refused = await a.inject({
        method: 'POST',
        url: api(SubmissionPaths.list),
        payload: { bookYear: year },
        headers: { 'accept-language': 'en' },
      });
      expect(refused.statusCode, String(year)).toBe(400);
      expect(problem(refused).errors).toEqual([
        { path: 'body.bookYear', code: 'book_year_not_open', message: 'This book year is not open for submissions.' },
      ]);
      expect((await check(a, year)).open).toBe(false);
    }
    const older = await a.inject({ method: 'POST', url: api(SubmissionPaths.list), payload: { bookYear: bookYear - 2 } });
    expect(older.statusCode).toBe(201);

    // The list: newest book year first, paginated by year, filterable.
    const page1 = SubmissionPage.parse((await a.inject({ url: `${api(SubmissionPaths.list)}?limit=1` })).json());
    expect(page1.items.map((s) => s.bookYear)).toEqual([bookYear]);
    const page2 = SubmissionPage.parse((await a.inject({ url: `${api(SubmissionPaths.list)}?limit=1&cursor=${page1.nextCursor}` })).json());
    expect(page2.items.map((s) => s.bookYear)).toEqual([bookYear - 2]);
    expect(page2.nextCursor).toBeNull();
    const filtered = SubmissionPage.parse((await a.inject({ url: `${api(SubmissionPaths.list)}?bookYear=${bookYear - 2}&status=draft` })).json());
    expect(filtered.items).toHaveLength(1);
    expect(SubmissionPage.parse((await b.inject({ url: api(SubmissionPaths.list) })).json()).items).toEqual([]);
  });

  it('PATCH changes the enterprise data with the current version only', async () => {
    const retail = await referenceId(t, 'departments', 'retail');
    const url = api(SubmissionPaths.one(main.id));
    const ok = await a.inject({
      method: 'PATCH',
      url,
      payload: { version: main.version, departmentId: retail, averageLabour: 12.5, totalAssets: AMOUNT_MAX },
    });
    expect(ok.statusCode).toBe(200);
    const changed = SubmissionDetail.parse(ok.json());
    expect(changed).toMatchObject({
      version: 2,
      departmentId: retail,
      sector: 'trade',
      averageLabour: 12.5,
      totalAssets: AMOUNT_MAX,
      annualIncome: null,
    });

    const stale = await a2.inject({ method: 'PATCH', url, payload: { version: main.version, averageLabour: 3 } });
    expect(stale.statusCode).toBe(409);
    expect(problem(stale).code).toBe('STALE');

    const unknown = await a.inject({ method: 'PATCH', url, payload: { version: 2, departmentId: await referenceId(t, 'sizes', 'micro') } });
    expect(unknown.statusCode).toBe(400);
    expect(problem(unknown).errors?.map((e) => e.path)).toEqual(['body.departmentId']);
    for (const bad of [{ totalAssets: -1 }, { totalAssets: 1.5 }, { annualIncome: 2 ** 53 }, { averageLabour: 'x' }]) {
      expect((await a.inject({ method: 'PATCH', url, payload: { version: 2, ...bad } })).statusCode, JSON.stringify(bad)).toBe(400);
    }

    // Signatories: a snapshot of what the form sends (an outside holder needs licence and firm).
    const people = {
      owner: { name: 'ທ່ານ ສົມພອນ', phone: '+856 20 5555 5555' },
      holder: { kind: 'outside', name: 'Outside Accountant', phone: '+856 20 6666 6666', licenceNo: 'LIC-7', firmName: 'Audit Firm' },
      checker: { name: 'Checker Nine' },
    };
    const signed = SubmissionDetail.parse((await a.inject({ method: 'PATCH', url, payload: { version: 2, signatories: people } })).json());
    expect(signed.version).toBe(3);
    expect(signed.signatories).toEqual({
      owner: { name: 'ທ່ານ ສົມພອນ', position: null, phone: '+856 20 5555 5555', email: null },
      holder: {
        kind: 'outside',
        name: 'Outside Accountant',
        position: null,
        phone: '+856 20 6666 6666',
        email: null,
        licenceNo: 'LIC-7',
        firmName: 'Audit Firm',
      },
      checker: { name: 'Checker Nine', position: null, phone: null, email: null },
    });
    // Nothing changed: no new version, no event.
    expect(SubmissionDetail.parse((await a.inject({ method: 'PATCH', url, payload: { version: 3, averageLabour: 12.5 } })).json()).version).toBe(3);
    main = signed;
  });

  it('checks: blocking errors, then warnings that must be confirmed', async () => {
    const url = api(SubmissionPaths.submit(main.id));
    const blocked = await a.inject({
      method: 'POST',
      url,
      payload: { version: main.version, confirmWarnings: true },
      headers: { 'accept-language': 'en' },
    });
    expect(blocked.statusCode).toBe(422);
    const body = problem(blocked);
    expect(body.code).toBe('CHECKS_FAILED');
    const checks = checksFromFieldErrors(body.errors ?? []);
    expect(checks.errors).toEqual([
      { code: 'value_missing', field: 'annualIncome' },
      ...REQUIRED_SLOTS.map((slot) => ({ code: 'slot_empty', slot })),
    ]);
    expect(body.errors?.find((e) => e.path === 'slots.balance-sheet')?.message).toBe('The required document “Balance sheet” has no file yet.');
    // The same checks are part of the submission, for the form's review step.
    expect((await getDetail(a, main.id)).checks.errors).toEqual(checks.errors);

    // Fill in, upload (a wrong kind for a slot is refused at once), check again.
    main = await enterFigures(t, a, main, { totalAssets: 850_000_000 });
    expect(
      (await createUpload(a, { ownerKind: 'submission', ownerId: main.id, slot: 'audit-report', filename: 'scan.png' }, 600)).res.statusCode,
    ).toBe(415);
    expect((await createUpload(a, { ownerKind: 'submission', ownerId: main.id, slot: 'no-such-slot', filename: 'x.pdf' }, 600)).res.statusCode).toBe(
      400,
    );
    for (const slot of REQUIRED_SLOTS) expect((await uploadInto(a2, main.id, slot)).last.statusCode).toBe(204);
    expect((await uploadInto(a, main.id, 'other', 'ໜັງສືຢັ້ງຢືນ.png', pngBytes(700))).last.statusCode).toBe(204);
    main = await getDetail(a, main.id);
    // The size cannot be determined (thresholds not entered): the service determines it, nothing to confirm (decision 099).
    expect(main.checks).toEqual({ errors: [], warnings: [] });
    expect(main.derivedSize).toMatchObject({ kind: 'undetermined', missingInputs: [] });
    // Uploads do not change the version (files have their own history).
    expect(main.version).toBe(4);
  });

  it('walks the state machine: every allowed and refused transition, the locks, the e-mails', async () => {
    const url = (action: SubmissionAction) =>
      action === 'submit'
        ? api(SubmissionPaths.submit(main.id))
        : api(SubmissionPaths.staffAction(main.id, action === 'startReview' ? 'start-review' : action));
    const body = (action: SubmissionAction, version: number) =>
      action === 'submit'
        ? { version, confirmWarnings: true }
        : action === 'return'
          ? { version, reasons: 'The cash-flow statement does not add up.' }
          : { version };
    const agentFor = (action: SubmissionAction) => (action === 'submit' ? a : staff1);
    const status = async () =>
      await t.db.kysely.selectFrom('submissions').select(['status', 'version']).where('id', '=', main.id).executeTakeFirstOrThrow();

    /** Every action the state machine refuses in this state answers 409 INVALID_TRANSITION and changes nothing. */
    async function refusedHere(from: SubmissionStatus) {
      const before = await status();
      expect(before.status).toBe(from);
      for (const action of SUBMISSION_ACTIONS) {
        const actor = action === 'submit' ? 'company' : 'staff';
        if (nextSubmissionStatus(from, action, actor)) continue;
        const res = await agentFor(action).inject({ method: 'POST', url: url(action), payload: body(action, Number(before.version)) });
        expect(res.statusCode, `${action} from ${from}`).toBe(409);
        expect(problem(res).code, `${action} from ${from}`).toBe('INVALID_TRANSITION');
      }
      expect(await status()).toEqual(before);
    }
    /** The one allowed move; answers the new version. */
    async function move(action: SubmissionAction, from: SubmissionStatus, extra: Record<string, unknown> = {}, resumesAt?: SubmissionStatus) {
      const actor = action === 'submit' ? 'company' : 'staff';
      const to = resumesAt ?? nextSubmissionStatus(from, action, actor)!;
      const before = await status();
      const res = await agentFor(action).inject({ method: 'POST', url: url(action), payload: { ...body(action, Number(before.version)), ...extra } });
      expect(res.statusCode, `${action} from ${from}: ${res.body}`).toBe(200);
      expect(res.json()).toMatchObject({ status: to, version: Number(before.version) + 1 });
      return to;
    }
    /** The company may change data and files only in draft and returned. */
    async function companyLocked(expected: boolean) {
      const { version } = await status();
      const patch = await a.inject({
        method: 'PATCH',
        url: api(SubmissionPaths.one(main.id)),
        payload: { version: Number(version), averageLabour: 13 },
      });
      const upload = await createUpload(a, { ownerKind: 'submission', ownerId: main.id, slot: 'other', filename: 'late.pdf' }, 1000);
      if (expected) {
        expect(patch.statusCode).toBe(409);
        expect(problem(patch).code).toBe('SUBMISSION_LOCKED');
        expect(upload.res.statusCode).toBe(409);
        expect(problem(upload.res).code).toBe('SUBMISSION_LOCKED');
      } else {
        expect(patch.statusCode).toBe(200);
        expect(upload.res.statusCode).toBe(201);
      }
    }

    await refusedHere('draft');
    let state = await move('submit', 'draft');
    expect(state).toBe('submitted');
    expect(await check(a, bookYear)).toMatchObject({ status: 'submitted', submitted: true, editable: false });
    await companyLocked(true);
    await refusedHere('submitted');

    state = await move('startReview', state);
    await companyLocked(true);
    await refusedHere('in_review');

    // Return with reasons and a comment on one file: both reach the company, by e-mail too.
    const detail = StaffSubmissionDetail.parse((await staff1.inject({ url: api(SubmissionPaths.staffOne(main.id)) })).json());
    const cashFlow = detail.files.slots.find((s) => s.code === 'cash-flow')!.file!;
    state = await move('return', state, { fileComments: [{ fileId: cashFlow.id, body: 'Totals on page 2 differ from page 1.' }] });
    const returned = await getDetail(a, main.id);
    expect(returned.comments).toEqual([
      expect.objectContaining({
        returned: true,
        fileId: null,
        body: 'The cash-flow statement does not add up.',
        author: expect.objectContaining({ kind: 'staff' }),
      }),
      expect.objectContaining({ returned: true, fileId: cashFlow.id, slot: 'cash-flow', body: 'Totals on page 2 differ from page 1.' }),
    ]);
    const [mailA] = await outbox((await emailOf(a)).email).then((m) => m.filter((x) => x.subject.includes('returned')));
    expect(mailA?.subject).toBe(`Bansi: ${returned.reference} — your ${bookYear} submission was returned for changes`);
    expect(mailA?.textBody).toContain('The cash-flow statement does not add up.');
    expect(mailA?.textBody).toContain('- Cash-flow statement (cash-flow.pdf): Totals on page 2 differ from page 1.');
    expect(mailA?.textBody).toContain(`/dashboard/submit-document/detail/${main.id}`);
    const laoUser = await emailOf(a2);
    expect(laoUser.language).toBe('lo');
    const [mailLo] = (await outbox(laoUser.email)).filter((m) => m.subject.includes('ສົ່ງຄືນ'));
    expect(mailLo?.textBody).toContain('ດ້ວຍເຫດຜົນດັ່ງນີ້');
    expect(mailLo?.textBody).toContain('ໃບລາຍງານກະແສເງິນສົດ (cash-flow.pdf)');

    // Returned: the company may change things again; replacing a file keeps the old one in history.
    await refusedHere('returned');
    await companyLocked(false);
    const replacement = await uploadInto(a, main.id, 'cash-flow', 'cash-flow v2.pdf', pdfBytes(2500));
    expect(replacement.last.statusCode).toBe(204);
    const files = SubmissionFiles.parse((await a.inject({ url: api(SubmissionPaths.files(main.id)) })).json());
    const slot = files.slots.find((s) => s.code === 'cash-flow')!;
    expect(slot.file).toMatchObject({ originalName: 'cash-flow v2.pdf', replacesId: cashFlow.id, sha256: sha256Hex(replacement.data) });
    expect(slot.history.map((f) => f.id)).toEqual([cashFlow.id]);
    expect(files.others.map((f) => f.originalName)).toEqual(['ໜັງສືຢັ້ງຢືນ.png']);

    // A resubmit goes straight back to "in review" with the reviewer who returned it: no second "Start review".
    state = await move('submit', state, { comment: 'Fixed the totals.' }, 'in_review');
    expect(state).toBe('in_review');
    await companyLocked(true);
    await refusedHere('in_review');

    // Before acceptance there is no receipt.
    expect((await a.inject({ url: api(SubmissionPaths.receipt(main.id)) })).statusCode).toBe(404);
    state = await move('accept', state);
    expect(state).toBe('accepted');
    await companyLocked(true);
    await refusedHere('accepted');
    const [acceptedMail] = (await outbox((await emailOf(a)).email)).filter((m) => m.subject.includes('accepted'));
    expect(acceptedMail?.textBody).toContain(`${t.config.PUBLIC_URL}/dashboard/submit-document/detail/${main.id}`);
    expect((await outbox(laoUser.email)).some((m) => m.subject.includes('ຮັບເອົາແລ້ວ'))).toBe(true);

    // The timeline tells the whole story, newest first, page by page.
    const events: string[] = [];
    let uploadedFiles = 0;
    let cursor: string | null = null;
    do {
      const res = await a.inject({ url: `${api(SubmissionPaths.events(main.id))}?limit=7${cursor ? `&cursor=${cursor}` : ''}` });
      const page = SubmissionEventPage.parse(res.json());
      events.push(...page.items.map((e) => e.action));
      uploadedFiles += page.items.filter((e) => e.action === 'file_uploaded').reduce((n, e) => n + e.files.length, 0);
      cursor = page.nextCursor;
    } while (cursor);
    expect(events.reverse().filter((e) => e !== 'file_uploaded' && e !== 'commented')).toEqual([
      'created',
      'updated',
      'updated',
      'updated',
      'submitted',
      'review_started',
      'returned',
      'updated',
      'file_replaced',
      'resubmitted',
      'review_started',
      'accepted',
    ]);
    // One upload action is one entry listing its files (decision 097).
    expect(uploadedFiles).toBe(REQUIRED_SLOTS.length + 1);
  });

  it('serves the receipt PDF only once accepted; its QR code checks it publicly', async () => {
    const res = await a.inject({ url: api(SubmissionPaths.receipt(main.id)) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.headers['content-disposition']).toContain(`receipt-${(await getDetail(a, main.id)).reference}.pdf`);
    const etag = res.headers.etag as string;
    expect((await a.inject({ url: api(SubmissionPaths.receipt(main.id)), headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    const part = await a.inject({ url: api(SubmissionPaths.receipt(main.id)), headers: { range: 'bytes=0-99' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.length).toBe(100);
    // Staff read it too; another company does not.
    expect((await staff2.inject({ url: api(SubmissionPaths.staffReceipt(main.id)) })).rawPayload.equals(res.rawPayload)).toBe(true);
    expect((await b.inject({ url: api(SubmissionPaths.receipt(main.id)) })).statusCode).toBe(404);
    // Not accepted: none.
    const draft = await openSubmission(a, bookYear - 2);
    expect((await a.inject({ url: api(SubmissionPaths.receipt(draft.id)) })).statusCode).toBe(404);

    // The PDF names every current file with its SHA-256 (in the embedded mono face; read as pdftotext reads it).
    const text = await pdfText(res.rawPayload);
    const detail = await getDetail(a, main.id);
    expect(detail.receiptAvailable).toBe(true);
    for (const s of detail.files.slots.filter((x) => x.file)) expect(text, s.code).toContain(s.file!.sha256);
    for (const f of detail.files.others) expect(text).toContain(f.sha256);

    // The QR code's link (also a link annotation in the PDF) carries the company and the secret code.
    const companyId = a.companyId!;
    const match = new RegExp(`/qr/scan/${companyId}/([A-Za-z0-9_-]+)`).exec(res.rawPayload.toString('latin1'));
    expect(match).not.toBeNull();
    const code = match![1]!;
    expect(code.length).toBeGreaterThanOrEqual(22);
    const visitor = await t.app.inject({ url: api(SubmissionPaths.qrCheck(companyId, code)) });
    expect(visitor.statusCode).toBe(200);
    const verified = QrCheckResult.parse(visitor.json());
    expect(verified).toMatchObject({ kind: 'receipt', genuine: true, bookYear, companyNameEn: expect.stringMatching(/^Test Company/) });
    // Issue 10: the visitor also sees how many files the receipt covers, and nothing more.
    expect(Object.keys(visitor.json()).sort()).toEqual([
      'acceptedAt',
      'bookYear',
      'companyNameEn',
      'companyNameLo',
      'fileCount',
      'genuine',
      'kind',
      'reference',
    ]);
    expect(visitor.json().reference).toMatch(/^BS-\d{4}-\d{6}$/);
    expect(visitor.json().fileCount).toBe(detail.files.slots.filter((x) => x.file).length + detail.files.others.length);
    // Wrong code, or the right code under another company: nothing.
    expect((await t.app.inject({ url: api(SubmissionPaths.qrCheck(companyId, `${code.slice(0, -2)}xx`)) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: api(SubmissionPaths.qrCheck(b.companyId!, code)) })).statusCode).toBe(404);
    // Only the code's hash is stored.
    const stored = await t.db.kysely.selectFrom('submissionReceipts').selectAll().where('submissionId', '=', main.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(code);
    expect(stored.codeHash).toBe(sha256Hex(Buffer.from(code)));
  });

  it('two reviewers acting on the same version: one wins, the other gets 409 STALE', async () => {
    const ready = await readySubmission(t, a, bookYear - 1);
    const submitted = await submit(a, ready);
    expect(submitted.statusCode).toBe(200);
    const version = submitted.json().version as number;
    const results = await Promise.all([
      staffAction(staff1, ready.id, 'start-review', { version }),
      staffAction(staff2, ready.id, 'start-review', { version }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(problem(results.find((r) => r.statusCode === 409)!).code).toBe('STALE');
    const now = (results.find((r) => r.statusCode === 200)!.json() as { version: number }).version;
    expect(now).toBe(version + 1);
    // Again with different actions on one version: accept and return.
    const both = await Promise.all([
      staffAction(staff1, ready.id, 'accept', { version: now }),
      staffAction(staff2, ready.id, 'return', { version: now, reasons: 'Missing stamp.' }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(problem(both.find((r) => r.statusCode === 409)!).code).toBe('STALE');
    // Exactly one accept (one receipt) or one return (one returned event) happened.
    const events = await t.db.kysely
      .selectFrom('reviewEvents')
      .select('action')
      .where('kind', '=', 'submission')
      .where('subjectId', '=', ready.id)
      .execute();
    expect(events.filter((e) => e.action === 'accepted' || e.action === 'returned')).toHaveLength(1);
    const receipts = await t.db.kysely.selectFrom('submissionReceipts').select('fileId').where('submissionId', '=', ready.id).execute();
    const receiptFiles = await t.db.kysely
      .selectFrom('files')
      .select('id')
      .where('ownerId', '=', ready.id)
      .where('ownerKind', '=', 'submission_receipt')
      .execute();
    expect(receiptFiles.length).toBe(receipts.length);
    // A comment with a stale version is refused; a file of another submission is not a valid target.
    expect((await staffAction(staff1, ready.id, 'comments', { version, body: 'late' })).statusCode).toBe(409);
    const otherFile = (await getDetail(a, main.id)).files.slots[0]!.file!.id;
    expect((await staffAction(staff1, ready.id, 'comments', { version: now + 1, body: 'x', fileId: otherFile })).statusCode).toBe(400);
    const comment = await staffAction(staff1, ready.id, 'comments', { version: now + 1, body: 'Thank you.' });
    expect(comment.statusCode).toBe(201);
    expect(comment.json()).toMatchObject({ body: 'Thank you.', fileId: null, returned: false, author: { kind: 'staff' } });
  });

  it('staff queue: oldest submission first, filtered; drafts are not listed', async () => {
    const c = await registerCompany(t, { company: { provinceCode: '02', districtCode: '0201' } }).catch(() => registerCompany(t));
    const cSub = await readySubmission(t, c.agent, bookYear);
    // Staff may open a draft by id, but the queue lists only what the company has submitted.
    expect((await staff1.inject({ url: api(SubmissionPaths.staffOne(cSub.id)) })).statusCode).toBe(200);
    const queueOf = async (query: string) =>
      StaffQueuePage.parse((await staff1.inject({ url: `${api(SubmissionPaths.staffList)}?${query}` })).json());
    expect((await queueOf('status=all')).items.some((i) => i.id === cSub.id)).toBe(false);
    expect((await submit(c.agent, cSub)).statusCode).toBe(200);

    const awaiting = await queueOf('');
    expect(awaiting.items.map((i) => i.id)).toContain(cSub.id);
    expect(awaiting.items.every((i) => ['submitted', 'resubmitted', 'in_review'].includes(i.status))).toBe(true);
    const all = await queueOf('status=all');
    const times = all.items.map((i) => i.submittedAt!);
    expect([...times].sort()).toEqual(times);
    expect(all.items.find((i) => i.id === main.id)).toMatchObject({ status: 'accepted', receiptAvailable: true, company: { id: a.companyId } });
    expect((await queueOf('status=accepted')).items.every((i) => i.status === 'accepted')).toBe(true);
    expect((await queueOf(`bookYear=${bookYear - 1}&status=all`)).items.every((i) => i.bookYear === bookYear - 1)).toBe(true);
    const cItem = all.items.find((i) => i.id === cSub.id)!;
    const byProvince = await queueOf(`status=all&provinceCode=${cItem.company.provinceCode}`);
    expect(byProvince.items.every((i) => i.company.provinceCode === cItem.company.provinceCode)).toBe(true);
    expect((await queueOf(`status=all&sizeId=${await referenceId(t, 'sizes', 'large')}`)).items).toEqual([]);
    expect((await queueOf(`status=all&sizeId=${await referenceId(t, 'sizes', 'small')}`)).items.length).toBe(all.items.length);
    // A row carries the derived size's verdict only; why (basis, missing cells) is on the submission's page.
    const raw = (await staff1.inject({ url: `${api(SubmissionPaths.staffList)}?status=all&limit=100` })).json() as {
      items: { id: string; derivedSize: unknown }[];
    };
    expect(raw.items.some((i) => i.derivedSize !== null)).toBe(true);
    for (const item of raw.items) {
      const { derivedSize } = StaffSubmissionDetail.parse((await staff1.inject({ url: api(SubmissionPaths.staffOne(item.id)) })).json());
      expect(item.derivedSize).toEqual(smeSizeVerdict(derivedSize));
    }
    // Pages of one.
    const first = await queueOf('status=all&limit=1');
    const second = await queueOf(`status=all&limit=1&cursor=${first.nextCursor}`);
    expect([first.items[0]!.id, second.items[0]!.id]).toEqual(all.items.slice(0, 2).map((i) => i.id));
  });

  it('all-document history: submissions, their files, other files and receipts, by year and kind', async () => {
    const docs = async (query = '') => DocumentPage.parse((await a.inject({ url: `${api(SubmissionPaths.documents)}?limit=100&${query}` })).json());
    const every = await docs();
    expect(new Set(every.items.map((d) => d.kind))).toEqual(new Set(['submission', 'submission_file', 'other_file', 'receipt']));
    const receipts = await docs('kind=receipt');
    expect(receipts.items.map((d) => d.submissionId)).toContain(main.id);
    expect(receipts.items.every((d) => d.kind === 'receipt' && d.file?.kind === 'pdf')).toBe(true);
    const year = await docs(`bookYear=${bookYear}`);
    expect(year.items.every((d) => d.bookYear === bookYear)).toBe(true);
    expect(year.items.filter((d) => d.kind === 'submission_file' && d.superseded).map((d) => d.file?.originalName)).toEqual(['cash-flow.pdf']);
    const balance = year.items.find((d) => d.kind === 'submission_file' && d.file?.slot === 'balance-sheet');
    expect(balance).toMatchObject({ slotNameEn: 'Balance sheet', slotNameLo: 'ໃບລາຍງານຖານະການເງິນ', status: 'accepted' });
    const paged = await a.inject({ url: `${api(SubmissionPaths.documents)}?limit=3` });
    const p1 = DocumentPage.parse(paged.json());
    const p2 = DocumentPage.parse((await a.inject({ url: `${api(SubmissionPaths.documents)}?limit=3&cursor=${p1.nextCursor}` })).json());
    expect([...p1.items, ...p2.items].map((d) => d.id)).toEqual(every.items.slice(0, 6).map((d) => d.id));
    expect((await b.inject({ url: api(SubmissionPaths.documents) })).json().items).toEqual([]);
  });

  it('derives the size from thresholds staff entered, and warns when it differs from the profile', async () => {
    // TEST DATA: invented bounds for trade, entered through the staff endpoint (never real thresholds).
    const admin = await loginAs(t, 'staffAdmin');
    const cell = (size: SmeThresholdCell['size'], criterion: SmeThresholdCell['criterion'], upperBound: number): SmeThresholdCell => ({
      sector: 'trade',
      size,
      criterion,
      upperBound,
      upperInclusive: true,
      effectiveFrom: '2000-01-01',
      sourceNote: 'TEST DATA — invented for the submission tests',
    });
    for (const c of [
      cell('micro', 'labour', 5),
      cell('micro', 'assets', 100_000_000),
      cell('micro', 'income', 400_000_000),
      cell('small', 'labour', 50),
      cell('small', 'assets', 1_000_000_000),
      cell('small', 'income', 2_000_000_000),
    ]) {
      expect((await admin.inject({ method: 'POST', url: api('/staff/sme-thresholds'), payload: c })).statusCode).toBe(201);
    }
    const d = (await registerCompany(t)).agent; // declared size: small
    const ready = await readySubmission(t, d, bookYear);
    // 12 persons, 850 M assets, 1.25 bn income: above every micro bound, within small → small, as declared.
    expect(ready).toMatchObject({ derivedSize: { kind: 'size', size: 'small' }, declaredSize: { code: 'small', size: 'small' }, sizeDiffers: false });
    expect(ready.checks.warnings).toEqual([]);
    // 3 persons: micro by labour → differs from the profile → a warning to confirm.
    const micro = await enterFigures(t, d, ready, { averageLabour: 3 });
    expect(micro).toMatchObject({ derivedSize: { kind: 'size', size: 'micro', basis: ['labour'] }, sizeDiffers: true });
    expect(micro.checks.warnings).toEqual([{ code: 'size_differs' }]);
    const refused = await submit(d, micro, {});
    expect(problem(refused).code).toBe('CHECKS_WARNINGS');
    expect(problem(refused).errors?.[0]?.code).toBe('size_differs');
    // Above every small bound, but no medium cells yet: cannot be determined, never guessed.
    const big = await enterFigures(t, d, micro, { averageLabour: 80, totalAssets: 5_000_000_000, annualIncome: 9_000_000_000 });
    expect(big.derivedSize).toMatchObject({ kind: 'undetermined', missingInputs: [] });
    expect(big.checks.warnings).toEqual([]);
    // The service determines such a size: the company submits without confirming anything (decision 099).
    const e = (await registerCompany(t)).agent;
    const undetermined = await enterFigures(t, e, await readySubmission(t, e, bookYear), {
      averageLabour: 80,
      totalAssets: 5_000_000_000,
      annualIncome: 9_000_000_000,
    });
    expect(undetermined.derivedSize).toMatchObject({ kind: 'undetermined' });
    const accepted = await submit(e, undetermined, {});
    expect(accepted.statusCode, accepted.body).toBe(200);
    const fine = await enterFigures(t, d, big, { averageLabour: 12, totalAssets: 850_000_000, annualIncome: 1_250_000_000 });
    const done = await submit(d, fine, {});
    expect(done.statusCode).toBe(200);
    // Staff see declared vs derived, the company's data and the timeline.
    const staffView = StaffSubmissionDetail.parse((await staff1.inject({ url: api(SubmissionPaths.staffOne(fine.id)) })).json());
    expect(staffView).toMatchObject({
      declaredSize: { code: 'small' },
      derivedSize: { kind: 'size', size: 'small' },
      sizeDiffers: false,
      company: { id: d.companyId },
    });
    expect(staffView.events[0]).toMatchObject({ action: 'submitted', actor: { kind: 'company' } });
    expect(staffView.allowedActions).toEqual(['startReview']);
  });

  it('demo seed: a draft for the book year with two files, idempotent', async () => {
    await accountsDemoSeed.run({ db: t.db, config: t.config });
    await submissionsDemoSeed.run({ db: t.db, config: t.config });
    await submissionsDemoSeed.run({ db: t.db, config: t.config });
    const demo = await new (a.constructor as new (t: TestApp) => Agent)(t).login(DEMO_ACCOUNTS.company.email, DEMO_ACCOUNTS.company.password);
    const list = SubmissionPage.parse((await demo.inject({ url: api(SubmissionPaths.list) })).json());
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({ bookYear, status: 'draft', fileCount: 2 });
    const detail = await getDetail(demo, list.items[0]!.id);
    expect(detail.files.slots.filter((x) => x.file).map((x) => [x.code, x.file!.kind])).toEqual([
      ['balance-sheet', 'pdf'],
      ['trial-balance', 'csv'],
    ]);
    expect(detail.checks.errors.map((e) => e.slot)).toEqual(['income-statement', 'cash-flow', 'notes']);
  });
});
