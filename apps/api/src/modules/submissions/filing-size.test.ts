import { AuthPaths, BackofficePaths, StaffQueuePage, StaffSubmissionDetail, SubmissionPaths, type SubmissionDetail } from '@bansi/shared';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../lib/pdf/pdf-text';
import { createTestApp, dialect, loginAs, registerCompany, type Agent, type TestApp } from '../../../test/helpers';
import { api, getDetail, readySubmission, staffAction, submit } from '../../../test/submissions';

/**
 * Issue 33: where the SME thresholds cannot decide (trade has no cells a public source gives), the reviewer
 * sets the filing's size with a reason; it is audited and it is what the company, the queue, the CSV and the
 * receipt show. Where the rule decides, the reviewer cannot override it.
 */
describe(`the size a reviewer sets on a filing (${dialect})`, () => {
  let t: TestApp;
  let company: Agent;
  let staff: Agent;
  let sub: SubmissionDetail;

  beforeAll(async () => {
    t = await createTestApp();
    company = (await registerCompany(t)).agent;
    staff = await loginAs(t, 'staff');
    sub = await readySubmission(t, company, t.config.BOOK_YEAR);
  });
  afterAll(() => t?.close());

  const setSize = (id: string, body: Record<string, unknown>, agent = staff) =>
    agent.inject({ method: 'POST', url: api(SubmissionPaths.staffSize(id)), payload: body });

  it('is refused to the company, without a reason, and where the rule decides', async () => {
    expect(sub.derivedSize).toMatchObject({ kind: 'undetermined' });
    expect((await setSize(sub.id, { version: sub.version, size: 'small', reason: 'x' }, company)).statusCode).toBe(403);
    expect((await setSize(sub.id, { version: sub.version, size: 'small', reason: '  ' })).statusCode).toBe(400);
    expect((await setSize(sub.id, { version: sub.version, size: 'small', reason: 'x'.repeat(501) })).statusCode).toBe(400);
    expect((await setSize(sub.id, { version: sub.version, size: 'tiny', reason: 'x' })).statusCode).toBe(400);
    expect((await setSize('00000000-0000-4000-8000-000000000000', { version: 1, size: 'small', reason: 'x' })).statusCode).toBe(404);
    expect(await getDetail(company, sub.id)).toMatchObject({ version: sub.version, derivedSize: { kind: 'undetermined' } });

    // A production company of 3 persons is micro by the decree's verified cell: no hand setting.
    const producer = (await registerCompany(t)).agent;
    const opened = (await producer.inject({ method: 'POST', url: api(SubmissionPaths.list), payload: { bookYear: t.config.BOOK_YEAR } })).json();
    const departmentId = (
      await t.db.kysely
        .selectFrom('referenceItems')
        .select('id')
        .where('list', '=', 'departments')
        .where('code', '=', 'manufacturing')
        .executeTakeFirstOrThrow()
    ).id;
    const patched = await producer.inject({
      method: 'PATCH',
      url: api(SubmissionPaths.one(opened.id)),
      payload: { version: opened.version, departmentId, averageLabour: 3, totalAssets: 50_000_000, annualIncome: 80_000_000 },
    });
    expect(patched.json().derivedSize).toMatchObject({ kind: 'size', size: 'micro' });
    const refused = await setSize(opened.id, { version: patched.json().version, size: 'large', reason: 'no' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('SIZE_DETERMINED');
  });

  it('sets the size with a reason, audited; the company, the queue, the CSV and the receipt show it', async () => {
    const reason = 'Trade thresholds are not published; 12 persons and LAK 850 million of assets make a small enterprise.';
    const res = await setSize(sub.id, { version: sub.version, size: 'small', reason });
    expect(res.statusCode, res.body).toBe(200);
    const detail = StaffSubmissionDetail.parse(res.json());
    expect(detail.derivedSize).toMatchObject({ kind: 'size', size: 'small', basis: [], setByReviewer: { reason } });
    const audit = await t.db.kysely
      .selectFrom('auditLog')
      .select(['action', 'details', 'actorUserId'])
      .where('subjectId', '=', sub.id)
      .where('action', '=', 'submission.set_size')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.details!)).toMatchObject({ from: null, to: 'small', reason });
    expect(audit.actorUserId).toBe(staff.userId);

    // the company
    const mine = await getDetail(company, sub.id);
    expect(mine.derivedSize).toMatchObject({ kind: 'size', size: 'small', setByReviewer: { reason } });
    // the queue, once submitted
    const submitted = await submit(company, mine);
    expect(submitted.statusCode, submitted.body).toBe(200);
    const queue = StaffQueuePage.parse((await staff.inject({ url: api(SubmissionPaths.staffList), query: { status: 'all' } })).json());
    expect(queue.items.find((i) => i.id === sub.id)!.derivedSize).toEqual({ kind: 'size', size: 'small', setByReviewer: true });
    // the CSV (in the staff account's language: English here)
    await staff.inject({ method: 'PUT', url: api(AuthPaths.language), payload: { language: 'en' } });
    const csv = await staff.inject({
      url: api(BackofficePaths.reportCsv),
      query: { bookYear: String(t.config.BOOK_YEAR) },
      headers: { 'accept-language': 'en' },
    });
    const rows = parse(csv.rawPayload, { bom: true }) as string[][];
    const filingSize = rows[0]!.indexOf(t.app.t('en', 'backoffice.csv.filingSize'));
    expect(rows.map((r) => r[filingSize])).toContain(`${t.app.t('en', 'submission.size.small')} (${t.app.t('en', 'submission.size.setByService')})`);
    // the receipt
    const review = await staffAction(staff, sub.id, 'start-review', { version: submitted.json().version });
    const accepted = await staffAction(staff, sub.id, 'accept', { version: review.json().version });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const receipt = await company.inject({ url: api(SubmissionPaths.receipt(sub.id)) });
    const text = (await pdfText(receipt.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain(`${t.app.t('en', 'submission.size.small')} (${t.app.t('en', 'submission.size.setByService')})`);
    expect(text).toContain(t.app.t('lo', 'submission.size.small'));
  });
});
