import { WebPaths } from '@bansi/shared/paths';
import { formatDateTime, type Language, type ReceiveBookingRequest } from '@bansi/shared';
import type { Actor } from '../../../lib/actor';
import { nowIso } from '../../../lib/crypto';
import type { Deps, Executor } from '../../../lib/deps';
import { AppError } from '../../../lib/errors';
import type { Principal } from '../../../plugins/access';
import { recordAudit } from '../../audit';
import { publish, type CompanyNews } from '../../events';
import '../bookings.published';
import { enqueueMail } from '../../mail';
import { listMailableUsers } from '../../auth';
import { assertActive } from '../bookings.policy';
import { getStaffBooking, readableBooking } from '../bookings.queries';
import { updateBookingIf } from '../bookings.repository';
import { companyOfBooking } from '../bookings.people';
import { findUserById } from '../../auth';
import type { BookingsTable } from '../bookings.tables';

/** Staff mark the paper documents received (from the QR page or the day's list). */
export async function receiveBooking(deps: Deps, actor: Actor, principal: Principal, id: string, body: ReceiveBookingRequest) {
  const row = await readableBooking(deps, principal, id);
  assertActive(row);
  const now = nowIso();
  const receiver = await findUserById(deps.db, principal.userId);
  const patch = {
    status: 'received' as const,
    receivedAt: now,
    receivedBy: principal.userId,
    receivedByName: receiver?.name ?? '',
    receivedCount: body.receivedCount,
    receivedNote: body.note ? body.note : null,
    updatedAt: now,
  };
  await deps.db.transaction().execute(async (trx) => {
    if (!(await updateBookingIf(trx, id, row, patch))) throw new AppError(409, 'STALE');
    await recordAudit(
      trx,
      actor,
      'booking.receive',
      { kind: 'booking', id },
      { companyId: row.companyId, details: { receivedCount: body.receivedCount } },
    );
    const shortfall =
      body.receivedCount < Number(row.documentCount) || patch.receivedNote ? await tellShortfall(deps, trx, { ...row, ...patch }) : undefined;
    // The bell (on a shortfall) subscribes in modules/subscribers.ts.
    await publish(deps, trx, {
      type: 'booking.received',
      subject: { kind: 'booking', id },
      companyId: row.companyId,
      payload: { reference: row.reference, receivedCount: body.receivedCount, documentCount: Number(row.documentCount) },
      occurredAt: now,
      news: shortfall,
    });
  });
  return getStaffBooking(deps, principal, id);
}

/**
 * Fewer documents than booked, or a note from the counter ("11 of 12, audit report missing"): every user of
 * the company gets a mail in their language, in the caller's transaction; the notification in the portal
 * (returned here) goes with the `booking.received` event to its subscriber (decision 214).
 */
async function tellShortfall(deps: Deps, trx: Executor, row: BookingsTable): Promise<CompanyNews> {
  const company = await companyOfBooking(trx, row.companyId);
  const path = WebPaths.dashboard.finishedBooking(row.id);
  const vars = (lang: Language) => ({
    company: lang === 'en' ? company.nameEn : company.nameLo,
    reference: row.reference,
    received: Number(row.receivedCount),
    booked: Number(row.documentCount),
    receivedAt: formatDateTime(row.receivedAt!, lang),
    note: row.receivedNote ? deps.t(lang, 'bookings.shortfall.note', { note: row.receivedNote }) : '',
  });
  for (const user of await listMailableUsers(trx, row.companyId)) {
    await enqueueMail(deps, trx, {
      to: user.email,
      lang: user.language,
      template: 'bookingShortfall',
      vars: { ...vars(user.language), link: new URL(path, deps.config.PUBLIC_URL).toString() },
    });
  }
  const text = (lang: Language, part: 'title' | 'body') => deps.t(lang, `bookings.shortfall.${part}`, vars(lang)).trim();
  return { titleLo: text('lo', 'title'), titleEn: text('en', 'title'), bodyLo: text('lo', 'body'), bodyEn: text('en', 'body'), link: path };
}
