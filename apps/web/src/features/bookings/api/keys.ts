import { staffBookingListsKey } from '../../../api/receive-booking';

/** Query keys of this feature: a mutation invalidates only the keys it changes. */
export const bookingKeys = {
  all: ['bookings'] as const,
  slots: (from: string, to: string) => ['bookings', 'slots', from, to] as const,
  slotsAll: ['bookings', 'slots'] as const,
  lists: ['bookings', 'list'] as const,
  list: (status: string) => ['bookings', 'list', status] as const,
  detail: (id: string) => ['bookings', 'detail', id] as const,
  staffLists: staffBookingListsKey,
  staffList: (filters: object) => ['staff', 'bookings', 'list', filters] as const,
  holidays: ['staff', 'bookings', 'holidays'] as const,
  settings: ['staff', 'bookings', 'settings'] as const,
};
