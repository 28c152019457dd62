import { BookingPaths, type Holiday, type HolidayList } from '@bansi/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { bookingKeys } from './keys';

export const listHolidays = () => api<HolidayList>(BookingPaths.holidays);
export const createHoliday = (body: { date: string; nameLo: string; nameEn: string }) =>
  api<Holiday>(BookingPaths.holidays, { method: 'POST', body });
export const deleteHoliday = (id: string) => api<void>(BookingPaths.holiday(id), { method: 'DELETE' });

export const holidaysQueryOptions = () => queryOptions({ queryKey: bookingKeys.holidays, queryFn: listHolidays });
export const useHolidays = () => useQuery(holidaysQueryOptions());

/** Add or remove a holiday (staff admin): the holiday list changes. */
export function useHolidayChange() {
  const queryClient = useQueryClient();
  const done = () => void queryClient.invalidateQueries({ queryKey: bookingKeys.holidays });
  return {
    create: useMutation({ mutationFn: createHoliday, onSuccess: done }),
    remove: useMutation({ mutationFn: deleteHoliday, onSuccess: done }),
  };
}
