import { bookingReference, slotEnd, vientianeDate, type CreateBookingRequest, type Language } from '@bansi/shared';
import { isUniqueViolation } from '../../../db/index';
import { nextSequence } from '../../../db/sequences';
import type { Actor } from '../../../lib/actor';
import { newId } from '../../../lib/crypto';
import type { Deps } from '../../../lib/deps';
import { AppError, conflict, invalid } from '../../../lib/errors';
import type { Principal } from '../../../plugins/access';
import { recordAudit } from '../../audit';
import { issueQrCode, newQrSecret } from '../../qr';
import { mailBooking } from '../bookings.mail';
import { presentBooking } from '../bookings.presenter';
import { findActiveOfCompanyAt, findHolidayByDate, insertBooking, lockBookingDay, takePlace } from '../bookings.repository';
import { ownerOfFiling } from '../bookings.people';
import { bookableStart, calendarOf, ctxOf, slotRefused } from '../bookings.slots';
import { NOT_YET_SETTLED, type BookingsTable } from '../bookings.tables';

export async function createBooking(deps: Deps, actor: Actor, principal: Principal, body: CreateBookingRequest, lang: Language) {
  const companyId = principal.companyId;
  if (!companyId) throw new AppError(403, 'FORBIDDEN');
  const now = new Date();
  const { cal, settings } = await calendarOf(deps);
  const start = bookableStart(deps, cal, body.slotStart, lang, now);
  if (body.submissionId) {
    const submission = await ownerOfFiling(deps.db, body.submissionId);
    if (submission?.companyId !== companyId)
      throw invalid([{ path: 'body.submissionId', code: 'unknown_choice', message: deps.t(lang, 'errors.field.unknown_choice') }]);
  }
  if (await findActiveOfCompanyAt(deps.db, companyId, start)) throw conflict('BOOKING_DUPLICATE');

  const at = now.toISOString();
  const row: BookingsTable = {
    id: newId(),
    companyId,
    // 128 random bits, base64url: the QR code's secret part (decision 085)
    code: newQrSecret(),
    // given in the transaction below, from the year's gapless counter
    reference: '',
    status: 'booked',
    slotStart: start,
    slotEnd: slotEnd(start, settings.slotMinutes),
    method: body.method,
    documentCount: body.documentCount,
    contactName: body.contactName,
    contactPhone: body.contactPhone,
    submissionId: body.submissionId ?? null,
    sequence: 0,
    createdBy: principal.userId,
    createdAt: at,
    updatedAt: at,
    ...NOT_YET_SETTLED,
  };
  try {
    await deps.db.transaction().execute(async (trx) => {
      // The day may have closed since the calendar above was read: look again while no holiday can be added to it.
      const day = vientianeDate(start);
      await lockBookingDay(trx, day);
      if (await findHolidayByDate(trx, day)) throw slotRefused(deps, 'holiday', lang);
      if (!(await takePlace(trx, start, settings.capacity))) throw conflict('SLOT_FULL');
      const year = Number(vientianeDate(now).slice(0, 4));
      row.reference = bookingReference(year, await nextSequence(trx, 'booking', year));
      await insertBooking(trx, row);
      await issueQrCode(trx, { kind: 'booking', companyId, subjectId: row.id, code: row.code, publicUrl: deps.config.PUBLIC_URL });
      await recordAudit(
        trx,
        actor,
        'booking.create',
        { kind: 'booking', id: row.id },
        { companyId, details: { slotStart: start, method: row.method } },
      );
      await mailBooking(deps, trx, row, 'bookingConfirmed');
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('BOOKING_DUPLICATE');
    throw err;
  }
  return presentBooking(row, ctxOf(deps, settings, now));
}
