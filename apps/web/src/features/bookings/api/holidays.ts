import { BookingPaths, type CreateHolidayRequest, type CreatedHoliday, type HolidayList } from '@bansi/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { bookingKeys } from './keys';

export const listHolidays = () => api<HolidayList>(BookingPaths.holidays);
export const createHoliday = (body: CreateHolidayRequest) => api<CreatedHoliday>(BookingPaths.holidays, { method: 'POST', body });
export const deleteHoliday = (id: string) => api<void>(BookingPaths.holiday(id), { method: 'DELETE' });

export const holidaysQueryOptions = () => queryOptions({ queryKey: bookingKeys.holidays, queryFn: listHolidays });
export const useHolidays = () => useQuery(holidaysQueryOptions());

/**
 * Add or remove a holiday (staff admin): the holiday list changes; adding one may cancel the bookings
 * of its day (`cancelBookings`), so the staff's booking lists are read again too.
 */
export function useHolidayChange() {
  const queryClient = useQueryClient();
  const done = () => void queryClient.invalidateQueries({ queryKey: bookingKeys.holidays });
  return {
    create: useMutation({
      mutationFn: createHoliday,
      onSuccess: (_holiday, body) => {
        done();
        if (body.cancelBookings) void queryClient.invalidateQueries({ queryKey: bookingKeys.staffLists });
      },
    }),
    remove: useMutation({ mutationFn: deleteHoliday, onSuccess: done }),
  };
}
