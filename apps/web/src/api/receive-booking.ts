import { BookingPaths, type ReceiveBookingRequest, type StaffBooking } from '@bansi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../lib/api-client';

/** The staff lists of bookings (features/bookings reads them under this key). */
export const staffBookingListsKey = ['staff', 'bookings', 'list'] as const;

export const receiveBooking = (id: string, body: ReceiveBookingRequest) =>
  api<StaffBooking>(BookingPaths.staffAction(id, 'receive'), { method: 'POST', body });

/**
 * Staff mark a booking's paper documents received, from the day's list (features/bookings) or the
 * scanned QR code's page (features/qr); `onDone` lets the caller refresh what it shows.
 */
export function useReceiveBooking(id: string, onDone?: (booking: StaffBooking) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReceiveBookingRequest) => receiveBooking(id, body),
    onSuccess: (booking) => {
      void queryClient.invalidateQueries({ queryKey: staffBookingListsKey });
      onDone?.(booking);
    },
  });
}
