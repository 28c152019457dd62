import type { Booking, StaffBooking } from '@bansi/shared';
import { qrLink } from '../qr';
import type { BookingsTable } from './bookings.tables';

/** The wire shape of a booking; `changeableUntil` is when the company's cut-off falls (null once past or inactive). */
export function presentBooking(row: BookingsTable, ctx: { publicUrl?: string; cutoffHours: number; now: Date }): Booking {
  const until = new Date(Date.parse(row.slotStart) - ctx.cutoffHours * 3600_000);
  return {
    id: row.id,
    companyId: row.companyId,
    code: row.code,
    reference: row.reference,
    status: row.status,
    slotStart: row.slotStart,
    slotEnd: row.slotEnd,
    method: row.method,
    documentCount: Number(row.documentCount),
    contactName: row.contactName,
    contactPhone: row.contactPhone,
    submissionId: row.submissionId,
    sequence: Number(row.sequence),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    cancelledAt: row.cancelledAt,
    receivedAt: row.receivedAt,
    receivedByName: row.receivedByName,
    receivedCount: row.receivedCount === null ? null : Number(row.receivedCount),
    receivedNote: row.receivedNote,
    qrUrl: qrLink(row.companyId, row.code, ctx.publicUrl),
    changeableUntil: row.status === 'booked' && until.getTime() >= ctx.now.getTime() ? until.toISOString() : null,
  };
}

export function presentStaffBooking(
  row: BookingsTable,
  company: { id: string; nameLo: string; nameEn: string; tin: string },
  ctx: { publicUrl?: string; cutoffHours: number; now: Date },
): StaffBooking {
  return { ...presentBooking(row, ctx), company: { id: company.id, nameLo: company.nameLo, nameEn: company.nameEn, tin: company.tin } };
}
