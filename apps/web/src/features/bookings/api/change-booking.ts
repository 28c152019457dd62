import { BookingPaths, type Booking } from '@bansi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { bookingKeys } from './keys';

export const cancelBooking = (id: string) => api<Booking>(BookingPaths.action(id, 'cancel'), { method: 'POST' });
export const rescheduleBooking = (id: string, slotStart: string) =>
  api<Booking>(BookingPaths.action(id, 'reschedule'), { method: 'POST', body: { slotStart } });

/** Cancel or move a booking (until the cut-off): its lists and the places left change. */
export function useChangeBooking(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { action: 'cancel' } | { action: 'reschedule'; slotStart: string }) =>
      change.action === 'cancel' ? cancelBooking(id) : rescheduleBooking(id, change.slotStart),
    onSuccess: (booking) => {
      queryClient.setQueryData(bookingKeys.detail(id), booking);
      void queryClient.invalidateQueries({ queryKey: bookingKeys.lists });
      void queryClient.invalidateQueries({ queryKey: bookingKeys.slotsAll });
    },
  });
}
