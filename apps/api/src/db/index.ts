import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect, sql, type LogConfig } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import { registerDirectReader, statementCache, type StatementCache } from './sqlite-statements';
import { statementName } from './statement-names';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** the PostgreSQL schema named by `?schema=`, if any */
  schema?: string;
  /** SQLite only: the prepared-statement cache (its hit counts, for tests and benchmarks) */
  statements?: StatementCache;
  /**
   * Where the rate-limit counters are written, on every counted request (docs/decisions/114). PostgreSQL:
   * the same database. SQLite: a database of its own beside the main file (`<name>.counters<ext>`;
   * in memory for `:memory:`), because SQLite drops a connection's whole page cache whenever another
   * connection has written to the file: a counter written on the main file with every search made the
   * search worker read its index pages again for every query (twice the time per search).
   */
  counters: Kysely<Database>;
  /** connections handing a query right now (PostgreSQL pool; SQLite's one synchronous connection is free whenever this runs: 0) */
  connectionsInUse(): number;
  destroy(): Promise<void>;
}

// int8 (COUNT(*), BIGINT amounts in LAK) comes back from pg as a string by default;
// LAK amounts and counts stay far below 2^53, so numbers are safe and match SQLite.
pg.types.setTypeParser(20, (v) => Number(v));

/**
 * A PostgreSQL connection whose opening gives up after 5 s (a server or network that does not answer),
 * and which sends the texts `preparedQuery` compiled as named statements: parsed and planned once per
 * connection (docs/decisions/110). Kysely's PostgresConnection calls `query(text, values)`; any other
 * form passes through unchanged.
 */
class BoundedClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super({ ...(typeof config === 'string' ? { connectionString: config } : config), connectionTimeoutMillis: 5_000 });
  }

  // pg's query() has a dozen overloads; this one override keeps them all and only looks at (text, values).
  override query(...args: unknown[]): never {
    const [text, values, callback] = args;
    const name = typeof text === 'string' && Array.isArray(values) && callback === undefined ? statementName(text) : undefined;
    const query = super.query as (...a: unknown[]) => never;
    return name ? query.call(this, { name, text, values }) : query.apply(this, args);
  }
}

/** CamelCasePlugin with its key mapping reachable: the SQLite direct reader names columns the same way. */
class CamelCase extends CamelCasePlugin {
  columnName = (name: string) => this.camelCase(name);
}

/**
 * Opens the database named by `url`: `sqlite:<path>` (the embedded default; `sqlite::memory:`
 * for a throw-away one) or `postgres://…` (an optional `?schema=` puts every table in that schema,
 * which the test suite uses to give each test file a database of its own).
 */
export function openDb(url: string, options: { log?: LogConfig } = {}): Db {
  const camelCase = new CamelCase();
  const plugins = [camelCase];
  const log = options.log ? { log: options.log } : {};
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length);
    if (file !== ':memory:') mkdirSync(dirname(resolve(file)), { recursive: true });
    const database = new SQLite(file);
    database.pragma('journal_mode = WAL');
    database.pragma('foreign_keys = ON');
    database.pragma('busy_timeout = 5000');
    database.pragma('synchronous = NORMAL');
    // Kysely prepares every query anew; the cache keeps the recent Statements (docs/decisions/103).
    const statements = statementCache(database);
    const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: statements }), plugins, ...log });
    // With a log every query goes through Kysely, so that it is logged (the benchmark captures the SQL so).
    if (!options.log) registerDirectReader(kysely, database, statements, camelCase.columnName);
    const counters = openSqliteCounters(file === ':memory:' ? file : countersFile(file), plugins, log);
    return {
      kysely,
      dialect: 'sqlite',
      statements,
      counters,
      connectionsInUse: () => 0,
      destroy: async () => {
        await counters.destroy();
        await kysely.destroy();
      },
    };
  }
  const parsed = new URL(url);
  const schema = parsed.searchParams.get('schema');
  parsed.searchParams.delete('schema');
  const pool = new pg.Pool({
    connectionString: parsed.toString(),
    max: 10,
    // A request waits at most 30 s for a free connection (a surge queues, it does not fail), and a new
    // connection gives up after 5 s (BoundedClient): while PostgreSQL is away, callers get a prompt
    // 503 NOT_READY instead of hanging (docs/decisions/107).
    connectionTimeoutMillis: 30_000,
    Client: BoundedClient,
    keepAlive: true,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // A connection the server ends (restart, failover) emits 'error': on the pool while idle, on the client
  // while a request holds it (its query fails too, answered 503). Without listeners either would end the
  // process; with them the pool drops the dead connection and opens a new one when needed.
  pool.on('error', (err) => console.warn(`PostgreSQL connection lost: ${err.message}`));
  pool.on('connect', (client) => client.on('error', () => undefined));
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins, ...log });
  return {
    kysely,
    dialect: 'postgres',
    ...(schema ? { schema } : {}),
    counters: kysely,
    connectionsInUse: () => pool.totalCount - pool.idleCount,
    destroy: () => kysely.destroy(),
  };
}

/** `/data/bansi.sqlite` → `/data/bansi.counters.sqlite`: the counters' file beside the main one. */
export const countersFile = (file: string) => file.replace(/(\.[^./]*)?$/, '.counters$1');

/**
 * The SQLite counters' database (its table: modules/security, on first use). `synchronous = OFF`: the
 * counters are disposable, a file that is lost only forgets the current minute's counts.
 */
function openSqliteCounters(file: string, plugins: CamelCasePlugin[], log: { log?: LogConfig }): Kysely<Database> {
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  database.pragma('busy_timeout = 5000');
  database.pragma('synchronous = OFF');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: statementCache(database, 8) }), plugins, ...log });
}

export async function pingDb(db: Db): Promise<void> {
  await sql`select 1`.execute(db.kysely);
}

const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'SQLITE_BUSY',
]);
const SERVER_GOING = new Set(['57P01', '57P02', '57P03', '53300']);

/**
 * Did a write break a unique key (another row already has this value: a double click, or two staff
 * saving the same thing at once)? PostgreSQL says so with SQLSTATE 23505 (unique_violation);
 * better-sqlite3 with the extended result code SQLITE_CONSTRAINT_UNIQUE, or _PRIMARYKEY for a key
 * column. The error handler answers such a failure 409 CONFLICT (plugins/problems.ts); a service
 * that must answer something else (the row that won, a named field) checks it itself.
 */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code } = e as { code?: unknown };
    if (code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') return true;
  }
  return false;
}

/**
 * Is this error the database being out of reach for a moment (PostgreSQL restarting or failing over,
 * the network, too many connections, SQLite busy) rather than a fault of the request or the code?
 * Such failures answer 503 NOT_READY with Retry-After, so clients and load balancers try again.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNREACHABLE.has(code) || SERVER_GOING.has(code) || code.startsWith('08'))) return true;
    if (
      typeof message === 'string' &&
      /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/.test(message)
    )
      return true;
  }
  return false;
}
