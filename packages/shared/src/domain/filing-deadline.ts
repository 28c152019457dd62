/**
 * The annual filing deadline (DESIGN §4, Law on Accounting No. 47/NA): the statements of book year N are
 * due by 31 March of N+1, to the end of that day in Vientiane (UTC+7). Zod-free: the dashboard reads it.
 */

const DAY = 86_400_000;

/** The due day (ISO date) and the instant it ends (ms since the epoch). */
export function filingDeadline(bookYear: number): { due: string; endsAt: number } {
  const due = `${bookYear + 1}-03-31`;
  return { due, endsAt: Date.parse(`${due}T00:00:00+07:00`) + DAY };
}

export type FilingDeadlineState =
  /** not yet filed, days left (1 on the last day) */
  | { kind: 'open'; daysLeft: number }
  /** the deadline has passed and the filing was never submitted: late, but the portal still takes it */
  | { kind: 'late'; daysLate: number }
  /** submitted (at least once), whatever the date */
  | { kind: 'filed' };

/** Where a company stands against the deadline at `now`, given whether it has submitted the book year. */
export function filingDeadlineState(bookYear: number, now: number, submitted: boolean): FilingDeadlineState {
  if (submitted) return { kind: 'filed' };
  const { endsAt } = filingDeadline(bookYear);
  if (now < endsAt) return { kind: 'open', daysLeft: Math.ceil((endsAt - now) / DAY) };
  return { kind: 'late', daysLate: Math.floor((now - endsAt) / DAY) + 1 };
}
