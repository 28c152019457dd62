import { API_BASE, AuditPaths, AuthPaths, BackofficePaths, BookingPaths } from '@bansi/shared';
import { parse } from 'csv-parse/sync';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book, upcomingSlots } from '../../../test/bookings';
import { Agent, createTestApp, dialect, loginAs, registerCompany, type TestApp } from '../../../test/helpers';
import { documentLanguage } from '../../lib/i18n';
import { pdfText } from '../../lib/pdf/pdf-text';

const url = (path: string) => `${API_BASE}${path}`;
const EN = { 'accept-language': 'en' };

/**
 * The language a person chose in the app is the account's: documents follow it, not the browser's
 * Accept-Language (a Lao user whose phone is set to English gets Lao documents).
 */
describe(`the account's language (${dialect})`, () => {
  let t: TestApp;
  let company: Agent;
  let email: string;
  let staff: Agent;

  beforeAll(async () => {
    t = await createTestApp();
    // registered in English…
    const registered = await registerCompany(t, { user: { language: 'en' } });
    company = registered.agent;
    email = registered.body.user.email;
    staff = await loginAs(t, 'staffAdmin');
  });
  afterAll(() => t.close());

  const setLanguage = (agent: Agent, language: string) =>
    agent.inject({ method: 'PUT', url: url(AuthPaths.language), payload: { language }, headers: EN });

  it('switching in the app stores it on the account; a visitor has nothing to store and gets no error', async () => {
    // …then switched the app to Lao, from a browser that asks for English
    expect((await setLanguage(company, 'lo')).statusCode).toBe(204);
    expect((await company.inject({ url: url(AuthPaths.session), headers: EN })).json().user.language).toBe('lo');
    expect((await setLanguage(new Agent(t), 'en')).statusCode).toBe(204);
    expect((await setLanguage(company, 'fr')).statusCode).toBe(400);
    expect((await company.inject({ url: url(AuthPaths.session) })).json().user.language).toBe('lo');
  });

  it('Accept-Language en, account lo: the cover sheet and the calendar file are in Lao', async () => {
    const booking = await book(company, (await upcomingSlots(company))[0]!.start);
    const pdf = await company.inject({ url: url(BookingPaths.coverSheet(booking.id)), headers: EN });
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('ໃບປະໜ້າ');
    expect(text).not.toContain('Cover sheet');
    const ics = await company.inject({ url: url(BookingPaths.calendar(booking.id)), headers: EN });
    const summary = new ICAL.Event(new ICAL.Component(ICAL.parse(ics.body)).getFirstSubcomponent('vevent')!).summary;
    expect(summary).toMatch(/^ນຳສົ່ງເອກະສານ/);
  });

  it('Accept-Language en, account lo: the mails are in Lao', async () => {
    await new Agent(t).inject({ method: 'POST', url: url(AuthPaths.forgotPassword), payload: { email }, headers: EN });
    const mail = await t.db.kysely
      .selectFrom('outbox')
      .selectAll()
      .where('toAddress', '=', email)
      .orderBy('createdAt', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('ບັນຊີ: ຕັ້ງລະຫັດຜ່ານໃໝ່');
  });

  it("Accept-Language en, staff account lo: the CSV exports' headers are in Lao; switched to English, in English", async () => {
    await setLanguage(staff, 'lo');
    const report = await staff.inject({ url: url(BackofficePaths.reportCsv), query: { bookYear: '2023' }, headers: EN });
    expect((parse(report.rawPayload, { bom: true }) as string[][])[0]![0]).toBe('ປີບັນຊີ');
    const audit = await staff.inject({ url: url(AuditPaths.csv), headers: EN });
    expect((parse(audit.rawPayload, { bom: true }) as string[][])[0]![0]).toBe('ເວລາ (ວຽງຈັນ)');
    await setLanguage(staff, 'en');
    const english = await staff.inject({ url: url(BackofficePaths.reportCsv), query: { bookYear: '2023' }, headers: { 'accept-language': 'lo' } });
    expect((parse(english.rawPayload, { bom: true }) as string[][])[0]![0]).toBe('Book year');
  });

  it("a visitor's downloads follow the app's chosen language (its cookie), not the browser's", () => {
    const visitor = (cookie: string | undefined, accept: string) => ({
      principal: null,
      cookies: { bansi_lang: cookie },
      headers: { 'accept-language': accept },
    });
    expect(documentLanguage(visitor('lo', 'en-US,en;q=0.9'))).toBe('lo');
    expect(documentLanguage(visitor('en', 'lo'))).toBe('en');
    expect(documentLanguage(visitor(undefined, 'en'))).toBe('en');
    expect(documentLanguage({ principal: { language: 'lo' }, cookies: { bansi_lang: 'en' }, headers: { 'accept-language': 'en' } })).toBe('lo');
  });
});
