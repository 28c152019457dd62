import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { FileStore } from '../lib/file-store';
import type { Db } from './index';

export interface SeedContext {
  db: Db;
  config: Config;
  /** the process's file store (server.ts passes the app's); seeds that store files make one from config otherwise */
  store?: FileStore;
  /** where a step reports what it did or could not do (server.ts passes the app's logger) */
  log?: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

/**
 * A seed step. `reference` steps run on every start and must be idempotent (they insert the
 * defaults that are missing and never overwrite what staff edited); `demo` steps run only when
 * SEED_DEMO is on and only into an empty database.
 */
export interface SeedStep {
  name: string;
  kind: 'reference' | 'demo';
  run(ctx: SeedContext): Promise<void>;
}

/** An operator command of the CLI (e.g. staff:create, villages:import); cli.ts lists them. */
export type CliCommand = (ctx: SeedContext, args: string[]) => Promise<void>;
