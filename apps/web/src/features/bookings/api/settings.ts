import { BookingPaths, type BookingSettings, type BookingSettingsView } from '@bansi/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { bookingKeys } from './keys';

export const getBookingSettings = () => api<BookingSettingsView>(BookingPaths.settings);
export const updateBookingSettings = (body: BookingSettings) => api<BookingSettingsView>(BookingPaths.settings, { method: 'PUT', body });

export const bookingSettingsQueryOptions = () => queryOptions({ queryKey: bookingKeys.settings, queryFn: getBookingSettings });
export const useBookingSettings = () => useQuery(bookingSettingsQueryOptions());

export function useUpdateBookingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBookingSettings,
    onSuccess: (view) => queryClient.setQueryData(bookingKeys.settings, view),
  });
}
