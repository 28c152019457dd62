import { BookingPaths, type BookingList, type PageOf, type Booking } from '@bansi/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { bookingKeys } from './keys';

export const listBookings = (status: BookingList, cursor?: string) => api<PageOf<Booking>>(BookingPaths.list, { query: { status, cursor } });

export const bookingsQueryOptions = (status: BookingList) =>
  infiniteQueryOptions({
    queryKey: bookingKeys.list(status),
    queryFn: ({ pageParam }) => listBookings(status, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** The company's bookings of one list (upcoming, finished, cancelled), page by page. */
export const useBookings = (status: BookingList) => useInfiniteQuery(bookingsQueryOptions(status));
