import { SME_DECREE_DATE, type SmeThresholdCell } from '@bansi/shared';
import { newId, nowIso } from '../../lib/crypto';
import type { SeedStep } from '../../db/seed-step';
import { findThresholdCell, insertThresholdCell } from './sme-thresholds.repository';

const SOURCE =
  'Decree on the Classification of Small and Medium-Sized Enterprises, No. 25/GOL of 16 January 2017, Article 4 ' +
  '(English text published on the Lao Trade Portal, laotradeportal.gov.la)';
const DATE_NOTE = 'Effective date taken as the date of the decree; check the official text for its entry into force.';

/**
 * The only cells verified from a public source (the decree's English text; decision 152 says why the rest stay empty):
 * micro, commodity production — 1–5 persons, or total assets below 100,000,000 LAK. Every other cell
 * stays empty until staff admins enter it from the official text; a size that needs an empty cell
 * is "cannot be determined yet". Never fill cells here from memory or from the 2004 decree.
 */
export const VERIFIED_SME_THRESHOLD_CELLS: readonly SmeThresholdCell[] = [
  {
    sector: 'commodity_production',
    size: 'micro',
    criterion: 'labour',
    upperBound: 5,
    upperInclusive: true,
    effectiveFrom: SME_DECREE_DATE,
    sourceNote: `${SOURCE}: micro enterprise in commodity production, annual average labour 1–5 persons. ${DATE_NOTE}`,
  },
  {
    sector: 'commodity_production',
    size: 'micro',
    criterion: 'assets',
    upperBound: 100_000_000,
    upperInclusive: false,
    effectiveFrom: SME_DECREE_DATE,
    sourceNote: `${SOURCE}: micro enterprise in commodity production, total assets less than 100,000,000 LAK. ${DATE_NOTE}`,
  },
];

/** Inserts the verified cells that are missing; never touches what staff entered. */
export const smeThresholdsSeed: SeedStep = {
  name: 'sme-thresholds',
  kind: 'reference',
  async run({ db }) {
    for (const cell of VERIFIED_SME_THRESHOLD_CELLS) {
      if (await findThresholdCell(db.kysely, cell)) continue;
      const now = nowIso();
      await insertThresholdCell(db.kysely, {
        id: newId(),
        ...cell,
        upperInclusive: cell.upperInclusive ? 1 : 0,
        createdBy: null,
        createdAt: now,
        updatedAt: now,
      });
    }
  },
};
