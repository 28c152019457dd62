import { BookingPaths, type SlotList } from '@bansi/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { bookingKeys } from './keys';

export const getSlots = (from: string, to: string) => api<SlotList>(BookingPaths.slots, { query: { from, to } });

export const slotsQueryOptions = (from: string, to: string) =>
  queryOptions({ queryKey: bookingKeys.slots(from, to), queryFn: () => getSlots(from, to), staleTime: 15_000 });

/** Bookable slots with the places left, for the Vientiane dates from…to. */
export const useSlots = (from: string, to: string) => useQuery(slotsQueryOptions(from, to));
