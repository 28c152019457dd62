import { LAO_HOLIDAYS_SOURCE, laoOfficialHolidays, vientianeDate } from '@bansi/shared';
import { newId, nowIso } from '../../lib/crypto';
import type { SeedStep } from '../../db/seed-step';
import { insertHoliday, listHolidays } from './bookings.repository';

/**
 * The Lao PDR's official public holidays (Decree 386/GOV; packages/shared lao-holidays.ts) for this year and
 * the next, so the office is closed on National Day from the first start. Runs at every start; a year that has
 * any holiday already is left as staff made it (a day they removed does not come back).
 */
export const officialHolidaysSeed: SeedStep = {
  name: 'official-holidays',
  kind: 'reference',
  async run({ db }) {
    const year = Number(vientianeDate(new Date()).slice(0, 4));
    for (const y of [year, year + 1]) {
      if ((await listHolidays(db.kysely, { from: `${y}-01-01`, to: `${y}-12-31` })).length > 0) continue;
      const createdAt = nowIso();
      for (const h of laoOfficialHolidays(y))
        await insertHoliday(db.kysely, { id: newId(), ...h, source: LAO_HOLIDAYS_SOURCE, createdAt, createdBy: null });
    }
  },
};
