import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { API_BASE, BookingPaths, addDays, vientianeDate, type Booking, type HolidayList, type SlotItem } from '@bansi/shared';
import dayjs from 'dayjs';
import 'dayjs/locale/lo.js';
import { expect as baseExpect, pageOf, registerTestCompany, test, writeHeaders } from './fixtures';

// Every step waits on a server round trip or a lazy screen; on a shared, loaded machine 10 s is too short.
const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * Issue 14, one journey: a company books a time to hand in paper documents (calendar and times at
 * 360 px and on the desktop), downloads the cover sheet, staff open the QR link printed on it and mark
 * the documents received, and the company sees the booking under finished bookings with when and by whom.
 */
test('book → cover sheet → staff scan the QR link and mark received → finished for the company', async ({
  page,
  browser,
  baseURL,
  lang,
  tr,
  shot,
}, testInfo) => {
  test.setTimeout(180_000);
  const { companyId } = await registerTestCompany(page.request, baseURL!, lang);
  const me = (await (await page.request.get(`${API_BASE}/companies/me`)).json()) as { nameLo: string; nameEn: string };
  const company = lang === 'en' ? me.nameEn : me.nameLo;

  // --- the company books
  await page.goto('/dashboard/sending-booking-document');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('dashboard.nav.booking'));
  await expect(page.getByTestId('no-upcoming')).toBeVisible();
  const picker = page.getByTestId('slot-picker');
  // Booking with nothing chosen: the shared schema (it loads with this first check, decision 280) refuses it in
  // the browser, and nothing is sent.
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/bookings')) posts.push(r.url());
  });
  await page.getByTestId('book').click();
  await expect(picker.getByRole('alert')).toHaveText(tr('account.validation.required'));
  await expect(page.getByRole('textbox', { name: tr('bookings.form.contactName') })).toHaveAttribute('aria-invalid', 'true');
  expect(posts).toEqual([]);
  const openDays = picker.locator('button[data-testid^="day-"]:not([data-disabled])');
  // late in a month the next one may hold the first free day
  if ((await openDays.count()) === 0) await picker.locator('[data-direction="next"]').click();
  // the second open day when there is one: today may have only a few times left
  await openDays.nth(Math.min(1, (await openDays.count()) - 1)).click();
  // each project takes its own time, so the four projects running side by side never fill one slot
  const times = picker.getByTestId('slot').and(page.locator(':not([disabled])'));
  await times.nth(['lo-desktop', 'lo-mobile', 'en-desktop', 'en-mobile'].indexOf(testInfo.project.name) + 1).click();
  const form = page.getByTestId('booking-form');
  await form.getByLabel(tr('bookings.form.documentCount')).fill('5');
  await form.getByLabel(tr('bookings.form.contactName')).fill('ສົມໃຈ ໃຈດີ');
  await form.getByLabel(tr('bookings.form.contactPhone')).fill('+856 20 5555 1234');
  await form.getByText(tr('bookings.method.courier')).click();
  await shot('booking-form');
  await page.getByTestId('book').click();
  await expect(page.getByTestId('booked')).toBeVisible();
  const card = page.getByTestId('booking-card');
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('booking-status')).toHaveText(tr('bookings.status.booked'));
  await expect(card).toContainText(tr('bookings.method.courier'));
  await expect(card.getByTestId('booking-qr')).toBeVisible();
  // the readable reference, never the QR's secret code, is what the company reads
  const reference = (await card.getByTestId('booking-code').textContent())!;
  expect(reference).toMatch(/^BK-\d{4}-\d{6}$/);
  const booking = ((await (await page.request.get(`${API_BASE}${BookingPaths.list}?status=upcoming`)).json()) as { items: Booking[] }).items[0]!;
  expect(booking.reference).toBe(reference);
  await expect(card).not.toContainText(booking.code);
  await shot('booking-booked');

  // --- the cover sheet: a PDF that carries the QR link
  const [download] = await Promise.all([page.waitForEvent('download'), card.getByTestId('cover-sheet').click()]);
  const pdf = readFileSync((await download.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const link = new RegExp(`/qr/scan/${companyId}/${booking.code}`).exec(pdf.toString('latin1'))?.[0];
  expect(link, 'QR link in the cover sheet').toBeTruthy();

  // --- staff open the link and mark the documents received
  const staff = await pageOf(browser, 'staff');
  await staff.goto(link!);
  const staffView = staff.getByTestId('qr-booking-staff');
  await expect(staffView).toBeVisible();
  await expect(staff.getByTestId('qr-booking-reference')).toHaveText(reference);
  await expect(staffView).toContainText(tr('bookings.method.courier'));
  await staffView.getByLabel(tr('bookings.receive.count')).fill('4');
  await staffView.getByLabel(tr('bookings.receive.note')).fill('ຂາດ 1 ສະບັບ');
  await staff.screenshot({ path: testInfo.outputPath('qr-staff.png'), fullPage: true });
  await staffView.getByTestId('mark-received').click();
  await expect(staff.getByTestId('qr-booking-status')).toHaveText(tr('bookings.status.received'));
  // the day's list at the counter shows it received
  await staff.goto(`/staff/bookings?date=${vientianeDate(booking.slotStart)}&received=received`);
  await expect(staff.getByRole('heading', { level: 1 })).toHaveText(tr('bookings.staff.title'));
  const row = staff.getByTestId('staff-booking').filter({ hasText: company });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('booking-status')).toHaveText(tr('bookings.status.received'));
  await staff.screenshot({ path: testInfo.outputPath('staff-bookings.png'), fullPage: true });
  await staff.context().close();

  // --- the company sees it under finished bookings, with when and by whom
  await page.goto('/dashboard/finish-booking-document');
  const finished = page.getByTestId('finished-list').getByTestId('booking-card');
  await expect(finished).toHaveCount(1);
  await expect(finished.getByTestId('booking-status')).toHaveText(tr('bookings.status.received'));
  await expect(finished.getByTestId('booking-received')).toContainText('ຂາດ 1 ສະບັບ');
  await expect(finished.getByTestId('booking-received')).toContainText(/4/);
  await shot('bookings-finished');
  await page.goto('/dashboard/sending-booking-document');
  await expect(page.getByTestId('no-upcoming')).toBeVisible();
});

/**
 * A holiday on a day a company has booked (decision 115): staff entering it are told how many bookings
 * the day has and confirm that adding it cancels them; the company then finds nothing upcoming.
 */
test('a holiday on a booked day: staff are told, confirm, and the company’s booking is cancelled', async ({
  page,
  browser,
  baseURL,
  lang,
  tr,
  shot,
}, testInfo) => {
  test.setTimeout(120_000);
  await registerTestCompany(page.request, baseURL!, lang);
  // A weekday far enough ahead that the other journeys (the first open days) never book it; one per project.
  const project = ['lo-desktop', 'lo-mobile', 'en-desktop', 'en-mobile'].indexOf(testInfo.project.name);
  const from = addDays(vientianeDate(new Date()), 40 + project * 3);
  const slotsRes = await page.request.get(`${API_BASE}${BookingPaths.slots}?from=${from}&to=${addDays(from, 6)}`);
  const slot = ((await slotsRes.json()) as { items: SlotItem[] }).items.find((s) => s.remaining > 0)!;
  const day = vientianeDate(slot.start);
  const booked = await page.request.post(`${API_BASE}${BookingPaths.list}`, {
    headers: await writeHeaders(page.request, baseURL!),
    data: { slotStart: slot.start, method: 'in_person', documentCount: 2, contactName: 'ສົມໃຈ ໃຈດີ', contactPhone: '+856 20 5555 1234' },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const booking = (await booked.json()) as Booking;

  // --- staff enter the holiday: told about the booking, they confirm
  const staff = await pageOf(browser, 'staff');
  await staff.goto('/staff/reference?list=holidays');
  await expect(staff.getByTestId('holidays')).toBeVisible();
  // The calendar opens on this month (or the chosen day's): forward to the day's month; its days are
  // labelled "D MMMM YYYY" in the page's language.
  const pickDay = async (date: string) => {
    await staff.getByLabel(tr('bookings.holidays.date')).click();
    // the calendar is open (its day buttons drawn) before anything is asked of it
    await expect(
      staff
        .getByRole('dialog')
        .getByRole('button', { name: /\d{4}$/ })
        .first(),
    ).toBeVisible();
    const dayButton = staff.getByRole('button', { name: dayjs(date).locale(lang).format('D MMMM YYYY'), exact: true });
    const nextMonth = staff.getByRole('dialog').getByRole('button', { name: tr('common.calendar.nextMonth') });
    for (let i = 0; i < 3 && !(await dayButton.isVisible()); i++) await nextMonth.click();
    await dayButton.click();
  };
  await pickDay(day);
  await staff.getByLabel(tr('bookings.holidays.nameLo')).fill('ວັນພັກທົດສອບ');
  await staff.getByLabel(tr('bookings.holidays.nameEn')).fill('Test closure');
  await staff.getByRole('button', { name: tr('bookings.holidays.add') }).click();
  const warning = staff.getByRole('alert').filter({ hasText: tr('errors.HOLIDAY_HAS_BOOKINGS', { bookings: 1 }) });
  await expect(warning).toBeVisible();
  const staffShot = async (name: string) =>
    staff.screenshot({ path: join(testInfo.project.outputDir, 'screenshots', testInfo.project.name, `${name}.png`), fullPage: true });
  await staffShot('holiday-has-bookings');
  // another day chosen: the warning was about this one's bookings, so it goes (it must not be confirmed for the other)
  await pickDay(addDays(day, day.endsWith('-01') ? 1 : -1));
  await expect(warning).toBeHidden();
  await pickDay(day);
  await staff.getByRole('button', { name: tr('bookings.holidays.add') }).click();
  await expect(warning).toBeVisible();
  await warning.getByRole('button', { name: tr('bookings.holidays.confirmCancel') }).click();
  await expect(staff.getByRole('status').filter({ hasText: tr('bookings.holidays.cancelled', { bookings: 1 }) })).toBeVisible();
  await expect(staff.getByTestId('holidays')).toContainText(lang === 'en' ? 'Test closure' : 'ວັນພັກທົດສອບ');
  await staffShot('holiday-bookings-cancelled');

  // --- the company: nothing upcoming, the booking cancelled
  await page.goto('/dashboard/sending-booking-document');
  await expect(page.getByTestId('no-upcoming')).toBeVisible();
  const mine = (await (await page.request.get(`${API_BASE}${BookingPaths.one(booking.id)}`)).json()) as Booking;
  expect(mine.status).toBe('cancelled');
  await shot('booking-cancelled-by-holiday');

  // the day opens again for whatever runs next
  const holidays = (await (await staff.request.get(`${API_BASE}${BookingPaths.holidays}?year=${day.slice(0, 4)}`)).json()) as HolidayList;
  const holiday = holidays.items.find((h) => h.date === day)!;
  const removed = await staff.request.delete(`${API_BASE}${BookingPaths.holiday(holiday.id)}`, {
    headers: await writeHeaders(staff.request, baseURL!),
  });
  expect(removed.status()).toBe(204);
  await staff.context().close();
});
