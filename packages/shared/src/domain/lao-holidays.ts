/**
 * The official public holidays of the Lao PDR, as fixed by the Decree on Holidays No. 386/GOV of
 * 15 December 2017 (ດຳລັດວ່າດ້ວຍວັນພັກ ເລກທີ 386/ລບ): International New Year (1 January), International
 * Women's Day (8 March), Lao New Year (14–16 April), International Labour Day (1 May) and National Day
 * (2 December). A holiday that falls on a Saturday or Sunday is made up on the next working day
 * (ວັນພັກຊົດເຊີຍ, "in lieu"), as the government's yearly announcements do. Holidays the government
 * announces year by year (an extra New Year day, That Luang, …) are entered by staff. Sources:
 * docs/content-sources.md.
 */
export const LAO_HOLIDAYS_SOURCE = 'Decree on Holidays No. 386/GOV, 15 December 2017 · ດຳລັດວ່າດ້ວຍວັນພັກ ເລກທີ 386/ລບ, 15/12/2017';

export interface OfficialHoliday {
  /** YYYY-MM-DD */
  date: string;
  nameLo: string;
  nameEn: string;
}

const FIXED: { month: number; day: number; nameLo: string; nameEn: string }[] = [
  { month: 1, day: 1, nameLo: 'ວັນປີໃໝ່ສາກົນ', nameEn: "International New Year's Day" },
  { month: 3, day: 8, nameLo: 'ວັນແມ່ຍິງສາກົນ', nameEn: "International Women's Day" },
  { month: 4, day: 14, nameLo: 'ບຸນປີໃໝ່ລາວ', nameEn: 'Lao New Year' },
  { month: 4, day: 15, nameLo: 'ບຸນປີໃໝ່ລາວ', nameEn: 'Lao New Year' },
  { month: 4, day: 16, nameLo: 'ບຸນປີໃໝ່ລາວ', nameEn: 'Lao New Year' },
  { month: 5, day: 1, nameLo: 'ວັນກຳມະກອນສາກົນ', nameEn: 'International Labour Day' },
  { month: 12, day: 2, nameLo: 'ວັນຊາດ', nameEn: 'National Day' },
];

const iso = (d: Date) => d.toISOString().slice(0, 10);

/** The official holidays of `year` in date order, with the day in lieu after each one that falls on a weekend. */
export function laoOfficialHolidays(year: number): OfficialHoliday[] {
  const days = FIXED.map((h) => ({ ...h, at: new Date(Date.UTC(year, h.month - 1, h.day)) }));
  const taken = new Set(days.map((h) => iso(h.at)));
  const out: OfficialHoliday[] = [];
  for (const h of days) {
    out.push({ date: iso(h.at), nameLo: h.nameLo, nameEn: h.nameEn });
    const weekday = h.at.getUTCDay();
    if (weekday !== 0 && weekday !== 6) continue;
    // The next day that is neither a weekend nor already a holiday (14–16 April can push each other along).
    const lieu = new Date(h.at);
    do lieu.setUTCDate(lieu.getUTCDate() + 1);
    while (lieu.getUTCDay() === 0 || lieu.getUTCDay() === 6 || taken.has(iso(lieu)));
    taken.add(iso(lieu));
    out.push({ date: iso(lieu), nameLo: `ວັນພັກຊົດເຊີຍ ${h.nameLo}`, nameEn: `${h.nameEn} (in lieu)` });
  }
  return out.sort((a, b) => a.date.localeCompare(b.date));
}
