import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { createRateLimits } from './security.rate-limits.migration';
import { deleteEndedRateLimits, hitRateLimit } from './security.repository';

/** About one count in a hundred also deletes the counters whose window has ended. */
const PRUNE_ODDS = 0.01;

type Result = { current: number; ttl: number };

/**
 * The store of @fastify/rate-limit's counters, in the database every API process shares (the
 * plugin's default keeps them in each process's memory, so N processes would allow N times the
 * limit). The plugin makes one store, and one child per route that declares `config.rateLimit`;
 * a child's keys start with the route's method and URL, so routes count apart (a GET and its HEAD
 * twin count together).
 * `continueExceeding` and `exponentialBackoff` are not supported (no route uses them).
 */
export function databaseRateLimitStore(db: Kysely<Database>): FastifyRateLimitStoreCtor {
  // The table exists wherever migrations ran; the SQLite counters' own file (decision 114) gets it here.
  let table: Promise<void> | undefined;
  // A failure (the database out of reach for a moment) is not kept: the next counted request tries again.
  const ready = () =>
    (table ??= createRateLimits(db as Kysely<unknown>, { ifNotExists: true }).catch((error: unknown) => {
      table = undefined;
      throw error;
    }));
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: (error: Error | null, result?: Result) => void, timeWindow: number): void {
      const nowMs = Date.now();
      const now = new Date(nowMs).toISOString();
      ready()
        .then(() => hitRateLimit(db, this.prefix + key, now, new Date(nowMs + timeWindow).toISOString()))
        .then(async (row) => {
          if (Math.random() < PRUNE_ODDS) await deleteEndedRateLimits(db, now);
          callback(null, { current: Number(row.hits), ttl: Math.max(0, Date.parse(row.resetsAt) - nowMs) });
        })
        .catch((error: Error) => callback(error));
    }

    // The plugin passes the route's merged rate-limit options, the route itself under `routeInfo`.
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const { routeInfo } = routeOptions as unknown as { routeInfo?: { method?: string | string[]; url?: string } };
      const { method = '', url = '' } = routeInfo ?? {};
      // Fastify answers HEAD with the GET handler: both count as the GET, or a HEAD twin would double the limit.
      const methods = [method].flat().map((m) => (m === 'HEAD' ? 'GET' : m));
      return new DatabaseRateLimitStore(routeOptions, `${this.prefix}${methods.join(',')} ${url}|`);
    }
  }
  return DatabaseRateLimitStore;
}
