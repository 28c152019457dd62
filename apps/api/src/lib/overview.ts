import type { OverviewArea, OverviewTile } from '@bansi/shared';
import type { Deps } from './deps';

/**
 * The contract of one area of the /staff overview: the back office lists the providers, each
 * feature supplies its own (one small file in its module), and neither needs the other's code.
 */
export interface OverviewContext {
  bookYear: number;
  now: Date;
}
export interface OverviewProvider {
  area: OverviewArea;
  tiles(deps: Deps, ctx: OverviewContext): Promise<OverviewTile[]>;
}

const DAY = 86_400_000;
/** Whole days since `since` (never negative), null when there is nothing waiting. */
export const ageInDays = (since: string | null, now: Date) => (since ? Math.max(0, Math.floor((now.getTime() - Date.parse(since)) / DAY)) : null);
