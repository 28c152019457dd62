import { API_BASE, BookingPaths, type Booking, type SlotItem } from '@bansi/shared';
import { addDays, vientianeDate } from '@bansi/shared';
import { expect } from 'vitest';
import { randomUUID } from 'node:crypto';
import { NOT_YET_SETTLED, type BookingsTable } from '../src/modules/bookings/bookings.tables';
import type { Agent } from './helpers';

/** The bookable slots of the next `days` days (as the company's slot picker asks). */
export async function upcomingSlots(agent: Agent, days = 30): Promise<SlotItem[]> {
  const from = vientianeDate(new Date());
  const res = await agent.inject({ url: `${API_BASE}${BookingPaths.slots}?from=${from}&to=${addDays(from, days)}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: SlotItem[] }).items;
}

export const bookingBody = (slotStart: string, extra: Record<string, unknown> = {}) => ({
  slotStart,
  method: 'in_person',
  documentCount: 4,
  contactName: 'ສົມໃຈ ໃຈດີ',
  contactPhone: '+856 20 5555 1234',
  ...extra,
});

/** Books `slotStart` for the agent's company and returns the booking (201 expected). */
export async function book(agent: Agent, slotStart: string, extra: Record<string, unknown> = {}): Promise<Booking> {
  const res = await agent.inject({ method: 'POST', url: `${API_BASE}${BookingPaths.list}`, payload: bookingBody(slotStart, extra) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Booking;
}

/** A booking row as the service would write it, for a test that writes one directly (booked, nothing received). */
export function bookingRow(row: Pick<BookingsTable, 'companyId' | 'slotStart' | 'slotEnd' | 'createdBy'> & Partial<BookingsTable>): BookingsTable {
  const at = new Date().toISOString();
  return {
    id: randomUUID(),
    code: randomUUID(),
    // a test row's own reference (the service's come from the year's counter)
    reference: `BK-TEST-${randomUUID()}`,
    status: 'booked',
    method: 'in_person',
    documentCount: 3,
    contactName: 'ທ. ຕິດຕໍ່',
    contactPhone: '+856 20 1234 5678',
    submissionId: null,
    sequence: 0,
    createdAt: at,
    updatedAt: at,
    ...NOT_YET_SETTLED,
    ...row,
  };
}
