import { API_BASE, BackofficePaths, BookingPaths, ContentPaths, LibraryPaths, PaymentPaths, SubmissionPaths, type Problem } from '@bansi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialect, loginAs, type Agent, type TestApp } from '../../test/helpers';
import { KEY_ID, decodeCursor, decodeSearchCursor, encodeCursor, encodeSearchCursor, pageOf } from './cursor';
import { createTranslator, loadCatalogs } from './i18n';

const deps = { t: createTranslator(loadCatalogs()) };
const b64 = (text: string) => Buffer.from(text).toString('base64url');

describe('keyset cursor', () => {
  it.each([
    [['2026-11-23T10:00:00.000Z', 'b1c2'], KEY_ID],
    [['2026-11-23T10:00:00.000Z', 3, 'id-7'], ['string', 'number', 'string'] as const],
    [[2024], ['number'] as const],
  ] as const)('gives back what it encoded: %j', (values, shape) => {
    expect(decodeCursor(deps, 'en', encodeCursor(values), shape)).toEqual(values);
  });

  it('is absent when no cursor was sent', () => {
    expect(decodeCursor(deps, 'en', undefined, KEY_ID)).toBeNull();
    expect(decodeCursor(deps, 'en', '', KEY_ID)).toBeNull();
  });

  it.each([
    ['not base64 JSON', 'garbage!'],
    ['JSON but not a list', b64('{"key":"a","id":"b"}')],
    ['too few parts', encodeCursor(['2026-11-23'])],
    ['too many parts', encodeCursor(['a', 'b', 'c'])],
    ['a number where a string belongs', encodeCursor([1, 'b'])],
    ['a year cursor given to a [key, id] list', encodeCursor([2024])],
    ['null inside', b64('["a",null]')],
  ])('refuses %s with a field error in the caller language', (_name, raw) => {
    for (const [lang, text] of [
      ['en', 'This page link is broken or out of date; go back to the first page.'],
      ['lo', 'ລິ້ງຂອງໜ້ານີ້ເສຍ ຫຼື ໝົດອາຍຸແລ້ວ; ກະລຸນາກັບໄປໜ້າທຳອິດ.'],
    ] as const) {
      expect(() => decodeCursor(deps, lang, raw, KEY_ID)).toThrow(
        expect.objectContaining({ status: 400, code: 'VALIDATION', errors: [{ path: 'querystring.cursor', code: 'invalid_cursor', message: text }] }),
      );
    }
  });

  it('cuts the extra row into the next cursor, and gives none on the last page', () => {
    const rows = [
      { at: 'c', id: '3' },
      { at: 'b', id: '2' },
      { at: 'a', id: '1' },
    ];
    const first = pageOf(rows, 2, (r) => [r.at, r.id]);
    expect(first.page).toEqual(rows.slice(0, 2));
    expect(decodeCursor(deps, 'en', first.nextCursor!, KEY_ID)).toEqual(['b', '2']);
    expect(pageOf(rows, 3, (r) => [r.at, r.id])).toEqual({ page: rows, nextCursor: null });
    expect(pageOf([], 3, (r: { id: string }) => [r.id])).toEqual({ page: [], nextCursor: null });
  });

  it.each([
    [undefined, { offset: 0, before: 0, any: false }],
    ['0', { offset: 0, before: 0, any: false }],
    ['40', { offset: 40, before: 0, any: false }],
    ['20.81234', { offset: 20, before: 81234, any: false }],
    ['a0.7', { offset: 0, before: 7, any: true }],
    ['a60', { offset: 60, before: 0, any: true }],
  ])('reads the search cursor %s', (raw, cursor) => {
    expect(decodeSearchCursor(deps, 'en', raw)).toEqual(cursor);
    if (raw) expect(encodeSearchCursor(cursor)).toBe(raw);
  });

  it.each(['-1', '1.5.2', 'abc', '1e3', '0.0', 'b1', '1.-5'])('refuses the search cursor %s', (raw) => {
    expect(() => decodeSearchCursor(deps, 'en', raw)).toThrow(expect.objectContaining({ status: 400 }));
  });
});

describe(`every list refuses a broken cursor with the same problem (${dialect})`, () => {
  let t: TestApp;
  let company: Agent;
  let staff: Agent;
  const api = (path: string) => `${API_BASE}${path}`;
  const broken = encodeURIComponent(b64('["only-one-part"]'));

  beforeAll(async () => {
    t = await createTestApp();
    company = await loginAs(t, 'company');
    staff = await loginAs(t, 'staff');
  });
  afterAll(() => t.close());

  const lists: [string, () => Agent | null, string][] = [
    ['company submissions', () => company, SubmissionPaths.list],
    ['all-document history', () => company, SubmissionPaths.documents],
    ['library', () => company, LibraryPaths.list],
    ['news', () => null, ContentPaths.posts],
    ['notifications', () => null, ContentPaths.notifications],
    ['search (offset)', () => null, `${ContentPaths.search}?q=tax&x=`],
    ['staff queue', () => staff, SubmissionPaths.staffList],
    ['staff posts', () => staff, ContentPaths.staffPosts],
    ['staff notifications', () => staff, ContentPaths.staffNotifications],
    ['staff pages', () => staff, ContentPaths.staffPages],
    ['staff library', () => staff, LibraryPaths.staffList],
    ['company invoices', () => company, PaymentPaths.invoices],
    ['staff invoices', () => staff, PaymentPaths.staffInvoices],
    ['unmatched payment notifications', () => staff, PaymentPaths.staffUnmatched],
    ['company bookings', () => company, BookingPaths.list],
    ['staff bookings', () => staff, BookingPaths.staffList],
    ['back-office companies', () => staff, BackofficePaths.companies],
  ];

  it.each(lists)('%s', async (_name, who, path) => {
    const url = `${api(path)}${path.includes('?') ? '&' : '?'}cursor=${broken}`;
    for (const [lang, title] of [
      ['lo', 'ລິ້ງຂອງໜ້ານີ້ເສຍ ຫຼື ໝົດອາຍຸແລ້ວ; ກະລຸນາກັບໄປໜ້າທຳອິດ.'],
      ['en', 'This page link is broken or out of date; go back to the first page.'],
    ] as const) {
      const agent = who();
      const options = { url, headers: { 'accept-language': lang } };
      const res = agent ? await agent.inject(options) : await t.app.inject(options);
      expect(res.statusCode, res.body).toBe(400);
      const problem = res.json() as Problem;
      expect(problem.code).toBe('VALIDATION');
      expect(problem.errors).toEqual([{ path: 'querystring.cursor', code: 'invalid_cursor', message: title }]);
    }
  });

  it('a submission timeline', async () => {
    const created = await company.inject({ method: 'POST', url: api(SubmissionPaths.list), payload: { bookYear: t.config.BOOK_YEAR } });
    const id = (created.json() as { id: string }).id;
    const res = await company.inject({ url: `${api(SubmissionPaths.events(id))}?cursor=${encodeURIComponent(encodeCursor(['a', 'b']))}` });
    expect(res.statusCode).toBe(400);
    expect((res.json() as Problem).errors?.[0]).toMatchObject({ path: 'querystring.cursor', code: 'invalid_cursor' });
    // and the cursor it hands out itself walks on
    const first = await company.inject({ url: `${api(SubmissionPaths.events(id))}?limit=1` });
    expect(first.statusCode).toBe(200);
  });
});
