import {
  API_BASE,
  AuthPaths,
  BackofficePaths,
  vientianeDate,
  StaffCompanyDetail,
  StaffCompanyPage,
  StaffOverview,
  SubmissionReport,
  backofficeUrl,
} from '@bansi/shared';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialect, loginAs, registerCompany, type Agent, type TestApp } from '../../../test/helpers';
import { bookingRow } from '../../../test/bookings';
import { openSubmission, readySubmission, staffAction, submit } from '../../../test/submissions';
import { newId, nowIso } from '../../lib/crypto';

const url = (path: string) => `${API_BASE}${path}`;
const BOOK_YEAR = 2023;

describe(`back office: overview, companies, reports (${dialect})`, () => {
  let t: TestApp;
  let staff: Agent;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({ BOOK_YEAR: String(BOOK_YEAR) });
    staff = await loginAs(t, 'staff');
    // The fixture: one company in each state that the overview and the report count.
    const submitted = await registerCompany(t, {
      company: { nameLo: 'ບໍລິສັດລາວພັດທະນາການຄ້າ ຈຳກັດ', nameEn: 'Mekong "Star", Trading', provinceCode: '01' },
    });
    ids.submitted = submitted.companyId;
    const ready = await readySubmission(t, submitted.agent, BOOK_YEAR);
    expect((await submit(submitted.agent, ready)).statusCode).toBe(200);

    const reviewing = await registerCompany(t, {
      company: { nameLo: 'ໂຮງງານນ້ຳດື່ມຫຼວງພະບາງ', nameEn: 'Luang Prabang Water Works', provinceCode: '06', districtCode: '0601' },
    });
    ids.reviewing = reviewing.companyId;
    const ready2 = await readySubmission(t, reviewing.agent, BOOK_YEAR);
    const sent = await submit(reviewing.agent, ready2);
    expect((await staffAction(staff, ready2.id, 'start-review', { version: sent.json().version })).statusCode).toBe(200);

    const drafting = await registerCompany(t, { company: { nameLo: 'ຮ້ານອາຫານຈຳປາ', nameEn: 'Champa Restaurant', provinceCode: '01' } });
    ids.drafting = drafting.companyId;
    await openSubmission(drafting.agent, BOOK_YEAR);

    const idle = await registerCompany(t, {
      company: { nameLo: 'ສະຫະກອນກາເຟປາກຊ່ອງ', nameEn: 'Pakxong Coffee Cooperative', provinceCode: '16', districtCode: '1601' },
    });
    ids.idle = idle.companyId;

    // A job that used up its attempts.
    const now = nowIso();
    await t.db.kysely
      .insertInto('jobs')
      .values({
        id: newId(),
        kind: 'test.broken',
        payload: '{}',
        status: 'failed',
        attempts: 5,
        maxAttempts: 5,
        runAt: now,
        uniqueKey: null,
        lockedBy: null,
        lockedUntil: null,
        lastError: 'boom',
        createdAt: now,
        updatedAt: now,
        finishedAt: now,
      })
      .execute();
    // Today's booking of the idle company, one received and one tomorrow (not counted); two open invoices, one overdue, one paid.
    const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
    const booking = (status: 'booked' | 'received', slotStart: string, companyId: string) =>
      bookingRow({ status, slotStart, slotEnd: slotStart, companyId, createdBy: staff.userId! });
    const todayVientiane = vientianeDate(new Date());
    const noonToday = new Date(Date.parse(`${todayVientiane}T12:00:00+07:00`)).toISOString();
    await t.db.kysely
      .insertInto('bookings')
      .values([
        booking('booked', noonToday, ids.idle!),
        booking('received', noonToday, ids.drafting!),
        booking('booked', inHours(48), ids.submitted!),
      ])
      .execute();
    let seq = 0;
    const invoice = (status: 'open' | 'paid', dueDate: string) => ({
      id: newId(),
      companyId: ids.idle!,
      number: `INV-2099-${String((seq += 1)).padStart(6, '0')}`,
      year: 2099,
      seq,
      status,
      total: 500_000,
      dueDate,
      bookYear: BOOK_YEAR,
      sourceKey: null,
      issuedBy: null,
      issuedAt: now,
      paidAt: null,
      method: null,
      voidReason: null,
      voidedBy: null,
      voidedAt: null,
      receiptFileId: null,
      updatedAt: now,
    });
    await t.db.kysely
      .insertInto('invoices')
      .values([invoice('open', '2000-01-31'), invoice('open', '2999-12-31'), invoice('paid', '2000-01-31')])
      .execute();
  });
  afterAll(() => t.close());

  it('overview counts what waits, by state, with the age of the oldest, and links each number to its list', async () => {
    const res = await staff.inject({ url: url(BackofficePaths.overview) });
    expect(res.statusCode).toBe(200);
    const overview = StaffOverview.parse(res.json());
    expect(overview.bookYear).toBe(BOOK_YEAR);
    const tiles = Object.fromEntries(overview.groups.flatMap((g) => g.tiles).map((tile) => [tile.key, tile]));
    expect(tiles['submissions.submitted']).toMatchObject({
      count: 1,
      oldestAgeDays: 0,
      filter: { status: 'submitted', bookYear: String(BOOK_YEAR) },
    });
    expect(tiles['submissions.in_review']).toMatchObject({ count: 1, filter: { status: 'in_review' } });
    expect(tiles['submissions.returned']).toMatchObject({ count: 0, oldestAt: null });
    expect(tiles['submissions.resubmitted']!.count).toBe(0);
    // drafting (a draft only) and idle (nothing): not submitted
    expect(tiles['companies.notSubmitted']).toMatchObject({ count: 2, filter: { withoutSubmission: String(BOOK_YEAR) } });
    expect(tiles['jobs.failed']!.count).toBe(1);
    expect(tiles['bookings.today']).toMatchObject({ count: 1, filter: { date: vientianeDate(new Date()) } });
    expect(tiles['invoices.open']!.count).toBe(2);
    expect(tiles['invoices.overdue']).toMatchObject({ count: 1, filter: { status: 'open', due: 'overdue' } });
    expect(tiles['invoices.overdue']!.oldestAgeDays).toBeGreaterThan(365);
    // waiting tiles come oldest first: the submitted one waits longer than the review started after it
    const submissionKeys = overview.groups.find((g) => g.area === 'submissions')!.tiles.map((tile) => tile.key);
    expect(submissionKeys.slice(0, 2)).toEqual(['submissions.submitted', 'submissions.in_review']);

    // the companies tile's filter gives exactly those companies
    const list = StaffCompanyPage.parse(
      (await staff.inject({ url: url(BackofficePaths.companies), query: tiles['companies.notSubmitted']!.filter })).json(),
    );
    expect(list.items.map((c) => c.id).sort()).toEqual([ids.drafting, ids.idle].sort());
  });

  const search = async (q: string, extra: Record<string, string> = {}) => {
    const res = await staff.inject({ url: url(BackofficePaths.companies), query: { q, ...extra } });
    expect(res.statusCode, res.body).toBe(200);
    return StaffCompanyPage.parse(res.json()).items.map((c) => c.id);
  };

  it('finds Lao fragments inside unspaced names, either spelling of ຳ, English fragments, TIN and registration number', async () => {
    expect(await search('ພັດທະນາ')).toEqual([ids.submitted]); // a word in the middle of unspaced text
    expect(await search('ລາວພັດ')).toEqual([ids.submitted]); // a fragment across a word boundary
    expect(await search('ນ້ຳດື່ມ')).toEqual([ids.reviewing]);
    expect(await search('ນ້\u0ECD\u0EB2ດື່ມ')).toEqual([ids.reviewing]); // ໍ + າ typed for ຳ
    expect(await search('ກາເຟ')).toEqual([ids.idle]);
    expect(await search('ຈຳກັດ ການຄ້າ')).toEqual([ids.submitted]); // every word must be found
    expect(await search('mekong STAR')).toEqual([ids.submitted]);
    expect(await search('ບໍ່ມີຊື່ນີ້')).toEqual([]);
    const detail = StaffCompanyDetail.parse((await staff.inject({ url: url(backofficeUrl.company(ids.idle!)) })).json());
    expect(await search(detail.company.tin.slice(2, 8))).toEqual([ids.idle]);
    expect(await search(detail.company.registrationNo.toLowerCase())).toEqual([ids.idle]);
    expect(await search('%')).toEqual([]); // LIKE wildcards are taken literally
    // filters
    expect((await search('', { provinceCode: '01' })).sort()).toEqual([ids.submitted, ids.drafting].sort());
  });

  it('pages with a keyset cursor through every company exactly once', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await staff.inject({ url: url(BackofficePaths.companies), query: { limit: '1', ...(cursor ? { cursor } : {}) } });
      const page = StaffCompanyPage.parse(res.json());
      seen.push(...page.items.map((c) => c.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(4);
    expect(new Set(seen).size).toBe(4);
    expect((await staff.inject({ url: url(BackofficePaths.companies), query: { cursor: 'not-a-cursor' } })).statusCode).toBe(400);
  });

  it('shows one company with its profile, people, members, submissions, bookings, invoices and audit trail; an unknown id is 404', async () => {
    const res = await staff.inject({ url: url(backofficeUrl.company(ids.reviewing!)) });
    expect(res.statusCode).toBe(200);
    const detail = StaffCompanyDetail.parse(res.json());
    expect(detail.company.nameEn).toBe('Luang Prabang Water Works');
    expect(detail.company.people.map((p) => p.role).sort()).toEqual(['checker', 'holder', 'owner']);
    expect(detail.members).toHaveLength(1);
    expect(detail.submissions).toEqual([expect.objectContaining({ bookYear: BOOK_YEAR, status: 'in_review' })]);
    expect(detail.audit.map((a) => a.action)).toEqual(expect.arrayContaining(['company.register']));
    expect((await staff.inject({ url: url(backofficeUrl.company(newId())) })).statusCode).toBe(404);
    // the idle company's notes, booking of today and invoices are on its screen; nobody else's
    await t.db.kysely
      .insertInto('notes')
      .values({
        id: newId(),
        companyId: ids.idle!,
        bookYear: BOOK_YEAR,
        status: 'submitted',
        version: 2,
        language: 'lo',
        sections: '[]',
        priorFilledFrom: null,
        pdfFileId: null,
        createdBy: staff.userId!,
        createdAt: new Date().toISOString(),
        updatedAt: new Date().toISOString(),
        submittedAt: new Date().toISOString(),
        firstSubmittedAt: new Date().toISOString(),
        acceptedAt: null,
      })
      .execute();
    const idle = StaffCompanyDetail.parse((await staff.inject({ url: url(backofficeUrl.company(ids.idle!)) })).json());
    expect(idle.notes).toEqual([expect.objectContaining({ bookYear: BOOK_YEAR, status: 'submitted' })]);
    expect(idle.bookings).toEqual([expect.objectContaining({ status: 'booked', documentCount: 3, receivedAt: null })]);
    expect(idle.invoices.map((i) => [i.status, i.total]).sort()).toEqual([
      ['open', 500_000],
      ['open', 500_000],
      ['paid', 500_000],
    ]);
    expect(detail.bookings).toEqual([]);
    expect(detail.notes).toEqual([]);
    expect(detail.invoices).toEqual([]);
  });

  it('reports counts by state × size × province', async () => {
    const res = await staff.inject({ url: url(BackofficePaths.report), query: { bookYear: String(BOOK_YEAR) } });
    const report = SubmissionReport.parse(res.json());
    expect(report.companies).toBe(4);
    const count = (state: string, provinceCode: string) =>
      report.cells.filter((c) => c.state === state && c.provinceCode === provinceCode).reduce((n, c) => n + c.count, 0);
    expect(count('submitted', '01')).toBe(1);
    expect(count('in_review', '06')).toBe(1);
    expect(count('draft', '01')).toBe(1);
    expect(count('none', '16')).toBe(1);
    expect(report.cells.reduce((n, c) => n + c.count, 0)).toBe(4);
    expect((await staff.inject({ url: url(BackofficePaths.report), query: { bookYear: 'soon' } })).statusCode).toBe(400);
  });

  it('writes the CSV as RFC 4180 with a BOM: a name with a comma, a quote and Lao round-trips through csv-parse', async () => {
    // Luang Prabang's English name as the village import writes it (capitals): the CSV shows it as the screen does
    await t.db.kysely.updateTable('provinces').set({ nameEn: 'LUANGPRABANG' }).where('code', '=', '06').execute();
    // the CSV is in the language the staff member chose in the app (the account's), here English
    await staff.inject({ method: 'PUT', url: url(AuthPaths.language), payload: { language: 'en' } });
    const res = await staff.inject({
      url: url(BackofficePaths.reportCsv),
      query: { bookYear: String(BOOK_YEAR) },
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="submissions-${BOOK_YEAR}.csv"`);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(res.body).toContain('"Mekong ""Star"", Trading"');
    const rows = parse(res.rawPayload, { bom: true, relax_column_count: false }) as string[][];
    expect(rows[0]).toEqual([
      'Book year',
      'Name (Lao)',
      'Name (English)',
      'Tax ID (TIN)',
      'Enterprise registration number',
      'Province',
      'Size',
      'Submission state',
      'State code',
      'Started',
      'First submitted',
      'Last submitted',
      'Accepted',
      'Filing size',
    ]);
    expect(rows).toHaveLength(5);
    const star = rows.find((r) => r[2] === 'Mekong "Star", Trading')!;
    expect(star[1]).toBe('ບໍລິສັດລາວພັດທະນາການຄ້າ ຈຳກັດ');
    expect(star.slice(6, 9)).toEqual(['Small', 'Submitted', 'submitted']);
    // times in Vientiane, "YYYY-MM-DD HH:MM" (a spreadsheet reads it), not UTC ISO strings
    expect(star[11]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
    const submittedAt = (
      await t.db.kysely.selectFrom('submissions').select('submittedAt').where('companyId', '=', ids.submitted!).executeTakeFirstOrThrow()
    ).submittedAt!;
    expect(star[11]).toBe(new Date(Date.parse(submittedAt) + 7 * 3600_000).toISOString().slice(0, 16).replace('T', ' '));
    expect(rows.find((r) => r[2] === 'Luang Prabang Water Works')![5]).toBe('Luangprabang');
    expect(rows.find((r) => r[2] === 'Pakxong Coffee Cooperative')!.slice(7, 10)).toEqual(['Not started', 'none', '']);
    // in Lao: Lao headers and state names
    await staff.inject({ method: 'PUT', url: url(AuthPaths.language), payload: { language: 'lo' } });
    const lo = await staff.inject({
      url: url(BackofficePaths.reportCsv),
      query: { bookYear: String(BOOK_YEAR) },
      headers: { 'accept-language': 'en' },
    });
    const loRows = parse(lo.rawPayload, { bom: true }) as string[][];
    expect(loRows[0]![0]).toBe('ປີບັນຊີ');
    expect(loRows.find((r) => r[2] === 'Pakxong Coffee Cooperative')![7]).toBe('ຍັງບໍ່ເລີ່ມ');
  });

  it('declares the audiences the access matrix checks: staff reads, staff admins edit reference data', () => {
    const audience = (method: string, path: string) => t.app.routeTable.find((r) => r.method === method && r.url === url(path))?.audience;
    for (const path of [
      BackofficePaths.overview,
      BackofficePaths.companies,
      BackofficePaths.company,
      BackofficePaths.report,
      BackofficePaths.reportCsv,
    ]) {
      expect(audience('GET', path), path).toBe('staff');
    }
    expect(audience('GET', BackofficePaths.referenceList)).toBe('staff');
    expect(audience('POST', BackofficePaths.referenceList)).toBe('staffAdmin');
    expect(audience('PATCH', BackofficePaths.referenceItem)).toBe('staffAdmin');
    expect(audience('POST', BackofficePaths.referenceRetire)).toBe('staffAdmin');
    expect(audience('POST', BackofficePaths.referenceRestore)).toBe('staffAdmin');
  });

  it('refuses companies on every back-office route (403) and changes nothing', async () => {
    const company = await loginAs(t, 'companyAdmin');
    for (const path of [
      BackofficePaths.overview,
      BackofficePaths.companies,
      backofficeUrl.company(ids.idle!),
      `${BackofficePaths.report}?bookYear=2023`,
      `${BackofficePaths.reportCsv}?bookYear=2023`,
    ]) {
      expect((await company.inject({ url: url(path) })).statusCode, path).toBe(403);
    }
  });
});
