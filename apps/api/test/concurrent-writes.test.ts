import { API_BASE, BookingPaths, CompanyPaths, ContentPaths, PaymentPaths, SmeThresholdPaths, StaffAccountPaths } from '@bansi/shared';
import type { Response as InjectResponse } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, createTestApp, dialect, loginAs, registerCompany, type TestApp } from './helpers';

/**
 * Staff (and company admins) double-clicking, or two of them saving the same thing at once: every
 * write whose row has a unique key, sent several times at the same moment. The database's unique index
 * decides which one wins; the others must get a 409 problem — never a 500 (issue 28: five 500s on
 * PostgreSQL under the outside review's concurrent fuzzing).
 */

const api = (path: string) => `${API_BASE}${path}`;
const AT_ONCE = 4;

describe(`concurrent duplicate writes (${dialect})`, () => {
  let t: TestApp;
  let staffAdmin: Agent;
  let companyAdmin: Agent;

  beforeAll(async () => {
    t = await createTestApp();
    staffAdmin = await loginAs(t, 'staffAdmin');
    companyAdmin = (await registerCompany(t)).agent;
  });
  afterAll(() => t.close());

  /** The same request AT_ONCE times at the same moment. */
  const atOnce = (agent: Agent, method: string, url: string, payload: object) =>
    Promise.all(Array.from({ length: AT_ONCE }, () => agent.inject({ method, url, payload })));

  /** One of them made the row; every other one is a 409 problem. */
  function expectOneWinner(answers: InjectResponse[], created = 201) {
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses, answers.map((a) => a.body.slice(0, 160)).join('\n')).toEqual([created, ...Array<number>(AT_ONCE - 1).fill(409)]);
    for (const refused of answers.filter((a) => a.statusCode === 409)) {
      expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(refused.json()).toMatchObject({ status: 409, code: expect.any(String) as string, title: expect.any(String) as string });
    }
  }

  it('a holiday on the same date', async () => {
    const answers = await atOnce(staffAdmin, 'POST', api(BookingPaths.holidays), { date: '2031-04-14', nameLo: 'ປີໃໝ່ລາວ', nameEn: 'Lao New Year' });
    expectOneWinner(answers);
    const list = (await staffAdmin.inject({ url: api(`${BookingPaths.holidays}?year=2031`) })).json() as { items: { date: string }[] };
    expect(list.items.filter((h) => h.date === '2031-04-14')).toHaveLength(1);
  });

  it('the same SME threshold cell', async () => {
    const cell = {
      sector: 'trade',
      size: 'small',
      criterion: 'labour',
      upperBound: 50,
      upperInclusive: true,
      effectiveFrom: '2031-01-01',
      sourceNote: 'Decree 25/GOL, art. 4',
    };
    expectOneWinner(await atOnce(staffAdmin, 'POST', api(SmeThresholdPaths.staffCreate), cell));
  });

  it('a reference item with the same code', async () => {
    const url = api('/staff/reference/categories');
    expectOneWinner(await atOnce(staffAdmin, 'POST', url, { code: 'same-code-at-once', nameLo: 'ປະເພດ', nameEn: 'Category' }));
  });

  it('a post with the same slug, and a page with the same key', async () => {
    const post = { slug: 'same-slug-at-once', category: 'news', titleLo: 'ຂ່າວ' };
    expectOneWinner(await atOnce(staffAdmin, 'POST', api(ContentPaths.staffPosts), post));
    expectOneWinner(await atOnce(staffAdmin, 'POST', api(ContentPaths.staffPages), { key: 'same-key-at-once', titleLo: 'ໜ້າ' }));
  });

  it('a staff account for the same address: one account; the others answer as for a taken address, or 409', async () => {
    const email = `same-staff-${Date.now()}@example.test`;
    const answers = await atOnce(staffAdmin, 'POST', api(StaffAccountPaths.list), { name: 'Same Person', email, role: 'staff_reviewer' });
    // A repeated address answers 201 like a new one (decision 067); a twin that lost the race for the key, 409.
    expect(answers.filter((a) => ![201, 409].includes(a.statusCode)).map((a) => a.body)).toEqual([]);
    for (const refused of answers.filter((a) => a.statusCode === 409)) expect(refused.json()).toMatchObject({ status: 409, code: 'CONFLICT' });
    const accounts = (await staffAdmin.inject({ url: api(StaffAccountPaths.list) })).json() as { items: { email: string }[] };
    expect(accounts.items.filter((a) => a.email === email)).toHaveLength(1);
  });

  it('a colleague invited twice at once: one pending member, and every answer is that member (no 409 a new address alone would cause)', async () => {
    const email = `same-colleague-${Date.now()}@example.test`;
    const answers = await atOnce(companyAdmin, 'POST', api(CompanyPaths.invitations), { name: 'Same Colleague', email, role: 'company_user' });
    expect(answers.map((a) => a.statusCode)).toEqual(Array<number>(AT_ONCE).fill(201));
    const members = (await companyAdmin.inject({ url: api(CompanyPaths.members) })).json() as {
      items: { id: string; email: string; pending: boolean }[];
    };
    const listed = members.items.filter((m) => m.email === email);
    expect(listed).toEqual([expect.objectContaining({ pending: true })]);
    expect(new Set(answers.map((a) => (a.json() as { id: string }).id))).toEqual(new Set([listed[0]!.id]));
  });

  it('the fee schedule and the booking settings saved at once: each save is whole, none fails', async () => {
    const fees = { items: [{ service: 'annual_review', sizeCode: 'small', amount: 1_200_000, effectiveFrom: '2031-01-01' }] };
    const feeAnswers = await atOnce(staffAdmin, 'PUT', api(PaymentPaths.fees), fees);
    expect(feeAnswers.map((a) => a.statusCode)).toEqual(Array<number>(AT_ONCE).fill(200));
    const settings = { slotMinutes: 30, capacity: 4, minNoticeHours: 2, horizonDays: 60, cutoffHours: 24 };
    const settingAnswers = await atOnce(staffAdmin, 'PUT', api(BookingPaths.settings), settings);
    expect(settingAnswers.map((a) => a.statusCode)).toEqual(Array<number>(AT_ONCE).fill(200));
  });
});
