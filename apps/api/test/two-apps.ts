import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { openDb, type Db } from '../src/db/index';
import { migrateToLatest } from '../src/db/migrate';
import { createTestDb, dialect, testConfig } from './helpers';

export interface TwoApps {
  apps: [FastifyInstance, FastifyInstance];
  /** the first app's database handle, for setting up and checking */
  db: Db;
  close(): Promise<void>;
}

/**
 * Two API processes' worth of app on ONE database, each with its own connection pool (PostgreSQL)
 * or its own connection to one file (SQLite): what two processes behind a load balancer share.
 * Workers are not started; tests run `app.jobs.runDue()` on both at once.
 */
export async function createTwoApps(overrides: Record<string, string> = {}): Promise<TwoApps> {
  let first: Db;
  let second: Db;
  let drop: () => Promise<void>;
  if (dialect === 'postgres') {
    const testDb = await createTestDb();
    first = testDb.db;
    second = openDb(testDb.url);
    drop = async () => {
      await second.destroy();
      await testDb.drop();
    };
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'bansi-two-'));
    first = openDb(`sqlite:${join(dir, 'db.sqlite')}`);
    await migrateToLatest(first);
    second = openDb(`sqlite:${join(dir, 'db.sqlite')}`);
    drop = async () => {
      await first.destroy();
      await second.destroy();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  const configs = [testConfig(overrides), testConfig(overrides)];
  const apps = [
    await buildApp({ config: configs[0]!, db: first, serveWeb: false, startWorkers: false }),
    await buildApp({ config: configs[1]!, db: second, serveWeb: false, startWorkers: false }),
  ] as [FastifyInstance, FastifyInstance];
  await Promise.all(apps.map((a) => a.ready()));
  return {
    apps,
    db: first,
    close: async () => {
      await Promise.all(apps.map((a) => a.close()));
      await drop();
      for (const c of configs) rmSync(c.DATA_DIR, { recursive: true, force: true });
    },
  };
}
