/**
 * Failed log-ins of one login (e-mail or phone, whether or not an account has it) from one client
 * address. `loginKey` is the SHA-256 of the normalised login, so the table holds no addresses in clear.
 */
export interface LoginFailuresTable {
  loginKey: string;
  address: string;
  failures: number;
  lockedUntil: string | null;
  updatedAt: string;
}

/**
 * Request counters of the per-route rate limits (@fastify/rate-limit), shared by every API process:
 * `key` is the route and the client address, `hits` the requests counted in the window ending at `resetsAt`.
 */
export interface RateLimitsTable {
  key: string;
  hits: number;
  resetsAt: string;
}

export interface SecurityTables {
  loginFailures: LoginFailuresTable;
  rateLimits: RateLimitsTable;
}
