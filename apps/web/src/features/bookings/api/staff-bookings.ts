import { BookingPaths, type PageOf, type StaffBooking } from '@bansi/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { bookingKeys } from './keys';

export interface StaffBookingFilters {
  date: string;
  received: 'all' | 'received' | 'not_received';
}

export const listStaffBookings = (filters: StaffBookingFilters, cursor?: string) =>
  api<PageOf<StaffBooking>>(BookingPaths.staffList, { query: { ...filters, cursor } });

export const staffBookingsQueryOptions = (filters: StaffBookingFilters) =>
  infiniteQueryOptions({
    queryKey: bookingKeys.staffList(filters),
    queryFn: ({ pageParam }) => listStaffBookings(filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** A day's bookings for the counter. */
export const useStaffBookings = (filters: StaffBookingFilters) => useInfiniteQuery(staffBookingsQueryOptions(filters));
