import type { OverviewTile } from '@bansi/shared';
import { paths } from '../../../config/paths';

/**
 * The filtered list a number of the overview opens. Each area's screen reads its own address
 * filters (the review queue: `status`, `year`); an area without a screen yet opens nothing.
 */
export function tileLink(tile: OverviewTile): string | null {
  const query = new URLSearchParams();
  switch (tile.area) {
    case 'submissions':
      if (tile.filter.status) query.set('status', tile.filter.status);
      if (tile.filter.bookYear) query.set('year', tile.filter.bookYear);
      return `${paths.staff.submissions}?${query}`;
    case 'notes':
      if (tile.filter.status) query.set('status', tile.filter.status);
      return `${paths.staff.notes}?${query}`;
    case 'companies':
      for (const [k, v] of Object.entries(tile.filter)) query.set(k, v);
      return `${paths.staff.companies}?${query}`;
    case 'bookings':
      // the day view of the bookings screen
      if (tile.filter.date) query.set('date', tile.filter.date);
      return `${paths.staff.bookings}?${query}`;
    case 'invoices':
      for (const key of ['status', 'due'] as const) if (tile.filter[key]) query.set(key, tile.filter[key]);
      return `${paths.staff.invoices}?${query}`;
    case 'jobs':
      // the failed jobs are listed (with a retry) on the audit screen
      return `${paths.staff.audit}#failed-jobs-title`;
    default:
      return null;
  }
}
