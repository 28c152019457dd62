import { BookingPaths, type Booking, type CreateBookingRequest } from '@bansi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { bookingKeys } from './keys';

export const createBooking = (body: CreateBookingRequest) => api<Booking>(BookingPaths.list, { method: 'POST', body });

/** Book a slot: the upcoming list and the places left change. */
export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBooking,
    onSuccess: (booking) => {
      queryClient.setQueryData(bookingKeys.detail(booking.id), booking);
      void queryClient.invalidateQueries({ queryKey: bookingKeys.list('upcoming') });
      void queryClient.invalidateQueries({ queryKey: bookingKeys.slotsAll });
    },
  });
}
