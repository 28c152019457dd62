import type { NotesStatus, OverviewTile } from '@bansi/shared';
import { ageInDays, type OverviewProvider } from '../../lib/overview';
import { countWaitingNotes } from './notes.repository';

const WAITING: NotesStatus[] = ['submitted', 'resubmitted', 'in_review', 'returned'];

/**
 * Notes waiting, by state, with the age of the oldest (decision 075): staff wait on notes since they
 * were (re)submitted, on a review or a return since the last change. The state waiting longest first.
 */
export const notesProvider: OverviewProvider = {
  area: 'notes',
  async tiles(deps, { now }) {
    const rows = await countWaitingNotes(deps.db, WAITING);
    const tiles = WAITING.map((status): OverviewTile => {
      const row = rows.find((r) => r.status === status);
      const raw = row ? (status === 'submitted' || status === 'resubmitted' ? row.minSubmitted : row.minUpdated) : null;
      const oldestAt = raw ? String(raw) : null;
      return {
        key: `notes.${status}`,
        area: 'notes',
        count: Number(row?.n ?? 0),
        oldestAt,
        oldestAgeDays: ageInDays(oldestAt, now),
        filter: { status },
      };
    });
    return tiles.sort((a, b) => (a.oldestAt ?? '9').localeCompare(b.oldestAt ?? '9'));
  },
};
