import { describe, expect, it } from 'vitest';
import { laoOfficialHolidays } from './lao-holidays';

const dates = (year: number) => laoOfficialHolidays(year).map((h) => h.date);

describe('the official public holidays of the Lao PDR (Decree 386/GOV)', () => {
  it.each([
    // 2025 as the government announced it: 8 March (Sat) made up on Monday 10 March
    [2025, ['2025-01-01', '2025-03-08', '2025-03-10', '2025-04-14', '2025-04-15', '2025-04-16', '2025-05-01', '2025-12-02']],
    // 8 March 2026 is a Sunday: Monday 9 March in lieu
    [2026, ['2026-01-01', '2026-03-08', '2026-03-09', '2026-04-14', '2026-04-15', '2026-04-16', '2026-05-01', '2026-12-02']],
    // 1 May 2027 is a Saturday: Monday 3 May in lieu
    [2027, ['2027-01-01', '2027-03-08', '2027-04-14', '2027-04-15', '2027-04-16', '2027-05-01', '2027-05-03', '2027-12-02']],
    // 2028: 1 January a Saturday (Monday 3rd), 15–16 April a weekend (17th and 18th), 2 December a Saturday (4th)
    [
      2028,
      [
        '2028-01-01',
        '2028-01-03',
        '2028-03-08',
        '2028-04-14',
        '2028-04-15',
        '2028-04-16',
        '2028-04-17',
        '2028-04-18',
        '2028-05-01',
        '2028-12-02',
        '2028-12-04',
      ],
    ],
  ])('%i', (year, expected) => {
    expect(dates(year)).toEqual(expected);
  });

  it('a New Year day on a weekend is made up after the three days, not on one of them (2029: 14 April is a Saturday)', () => {
    const april = laoOfficialHolidays(2029).filter((h) => h.date.startsWith('2029-04'));
    expect(april.map((h) => h.date)).toEqual(['2029-04-14', '2029-04-15', '2029-04-16', '2029-04-17', '2029-04-18']);
    expect(april.at(-1)).toMatchObject({ nameEn: 'Lao New Year (in lieu)', nameLo: 'ວັນພັກຊົດເຊີຍ ບຸນປີໃໝ່ລາວ' });
  });

  it('names every day in Lao and English', () => {
    for (const h of laoOfficialHolidays(2026)) {
      expect(h.nameLo).toMatch(/[\u0E80-\u0EFF]/);
      expect(h.nameEn).toMatch(/^[A-Z]/);
    }
    expect(laoOfficialHolidays(2026).find((h) => h.date === '2026-12-02')).toEqual({ date: '2026-12-02', nameLo: 'ວັນຊາດ', nameEn: 'National Day' });
  });
});
