import { API_BASE, BookingPaths, type Booking } from '@bansi/shared';
import { expect } from 'vitest';
import type { Agent, TestApp } from '../helpers';
import { book, upcomingSlots } from '../bookings';

/**
 * Access-matrix cases of bookings: company B names company A's booking; the answer is 404 and A's
 * booking keeps its status, slot and sequence.
 */
type Arrange = (ctx: { t: TestApp; a: Agent }) => Promise<{ params: Record<string, string>; body?: unknown; unchanged(): Promise<void> }>;

let used = 0;
const bookingOfA =
  (body?: (slots: string[]) => unknown): Arrange =>
  async ({ t, a }) => {
    const slots = (await upcomingSlots(a)).filter((s) => s.remaining > 0).map((s) => s.start);
    const booking: Booking = await book(a, slots[used++ % slots.length]!);
    return {
      params: { id: booking.id },
      body: body?.(slots.filter((s) => s !== booking.slotStart)),
      async unchanged() {
        const row = await t.db.kysely.selectFrom('bookings').selectAll().where('id', '=', booking.id).executeTakeFirstOrThrow();
        expect([row.status, row.slotStart, Number(row.sequence)]).toEqual(['booked', booking.slotStart, 0]);
      },
    };
  };

export const bookingsAccessCases: Record<string, { arrange: Arrange }> = {
  [`GET ${API_BASE}${BookingPaths.one(':id')}`]: { arrange: bookingOfA() },
  [`POST ${API_BASE}${BookingPaths.action(':id', 'cancel')}`]: { arrange: bookingOfA() },
  [`POST ${API_BASE}${BookingPaths.action(':id', 'reschedule')}`]: { arrange: bookingOfA((slots) => ({ slotStart: slots[0] })) },
  [`GET ${API_BASE}${BookingPaths.coverSheet(':id')}`]: { arrange: bookingOfA() },
  [`GET ${API_BASE}${BookingPaths.calendar(':id')}`]: { arrange: bookingOfA() },
};
