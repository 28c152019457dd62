import {
  API_BASE,
  AuthPaths,
  BookingPaths,
  QrPaths,
  addDays,
  laoOfficialHolidays,
  vientianeDate,
  vientianeInstant,
  vientianeTime,
  type Booking,
  type BookingSettings,
  type StaffBooking,
} from '@bansi/shared';
import { randomUUID } from 'node:crypto';
import ICAL from 'ical.js';
import { sql } from 'kysely';
import type { Response as InjectResponse } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book, bookingBody, bookingRow, upcomingSlots } from '../../../test/bookings';
import { pdfText } from '../../lib/pdf/pdf-text';
import { Agent, createTestApp, dialect, loginAs, registerCompany, type TestApp } from '../../../test/helpers';
import { bookingDayLock, insertBooking, lockBookingDay } from './bookings.repository';
import { officialHolidaysSeed } from './bookings.seed';

const url = (path: string) => `${API_BASE}${path}`;

describe(`bookings (${dialect})`, () => {
  let t: TestApp;
  let a: Agent;
  let b: Agent;
  let admin: Agent;
  let reviewer: Agent;

  const setSettings = async (patch: Partial<BookingSettings>) => {
    const current = (await admin.inject({ url: url(BookingPaths.settings) })).json() as BookingSettings;
    const { slotMinutes, capacity, minNoticeHours, horizonDays, cutoffHours } = { ...current, ...patch };
    const res = await admin.inject({
      method: 'PUT',
      url: url(BookingPaths.settings),
      payload: { slotMinutes, capacity, minNoticeHours, horizonDays, cutoffHours },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const countBookings = async () =>
    Number(
      (
        await t.db.kysely
          .selectFrom('bookings')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const audit = (subjectId: string) =>
    t.db.kysely.selectFrom('auditLog').select(['action', 'actorUserId']).where('subjectId', '=', subjectId).orderBy('occurredAt').execute();
  const parseIcs = (text: string) => {
    const calendar = new ICAL.Component(ICAL.parse(text));
    const vevent = calendar.getFirstSubcomponent('vevent')!;
    const event = new ICAL.Event(vevent);
    return {
      method: calendar.getFirstPropertyValue('method'),
      uid: event.uid,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      sequence: event.sequence,
      status: vevent.getFirstPropertyValue('status'),
      summary: event.summary,
    };
  };

  beforeAll(async () => {
    t = await createTestApp();
    a = (await registerCompany(t, { user: { language: 'lo' } })).agent;
    b = (await registerCompany(t)).agent;
    admin = await loginAs(t, 'staffAdmin');
    reviewer = await loginAs(t, 'staff');
  });
  afterAll(() => t.close());

  describe('settings and holidays', () => {
    it('starts from the defaults 30 / 3 / 2 / 60 / 24 with the configured hours', async () => {
      const res = await reviewer.inject({ url: url(BookingPaths.settings) });
      expect(res.json()).toMatchObject({
        slotMinutes: 30,
        capacity: 3,
        minNoticeHours: 2,
        horizonDays: 60,
        cutoffHours: 24,
        hoursFrom: '08:00',
        hoursTo: '16:00',
      });
    });

    it('only a staff admin changes them; bad values are a 400 with field errors and change nothing', async () => {
      const body = { slotMinutes: 60, capacity: 5, minNoticeHours: 4, horizonDays: 30, cutoffHours: 12 };
      expect((await reviewer.inject({ method: 'PUT', url: url(BookingPaths.settings), payload: body })).statusCode).toBe(403);
      const bad = await admin.inject({
        method: 'PUT',
        url: url(BookingPaths.settings),
        payload: { ...body, capacity: 0, slotMinutes: 'x' },
        headers: { 'accept-language': 'lo' },
      });
      expect(bad.statusCode).toBe(400);
      expect(
        bad
          .json()
          .errors.map((e: { path: string }) => e.path)
          .sort(),
      ).toEqual(['body.capacity', 'body.slotMinutes']);
      expect(bad.json().title).toMatch(/[\u0E80-\u0EFF]/);
      expect((await admin.inject({ url: url(BookingPaths.settings) })).json()).toMatchObject({ slotMinutes: 30, capacity: 3 });

      const ok = await admin.inject({ method: 'PUT', url: url(BookingPaths.settings), payload: body });
      expect(ok.json()).toMatchObject(body);
      const slots = await upcomingSlots(a, 14);
      expect(slots.length).toBeGreaterThan(0);
      for (const s of slots) {
        expect(Date.parse(s.end) - Date.parse(s.start)).toBe(60 * 60_000);
        expect(s.capacity).toBe(5);
      }
      await setSettings({ slotMinutes: 30, capacity: 3, minNoticeHours: 2, horizonDays: 60, cutoffHours: 24 });
    });

    it('the official public holidays of this year and the next are there from the first start, with their source; booking one is refused', async () => {
      const year = Number(vientianeDate(new Date()).slice(0, 4));
      const holidays = [] as { date: string; nameEn: string; source: string | null }[];
      for (const y of [year, year + 1]) holidays.push(...(await reviewer.inject({ url: url(`${BookingPaths.holidays}?year=${y}`) })).json().items);
      expect(holidays.length).toBeGreaterThanOrEqual(10);
      for (const y of [year, year + 1]) {
        const national = holidays.find((h) => h.date === `${y}-12-02`);
        expect(national).toMatchObject({ nameEn: 'National Day', source: expect.stringContaining('386/GOV') });
      }
      // a weekday official holiday ahead of today is closed to bookings
      const today = vientianeDate(new Date());
      const ahead = holidays.find((h) => h.date > addDays(today, 1) && ![0, 6].includes(new Date(`${h.date}T00:00:00Z`).getUTCDay()))!;
      const refused = await a.inject({
        method: 'POST',
        url: url(BookingPaths.list),
        payload: bookingBody(vientianeInstant(ahead.date, 9 * 60).toISOString()),
        headers: { 'accept-language': 'en' },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors[0]).toMatchObject({ path: 'body.slotStart' });
      expect(['slot_holiday', 'slot_horizon']).toContain(refused.json().errors[0].code);
      // the seed runs at every start but leaves a year staff have changed as they made it
      const removed = holidays.find((h) => h.date === `${year + 1}-01-01`) as unknown as { id: string };
      expect((await admin.inject({ method: 'DELETE', url: url(BookingPaths.holiday(removed.id)) })).statusCode).toBe(204);
      await officialHolidaysSeed.run({ db: t.db, config: t.config });
      const after = (await reviewer.inject({ url: url(`${BookingPaths.holidays}?year=${year + 1}`) })).json().items as { date: string }[];
      expect(after.map((h) => h.date)).not.toContain(`${year + 1}-01-01`);
    });

    it('a holiday closes its day: no slots, a booking there is refused with a reason', async () => {
      const day = vientianeDate((await upcomingSlots(a, 14)).at(-1)!.start);
      const created = await admin.inject({
        method: 'POST',
        url: url(BookingPaths.holidays),
        payload: { date: day, nameLo: 'ວັນພັກທົດສອບ', nameEn: 'Test holiday' },
      });
      expect(created.statusCode, created.body).toBe(201);
      const again = await admin.inject({ method: 'POST', url: url(BookingPaths.holidays), payload: { date: day, nameLo: 'ຊ້ຳ', nameEn: 'Again' } });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'CONFLICT', errors: [{ path: 'body.date', code: 'holiday_taken' }] });
      expect(
        (await reviewer.inject({ method: 'POST', url: url(BookingPaths.holidays), payload: { date: day, nameLo: 'x', nameEn: 'x' } })).statusCode,
      ).toBe(403);

      const slots = await upcomingSlots(a, 20);
      expect(slots.some((s) => vientianeDate(s.start) === day)).toBe(false);
      const refused = await a.inject({
        method: 'POST',
        url: url(BookingPaths.list),
        payload: bookingBody(vientianeInstant(day, 9 * 60).toISOString()),
        headers: { 'accept-language': 'en' },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual([
        { path: 'body.slotStart', code: 'slot_holiday', message: 'The service is closed on this day (holiday).' },
      ]);

      const list = (await reviewer.inject({ url: url(`${BookingPaths.holidays}?year=${day.slice(0, 4)}`) })).json();
      expect(list.items.map((h: { date: string }) => h.date)).toContain(day);
      const id = created.json().id as string;
      expect((await admin.inject({ method: 'DELETE', url: url(BookingPaths.holiday(id)) })).statusCode).toBe(204);
      expect((await upcomingSlots(a, 20)).some((s) => vientianeDate(s.start) === day)).toBe(true);
      expect((await audit(id)).map((e) => e.action)).toEqual(['booking.holiday_create', 'booking.holiday_delete']);
    });
  });

  describe('a holiday on a day with bookings', () => {
    it('is refused (409, in the caller’s language) and changes nothing, unless staff confirm: then the day’s bookings are cancelled and each company told why', async () => {
      const slots = await upcomingSlots(a, 25);
      const day = vientianeDate(slots.at(-1)!.start);
      const ofDay = slots.filter((s) => vientianeDate(s.start) === day);
      const mineA = await book(a, ofDay[0]!.start);
      const mineB = await book(b, ofDay[1]!.start);
      const nextDay = slots.find((s) => vientianeDate(s.start) < day && s.start !== ofDay[0]!.start)!;
      const other = await book(b, nextDay.start);
      const outboxIds = async () => (await t.db.kysely.selectFrom('outbox').select('id').execute()).map((m) => m.id);
      const mailsBefore = await outboxIds();
      const payload = { date: day, nameLo: 'ວັນພັກທົດສອບການຈອງ', nameEn: 'Test closure' };

      const refused = await admin.inject({ method: 'POST', url: url(BookingPaths.holidays), payload, headers: { 'accept-language': 'en' } });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'HOLIDAY_HAS_BOOKINGS', title: expect.stringMatching(/^Bookings on this day: 2\./) });
      const inLao = await admin.inject({ method: 'POST', url: url(BookingPaths.holidays), payload, headers: { 'accept-language': 'lo' } });
      expect(inLao.json().title).toMatch(/^ມີການຈອງໃນວັນນີ້: 2 /);
      // nothing changed: no holiday, the bookings as they were, no mail, no audit entry
      const holidays = (await admin.inject({ url: url(`${BookingPaths.holidays}?year=${day.slice(0, 4)}`) })).json().items as { date: string }[];
      expect(holidays.map((h) => h.date)).not.toContain(day);
      for (const [agent, booking] of [
        [a, mineA],
        [b, mineB],
      ] as const)
        expect((await agent.inject({ url: url(BookingPaths.one(booking.id)) })).json()).toMatchObject({ status: 'booked', sequence: 0 });
      expect(await outboxIds()).toEqual(mailsBefore);
      expect((await audit(mineA.id)).map((e) => e.action)).toEqual(['booking.create']);

      const confirmed = await admin.inject({ method: 'POST', url: url(BookingPaths.holidays), payload: { ...payload, cancelBookings: true } });
      expect(confirmed.statusCode, confirmed.body).toBe(201);
      expect(confirmed.json()).toMatchObject({ date: day, cancelledBookings: 2 });
      for (const [agent, booking] of [
        [a, mineA],
        [b, mineB],
      ] as const) {
        expect((await agent.inject({ url: url(BookingPaths.one(booking.id)) })).json()).toMatchObject({ status: 'cancelled', sequence: 1 });
        expect(await audit(booking.id)).toEqual([
          { action: 'booking.create', actorUserId: expect.any(String) },
          { action: 'booking.cancel', actorUserId: admin.userId },
        ]);
      }
      expect((await b.inject({ url: url(BookingPaths.one(other.id)) })).json()).toMatchObject({ status: 'booked' });
      expect((await upcomingSlots(a, 25)).some((s) => vientianeDate(s.start) === day)).toBe(false);

      // one mail per company, in its user's language, naming the holiday, with a cancelled calendar event
      const mails = await t.db.kysely.selectFrom('outbox').selectAll().where('id', 'not in', mailsBefore).orderBy('createdAt').execute();
      expect(mails).toHaveLength(2);
      const mailOf = (booking: Booking) => {
        const mail = mails.find((m) => m.textBody.includes(booking.reference))!;
        const [ics] = JSON.parse(mail.attachments!) as { content: string }[];
        return { mail, ics: parseIcs(Buffer.from(ics!.content, 'base64').toString('utf8')) };
      };
      const lo = mailOf(mineA);
      expect(lo.mail.subject).toMatch(/ຍົກເລີກການຈອງ.*ວັນພັກ/);
      expect(lo.mail.textBody).toContain('ວັນພັກທົດສອບການຈອງ');
      expect(lo.ics).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', sequence: 1 });
      const en = mailOf(mineB);
      expect(en.mail.subject).toMatch(/cancelled \(the service is closed that day\)/);
      expect(en.mail.textBody).toContain('(Test closure)');
      expect(en.ics).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', sequence: 1 });

      // the day opens again for the tests that follow
      expect((await admin.inject({ method: 'DELETE', url: url(BookingPaths.holiday(confirmed.json().id)) })).statusCode).toBe(204);
    });

    // Two requests on the same day at the same moment: without a lock each would read the other's day as it was
    // before (READ COMMITTED) and both would stand — a booking on a closed day. SQLite runs one transaction at a time.
    it.runIf(dialect === 'postgres')(
      'a booking and a holiday on the same day at the same moment never both stand: each waits for the other, then sees it',
      async () => {
        const slots = await upcomingSlots(a, 25);
        const days = [...new Set(slots.map((s) => vientianeDate(s.start)))];
        const [first, second] = [days.at(-2)!, days.at(-3)!];
        const slotOn = (day: string) => slots.find((s) => vientianeDate(s.start) === day)!;
        /** Requests waiting for the day, as PostgreSQL's lock table shows them. */
        const waitingFor = async (day: string) =>
          (
            await sql<{ n: number }>`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted
              and ((classid::bigint << 32) | objid::bigint) = hashtextextended(${bookingDayLock(day)}, 0)`.execute(t.db.kysely)
          ).rows[0]!.n;
        const untilWaiting = async (day: string) => {
          for (let i = 0; i < 400 && (await waitingFor(day)) === 0; i++) await new Promise((r) => setTimeout(r, 25));
          expect(await waitingFor(day), 'the request waits for the day').toBe(1);
        };

        // A holiday is being added to the day (its transaction not yet committed) while a company books a slot on it.
        const holidayId = randomUUID();
        let booking!: Promise<InjectResponse>;
        await t.db.kysely.transaction().execute(async (trx) => {
          await lockBookingDay(trx, first);
          const at = new Date().toISOString();
          await trx
            .insertInto('bookingHolidays')
            .values({ id: holidayId, date: first, nameLo: 'ປິດກະທັນຫັນ', nameEn: 'Sudden closure', createdAt: at, createdBy: null })
            .execute();
          booking = a.inject({ method: 'POST', url: url(BookingPaths.list), payload: bookingBody(slotOn(first).start) });
          await untilWaiting(first);
        });
        const refused = await booking;
        expect(refused.statusCode, refused.body).toBe(400);
        expect(refused.json().errors).toEqual([expect.objectContaining({ path: 'body.slotStart', code: 'slot_holiday' })]);

        // A booking is being made on the day (not yet committed) while staff add a holiday on it: staff are asked.
        const row = bookingRow({ companyId: a.companyId!, slotStart: slotOn(second).start, slotEnd: slotOn(second).end, createdBy: a.userId! });
        let holiday!: Promise<InjectResponse>;
        await t.db.kysely.transaction().execute(async (trx) => {
          await lockBookingDay(trx, second);
          await insertBooking(trx, row);
          holiday = admin.inject({ method: 'POST', url: url(BookingPaths.holidays), payload: { date: second, nameLo: 'ວັນພັກ', nameEn: 'Closure' } });
          await untilWaiting(second);
        });
        const asked = await holiday;
        expect(asked.statusCode, asked.body).toBe(409);
        expect(asked.json()).toMatchObject({ code: 'HOLIDAY_HAS_BOOKINGS', title: expect.stringMatching(/: 1/) });

        await t.db.kysely.deleteFrom('bookings').where('id', '=', row.id).execute();
        await t.db.kysely.deleteFrom('bookingHolidays').where('id', '=', holidayId).execute();
      },
    );
  });

  describe('booking', () => {
    it('books a slot: 201 with a URL-safe code of at least 80 bits, the place is taken, an audit entry and an e-mail with the .ics', async () => {
      const [slot] = await upcomingSlots(a);
      const before = await t.db.kysely.selectFrom('outbox').select('id').execute();
      const booking = await book(a, slot!.start);
      expect(booking).toMatchObject({
        status: 'booked',
        slotStart: slot!.start,
        slotEnd: slot!.end,
        method: 'in_person',
        documentCount: 4,
        sequence: 0,
      });
      expect(booking.code).toMatch(/^[A-Za-z0-9_-]{22,}$/); // 22 base64url characters = 132 bits ≥ 128 random bits
      // what a person reads aloud: the year's gapless counter, the next number after the last booking's
      const year = vientianeDate(new Date()).slice(0, 4);
      expect(booking.reference).toMatch(new RegExp(`^BK-${year}-\\d{6}$`));
      const next = await book(a, (await upcomingSlots(a))[3]!.start);
      expect(Number(next.reference.slice(-6))).toBe(Number(booking.reference.slice(-6)) + 1);
      await reviewer.inject({ method: 'POST', url: url(BookingPaths.staffAction(next.id, 'cancel')) });
      expect(booking.qrUrl).toBe(new URL(`/qr/scan/${booking.companyId}/${booking.code}`, t.config.PUBLIC_URL).toString());

      const after = (await upcomingSlots(a)).find((s) => s.start === slot!.start)!;
      expect(after.remaining).toBe(slot!.remaining - 1);
      expect((await audit(booking.id)).map((e) => e.action)).toEqual(['booking.create']);

      const mails = await t.db.kysely
        .selectFrom('outbox')
        .selectAll()
        .where(
          'id',
          'not in',
          before.map((m) => m.id),
        )
        .execute();
      expect(mails.length).toBeGreaterThanOrEqual(1);
      // company A's user chose Lao; the mail gives the reference to quote, never the QR's secret code
      expect(mails[0]!.subject).toMatch(/ຢືນຢັນການຈອງ/);
      expect(mails[0]!.textBody).toContain(`ເລກອ້າງອີງການຈອງ: ${booking.reference}`);
      expect(mails[0]!.textBody).not.toContain(booking.code);
      const attachments = JSON.parse(mails[0]!.attachments!) as { filename: string; contentType: string; content: string }[];
      expect(attachments[0]!.contentType).toMatch(/^text\/calendar/);
      const ics = parseIcs(Buffer.from(attachments[0]!.content, 'base64').toString('utf8'));
      expect(ics).toMatchObject({ uid: `booking-${booking.id}@localhost`, start: slot!.start, end: slot!.end, sequence: 0, status: 'CONFIRMED' });
    });

    it('refuses a second active booking of the same company in the same slot (409), another company may', async () => {
      const slot = (await upcomingSlots(a))[1]!;
      await book(a, slot.start);
      const again = await a.inject({ method: 'POST', url: url(BookingPaths.list), payload: bookingBody(slot.start) });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('BOOKING_DUPLICATE');
      await book(b, slot.start);
    });

    it.each([
      ['a Saturday', () => vientianeInstant(nextWeekday(6), 9 * 60), 'slot_weekend'],
      ['a Sunday', () => vientianeInstant(nextWeekday(0), 9 * 60), 'slot_weekend'],
      ['before opening', () => vientianeInstant(nextWeekday(3), 7 * 60), 'slot_outside_hours'],
      ['at closing time', () => vientianeInstant(nextWeekday(3), 16 * 60), 'slot_outside_hours'],
      ['off the slot grid', () => vientianeInstant(nextWeekday(3), 9 * 60 + 10), 'slot_not_slot_start'],
      ['in the past', () => vientianeInstant(nextWeekday(3, -10), 9 * 60), 'slot_too_soon'],
      ['past the horizon', () => vientianeInstant(nextWeekday(3, 70), 9 * 60), 'slot_beyond_horizon'],
    ])('refuses %s with a field error and changes nothing', async (_name, start, code) => {
      const before = await countBookings();
      const res = await a.inject({
        method: 'POST',
        url: url(BookingPaths.list),
        payload: bookingBody(start().toISOString()),
        headers: { 'accept-language': 'lo' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ path: 'body.slotStart', code });
      expect(res.json().errors[0].message).toMatch(/[\u0E80-\u0EFF]/);
      expect(await countBookings()).toBe(before);
    });

    it('refuses a malformed body and another company’s submission with field errors', async () => {
      const slot = (await upcomingSlots(a))[2]!;
      const bad = await a.inject({
        method: 'POST',
        url: url(BookingPaths.list),
        payload: { ...bookingBody(slot.start), method: 'pigeon', documentCount: 0 },
      });
      expect(bad.statusCode).toBe(400);
      expect(
        bad
          .json()
          .errors.map((e: { path: string }) => e.path)
          .sort(),
      ).toEqual(['body.documentCount', 'body.method']);
      const foreign = await a.inject({
        method: 'POST',
        url: url(BookingPaths.list),
        payload: bookingBody(slot.start, { submissionId: crypto.randomUUID() }),
      });
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().errors[0].path).toBe('body.submissionId');
    });

    it('20 parallel requests for a slot of capacity 3 give exactly 3 bookings and 17 refusals (409 SLOT_FULL)', async () => {
      const slot = (await upcomingSlots(a)).find((s) => s.remaining === 3)!;
      const companies = [];
      for (let i = 0; i < 20; i += 1) companies.push((await registerCompany(t)).agent);
      for (const c of companies) await c.fetchCsrf();
      const results = await Promise.all(
        companies.map((c) => c.inject({ method: 'POST', url: url(BookingPaths.list), payload: bookingBody(slot.start) })),
      );
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 201)).toHaveLength(3);
      expect(codes.filter((c) => c === 409)).toHaveLength(17);
      expect(results.filter((r) => r.statusCode === 409).every((r) => r.json().code === 'SLOT_FULL')).toBe(true);
      const rows = await t.db.kysely.selectFrom('bookings').select('id').where('slotStart', '=', slot.start).where('status', '=', 'booked').execute();
      expect(rows).toHaveLength(3);
      expect((await upcomingSlots(a)).find((s) => s.start === slot.start)!.remaining).toBe(0);
    });
  });

  describe('changes, calendar file and receipt', () => {
    let booking: Booking;

    it('reschedules: new slot, sequence raised, the old place freed, UID unchanged in the .ics', async () => {
      await setSettings({ cutoffHours: 0 });
      const slots = (await upcomingSlots(b)).filter((s) => s.remaining > 0);
      booking = await book(b, slots[5]!.start);
      const first = parseIcs((await b.inject({ url: url(BookingPaths.calendar(booking.id)) })).body);
      const target = slots[6]!;
      const res = await b.inject({ method: 'POST', url: url(BookingPaths.action(booking.id, 'reschedule')), payload: { slotStart: target.start } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ slotStart: target.start, slotEnd: target.end, sequence: 1 });
      const now = await upcomingSlots(b);
      expect(now.find((s) => s.start === slots[5]!.start)!.remaining).toBe(slots[5]!.remaining);
      expect(now.find((s) => s.start === target.start)!.remaining).toBe(target.remaining - 1);

      const cal = await b.inject({ url: url(BookingPaths.calendar(booking.id)) });
      expect(cal.headers['content-type']).toMatch(/^text\/calendar/);
      const ics = parseIcs(cal.body);
      expect(ics).toMatchObject({ method: 'PUBLISH', uid: first.uid, start: target.start, end: target.end, sequence: 1, status: 'CONFIRMED' });
      expect(first.sequence).toBe(0);
      expect((await audit(booking.id)).map((e) => e.action)).toEqual(['booking.create', 'booking.reschedule']);
    });

    it('past the cut-off the company can neither cancel nor reschedule (409 BOOKING_CUTOFF); nothing changes', async () => {
      await setSettings({ cutoffHours: 24 * 14 });
      for (const [action, payload] of [
        ['cancel', undefined],
        ['reschedule', { slotStart: (await upcomingSlots(b))[8]!.start }],
      ] as const) {
        const res = await b.inject({ method: 'POST', url: url(BookingPaths.action(booking.id, action)), payload });
        expect(res.statusCode, action).toBe(409);
        expect(res.json().code).toBe('BOOKING_CUTOFF');
      }
      expect((await b.inject({ url: url(BookingPaths.one(booking.id)) })).json()).toMatchObject({
        status: 'booked',
        sequence: 1,
        changeableUntil: null,
      });
    });

    it('staff are not bound by the cut-off; a cancelled booking answers a cancelled event and cannot be cancelled twice', async () => {
      const res = await reviewer.inject({ method: 'POST', url: url(BookingPaths.staffAction(booking.id, 'cancel')) });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 'cancelled', sequence: 2 });
      const ics = parseIcs((await b.inject({ url: url(BookingPaths.calendar(booking.id)) })).body);
      expect(ics).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', sequence: 2, uid: `booking-${booking.id}@localhost` });
      const again = await reviewer.inject({ method: 'POST', url: url(BookingPaths.staffAction(booking.id, 'cancel')) });
      expect(again.statusCode).toBe(409);
      expect((await b.inject({ url: url(`${BookingPaths.list}?status=cancelled`) })).json().items.map((x: Booking) => x.id)).toContain(booking.id);
      await setSettings({ cutoffHours: 24 });
    });

    it('staff list the day, mark received with a count and a note; the company sees it under finished with when and by whom', async () => {
      const slot = (await upcomingSlots(b)).filter((s) => s.remaining > 0)[10]!;
      const mine = await book(b, slot.start, { method: 'courier', documentCount: 7 });
      const day = vientianeDate(slot.start);
      const list = (await reviewer.inject({ url: url(`${BookingPaths.staffList}?date=${day}&received=not_received`) })).json();
      const listed = list.items.find((x: StaffBooking) => x.id === mine.id) as StaffBooking;
      expect(listed.company.id).toBe(b.companyId);

      // a company user can never receive (staff route), and staff must send a valid count
      expect(
        (await b.inject({ method: 'POST', url: url(BookingPaths.staffAction(mine.id, 'receive')), payload: { receivedCount: 7 } })).statusCode,
      ).toBe(403);
      expect(
        (await reviewer.inject({ method: 'POST', url: url(BookingPaths.staffAction(mine.id, 'receive')), payload: { receivedCount: -1 } }))
          .statusCode,
      ).toBe(400);

      const res = await reviewer.inject({
        method: 'POST',
        url: url(BookingPaths.staffAction(mine.id, 'receive')),
        payload: { receivedCount: 6, note: 'ຂາດໃບດຸ່ນດ່ຽງ 1 ສະບັບ' },
      });
      expect(res.statusCode, res.body).toBe(200);
      // fewer than booked, with a note: the company is told by mail (company B's user reads English) and in the portal
      const shortfall = await t.db.kysely
        .selectFrom('outbox')
        .selectAll()
        .where('subject', 'like', `%${mine.reference}%`)
        .where('toAddress', 'in', t.db.kysely.selectFrom('users').select('email').where('companyId', '=', b.companyId!))
        .execute();
      expect(shortfall).toHaveLength(1);
      expect(shortfall[0]!.subject).toBe(`Bansi: ${mine.reference} — 6 of 7 documents received`);
      expect(shortfall[0]!.textBody).toContain('Note from the counter: ຂາດໃບດຸ່ນດ່ຽງ 1 ສະບັບ');
      const bell = (await b.inject({ url: url('/notifications'), headers: { 'accept-language': 'en' } })).json() as { items: { title: string }[] };
      expect(bell.items.map((n) => n.title)).toContain(`${mine.reference}: 6 of 7 documents received`);
      const twice = await reviewer.inject({ method: 'POST', url: url(BookingPaths.staffAction(mine.id, 'receive')), payload: { receivedCount: 6 } });
      expect(twice.statusCode).toBe(409);

      const finished = (await b.inject({ url: url(`${BookingPaths.list}?status=finished`) })).json().items as Booking[];
      const done = finished.find((x) => x.id === mine.id)!;
      expect(done).toMatchObject({ status: 'received', receivedCount: 6, receivedNote: 'ຂາດໃບດຸ່ນດ່ຽງ 1 ສະບັບ' });
      expect(done.receivedByName).toMatch(/^Staff /);
      expect(Date.parse(done.receivedAt!)).toBeGreaterThan(Date.now() - 60_000);
      const upcoming = (await b.inject({ url: url(`${BookingPaths.list}?status=upcoming`) })).json().items as Booking[];
      expect(upcoming.some((x) => x.id === mine.id)).toBe(false);
      const received = (await reviewer.inject({ url: url(`${BookingPaths.staffList}?date=${day}&received=received`) })).json()
        .items as StaffBooking[];
      expect(received.map((x) => x.id)).toContain(mine.id);
      expect((await audit(mine.id)).map((e) => e.action)).toEqual(['booking.create', 'booking.receive']);
    });

    it("the cover sheet is a PDF in the caller's language with the code, company, slot and Lao shaped right; another company gets 404", async () => {
      const mine = (await b.inject({ url: url(`${BookingPaths.list}?status=upcoming`) })).json().items[0] as Booking;
      // the account's language (chosen in the app), whatever the browser asks for
      await b.inject({ method: 'PUT', url: url(AuthPaths.language), payload: { language: 'lo' } });
      const pdf = await b.inject({ url: url(BookingPaths.coverSheet(mine.id)), headers: { 'accept-language': 'en' } });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      const text = await pdfText(pdf.rawPayload);
      expect(text).toContain('ໃບປະໜ້າ');
      expect(text).toContain('ເລກອ້າງອີງການຈອງ');
      expect(text).toContain(mine.reference);
      expect(text).toContain(vientianeTime(mine.slotStart));
      const company = (await b.inject({ url: url('/companies/me') })).json() as { nameLo: string; nameEn: string };
      expect(text).toContain(company.nameLo);
      expect(text).toContain(company.nameEn);
      expect(text).toContain('ນຳສົ່ງດ້ວຍຕົນເອງ');
      for (const path of [BookingPaths.one(mine.id), BookingPaths.coverSheet(mine.id), BookingPaths.calendar(mine.id)])
        expect((await a.inject({ url: url(path) })).statusCode, path).toBe(404);
      expect((await a.inject({ method: 'POST', url: url(BookingPaths.action(mine.id, 'cancel')) })).statusCode).toBe(404);
      expect((await b.inject({ url: url(BookingPaths.one(mine.id)) })).json().status).toBe('booked');
      await b.inject({ method: 'PUT', url: url(AuthPaths.language), payload: { language: 'en' } });
    });

    it('the QR code: a visitor sees only a valid booking for that day, staff see the booking; a cancelled one is not genuine', async () => {
      const slot = (await upcomingSlots(a)).filter((s) => s.remaining > 0)[12]!;
      const mine = await book(a, slot.start);
      const check = url(QrPaths.check(mine.companyId, mine.code));
      const visitor = await new Agent(t).inject({ url: check });
      expect(visitor.statusCode).toBe(200);
      expect(visitor.json()).toEqual({ kind: 'booking', genuine: true, date: vientianeDate(slot.start), reference: mine.reference });
      const staffView = (await reviewer.inject({ url: check })).json();
      expect(staffView.booking).toMatchObject({ id: mine.id, status: 'booked', documentCount: 4, company: { id: a.companyId } });
      // the company itself is not staff: it sees what a visitor sees
      expect((await a.inject({ url: check })).json().booking).toBeUndefined();
      // another company's id, or an altered code, is simply not found
      expect((await new Agent(t).inject({ url: url(QrPaths.check(b.companyId!, mine.code)) })).statusCode).toBe(404);
      const altered = `${mine.code.startsWith('A') ? 'B' : 'A'}${mine.code.slice(1)}`;
      expect((await new Agent(t).inject({ url: url(QrPaths.check(mine.companyId, altered)) })).statusCode).toBe(404);
      await reviewer.inject({ method: 'POST', url: url(BookingPaths.staffAction(mine.id, 'cancel')) });
      expect((await new Agent(t).inject({ url: check })).statusCode).toBe(404);
    });
  });
});

/** The next date (Vientiane) with this weekday (0 = Sunday), at least `after` days from today, that is no official holiday. */
function nextWeekday(day: number, after = 3): string {
  const official = (d: string) => laoOfficialHolidays(Number(d.slice(0, 4))).some((h) => h.date === d);
  let date = addDays(vientianeDate(new Date()), after);
  while (new Date(`${date}T00:00:00Z`).getUTCDay() !== day || official(date)) date = addDays(date, 1);
  return date;
}
