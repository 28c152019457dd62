import { API_BASE, BookingPaths } from '@bansi/shared';

/** Download links (the browser sends the session cookie; no fetch needed). */
export const coverSheetUrl = (id: string) => `${API_BASE}${BookingPaths.coverSheet(id)}`;
export const calendarUrl = (id: string) => `${API_BASE}${BookingPaths.calendar(id)}`;
