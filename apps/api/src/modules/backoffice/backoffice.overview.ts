import type { OverviewArea, OverviewTile, StaffOverview } from '@bansi/shared';
import type { Deps } from '../../lib/deps';
import { ageInDays, type OverviewProvider } from '../../lib/overview';
import { vientianeDate } from '@bansi/shared';
import { countCompaniesExcept } from '../companies';
import { countBookingsBetween } from '../bookings';
import { countFailedJobs } from '../jobs';
import { countOpenInvoices } from '../payments';
import { countWaitingSubmissions, filedCompanyIds, WAITING_STATUSES } from '../submissions';
import { notesProvider } from '../notes';

// The /staff overview is a list of providers, one per area (the contract is lib/overview.ts). Notes,
// bookings and invoices are features of their own: each adds its provider here once its module exists
// (one small file, one line below), and the overview shows it from then on — nothing else changes.

const DAY = 86_400_000;
/** A tile's key, `<area>.<name>`; its label is `backoffice.overview.tiles.<key>` in the catalogs. */
const tileKey = (area: OverviewArea, name: string) => `${area}.${name}`;

/** Submissions waiting, by state, the state whose oldest item has waited longest first. */
export const submissionsProvider: OverviewProvider = {
  area: 'submissions',
  async tiles(deps, { bookYear, now }) {
    const rows = await countWaitingSubmissions(deps.db, bookYear);
    const tiles = WAITING_STATUSES.map((status): OverviewTile => {
      const row = rows.find((r) => r.status === status);
      // Staff wait on a submission since it was (re)submitted; on a review or a return since its last change.
      const oldestAt = row ? String((status === 'submitted' || status === 'resubmitted' ? row.minSubmitted : row.minUpdated) ?? '') || null : null;
      return {
        key: tileKey('submissions', status),
        area: 'submissions',
        count: Number(row?.n ?? 0),
        oldestAt,
        oldestAgeDays: ageInDays(oldestAt, now),
        filter: { status, bookYear: String(bookYear) },
      };
    });
    return tiles.sort((a, b) => (a.oldestAt ?? '9').localeCompare(b.oldestAt ?? '9'));
  },
};

export const companiesProvider: OverviewProvider = {
  area: 'companies',
  async tiles(deps, { bookYear }) {
    return [
      {
        key: tileKey('companies', 'notSubmitted'),
        area: 'companies',
        count: await countCompaniesExcept(deps.db, filedCompanyIds(deps.db, bookYear)),
        oldestAt: null,
        oldestAgeDays: null,
        filter: { withoutSubmission: String(bookYear) },
      },
    ];
  },
};

/** Jobs that failed after all their attempts (modules/jobs). */
export const jobsProvider: OverviewProvider = {
  area: 'jobs',
  async tiles(deps, { now }) {
    const row = await countFailedJobs(deps.db);
    const oldestAt = row.oldest ? String(row.oldest) : null;
    return [
      {
        key: tileKey('jobs', 'failed'),
        area: 'jobs',
        count: Number(row.n),
        oldestAt,
        oldestAgeDays: ageInDays(oldestAt, now),
        filter: { status: 'failed' },
      },
    ];
  },
};

/** Bookings whose slot is today (Vientiane), not yet received (modules/bookings). */
export const bookingsProvider: OverviewProvider = {
  area: 'bookings',
  async tiles(deps, { now }) {
    const day = vientianeDate(now);
    const from = new Date(Date.parse(`${day}T00:00:00+07:00`)).toISOString();
    const to = new Date(Date.parse(from) + DAY).toISOString();
    const row = await countBookingsBetween(deps.db, from, to);
    return [
      { key: tileKey('bookings', 'today'), area: 'bookings', count: Number(row.n), oldestAt: null, oldestAgeDays: null, filter: { date: day } },
    ];
  },
};

/** Open invoices and the overdue ones among them (modules/payments). */
export const invoicesProvider: OverviewProvider = {
  area: 'invoices',
  async tiles(deps, { now }) {
    const today = vientianeDate(now);
    const row = await countOpenInvoices(deps.db, today);
    const oldestIssued = row.oldestIssued ? String(row.oldestIssued) : null;
    const oldestDue = row.oldestDue && String(row.oldestDue) < today ? `${String(row.oldestDue)}T00:00:00+07:00` : null;
    const tiles: OverviewTile[] = [
      {
        key: tileKey('invoices', 'open'),
        area: 'invoices',
        count: Number(row.open),
        oldestAt: oldestIssued,
        oldestAgeDays: ageInDays(oldestIssued, now),
        filter: { status: 'open' },
      },
      {
        key: tileKey('invoices', 'overdue'),
        area: 'invoices',
        count: Number(row.overdue ?? 0),
        oldestAt: oldestDue,
        oldestAgeDays: ageInDays(oldestDue, now),
        filter: { status: 'open', due: 'overdue' },
      },
    ];
    return tiles;
  },
};

export const overviewProviders: OverviewProvider[] = [
  submissionsProvider,
  notesProvider,
  companiesProvider,
  bookingsProvider,
  invoicesProvider,
  jobsProvider,
];

export async function getOverview(deps: Deps, now = new Date(), providers = overviewProviders): Promise<StaffOverview> {
  const ctx = { bookYear: deps.config.BOOK_YEAR, now };
  const groups = [];
  for (const provider of providers) groups.push({ area: provider.area, tiles: await provider.tiles(deps, ctx) });
  return { bookYear: ctx.bookYear, asOf: now.toISOString(), groups };
}
