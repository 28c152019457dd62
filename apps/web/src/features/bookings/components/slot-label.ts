import { vientianeTime } from '@bansi/shared/domain/booking-slots';
import type { Language } from '@bansi/shared/i18n';
import { formatDateTime } from '../../../lib/format';

/** "24 ພະຈິກ 2026, 09:00–09:30": the slot in Vientiane time. */
export const slotText = (slot: { slotStart: string; slotEnd: string }, lng: Language) =>
  `${formatDateTime(slot.slotStart, lng)}–${vientianeTime(slot.slotEnd)}`;
