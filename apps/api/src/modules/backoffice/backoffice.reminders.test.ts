import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialect, registerCompany, type TestApp } from '../../../test/helpers';
import { openSubmission, readySubmission, submit } from '../../../test/submissions';
import { REMINDER_SEND_JOB, daysBeforeDeadline, scanReminders, sendReminder } from './backoffice.reminders';

/** 24 March 2024, 10:00 in Vientiane: 7 days before the 31 March deadline of book year 2023. */
const SEVEN_DAYS_BEFORE = new Date('2024-03-24T03:00:00Z');

describe(`deadline reminders (${dialect})`, () => {
  let t: TestApp;
  const companies: Record<string, { id: string; email: string }> = {};
  beforeAll(async () => {
    t = await createTestApp({ BOOK_YEAR: '2023', REMINDER_DAYS: '30,14,7,1' });
    const done = await registerCompany(t, { user: { language: 'en' } });
    const ready = await readySubmission(t, done.agent, 2023);
    expect((await submit(done.agent, ready)).statusCode).toBe(200);
    companies.done = { id: done.companyId, email: done.body.user.email };
    const draft = await registerCompany(t, { user: { language: 'lo' }, company: { nameLo: 'ບໍລິສັດ ຈຳປາສັກ ການຄ້າ' } });
    await openSubmission(draft.agent, 2023);
    companies.draft = { id: draft.companyId, email: draft.body.user.email };
    const idle = await registerCompany(t, { user: { language: 'en' }, company: { nameEn: 'Idle Trading' } });
    companies.idle = { id: idle.companyId, email: idle.body.user.email };
  });
  afterAll(() => t.close());

  // Reminders only (a submitting company also hears that its filing was received: decision 096).
  const mailsTo = (email: string) =>
    t.db.kysely
      .selectFrom('outbox')
      .select(['subject', 'textBody'])
      .where('toAddress', '=', email)
      .where('subject', 'like', '%2023%')
      .where('subject', 'not like', '%BS-2023-%')
      .execute();
  const notificationsFor = (companyId: string) =>
    t.db.kysely
      .selectFrom('contentNotifications')
      .selectAll()
      .where('audienceKind', '=', 'company')
      .where('audienceValue', '=', companyId)
      .where('link', '=', '/dashboard/submit-document')
      .execute();

  it('counts days before 31 March in Vientiane time', () => {
    expect(daysBeforeDeadline(2023, SEVEN_DAYS_BEFORE)).toBe(7);
    expect(daysBeforeDeadline(2023, new Date('2024-03-30T17:30:00Z'))).toBe(0); // already 31 March in Vientiane
    expect(daysBeforeDeadline(2023, new Date('2024-03-01T00:00:00Z'))).toBe(30);
  });

  it('reminds each company that has not submitted once per year and reminder day, even when run twice the same day', async () => {
    for (let run = 0; run < 2; run += 1) {
      await scanReminders(t.app.deps, SEVEN_DAYS_BEFORE);
      await t.app.jobs.runDue({ kinds: [REMINDER_SEND_JOB] });
    }
    // and a worker that somehow gets the same reminder again sends nothing
    expect(await sendReminder(t.app.deps, { companyId: companies.idle!.id, bookYear: 2023, daysBefore: 7 })).toBe(false);

    expect(await mailsTo(companies.done!.email)).toHaveLength(0);
    const lao = await mailsTo(companies.draft!.email);
    expect(lao).toHaveLength(1);
    expect(lao[0]!.subject).toMatch(/ຍັງເຫຼືອ 7 ວັນ/);
    expect(lao[0]!.textBody).toContain('ບໍລິສັດ ຈຳປາສັກ ການຄ້າ');
    const en = await mailsTo(companies.idle!.email);
    expect(en).toHaveLength(1);
    expect(en[0]!.subject).toMatch(/7 days left to submit your 2023 annual documents/);
    expect(en[0]!.textBody).toContain('Idle Trading');
    expect(en[0]!.textBody).toContain('31 March 2024');

    expect(await notificationsFor(companies.done!.id)).toHaveLength(0);
    const note = await notificationsFor(companies.idle!.id);
    expect(note).toHaveLength(1);
    expect(note[0]).toMatchObject({ status: 'published' });
    expect(note[0]!.titleLo).toMatch(/[\u0E80-\u0EFF]/);
    expect(note[0]!.titleEn).toContain('7 days left');
    // one content-module function writes every company notification, with the screen it concerns
    expect(note[0]!.bodyEn).toMatch(/^<p>.*Idle Trading.*<\/p>$/s);
    // one send job per company, however often the scan ran
    const jobs = await t.db.kysely.selectFrom('jobs').select(['uniqueKey', 'status']).where('kind', '=', REMINDER_SEND_JOB).execute();
    expect(jobs.map((j) => j.status)).toEqual(['done', 'done']);
  });

  it('sends the next reminder day again, and nothing on a day that is not a reminder day', async () => {
    await scanReminders(t.app.deps, new Date('2024-03-25T03:00:00Z')); // 6 days before: not configured
    await t.app.jobs.runDue({ kinds: [REMINDER_SEND_JOB] });
    expect(await mailsTo(companies.idle!.email)).toHaveLength(1);
    await scanReminders(t.app.deps, new Date('2024-03-30T03:00:00Z')); // 1 day before
    await t.app.jobs.runDue({ kinds: [REMINDER_SEND_JOB] });
    expect(await mailsTo(companies.idle!.email)).toHaveLength(2);
    expect(await notificationsFor(companies.draft!.id)).toHaveLength(2);
    expect(await mailsTo(companies.done!.email)).toHaveLength(0);
  });
});
