import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDb, type Db } from '../src/db/index';
import { migrateToLatest } from '../src/db/migrate';

/** Which database this test run uses: the vitest project sets TEST_DIALECT. */
export const dialect = (process.env.TEST_DIALECT ?? 'sqlite') as 'sqlite' | 'postgres';
export const POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface TestDb {
  db: Db;
  url: string;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database of its own: an in-memory SQLite database, or a new PostgreSQL
 * schema that `drop()` removes again.
 */
export async function createTestDb(): Promise<TestDb> {
  if (dialect === 'sqlite') {
    const db = openDb('sqlite::memory:');
    await migrateToLatest(db);
    return { db, url: 'sqlite::memory:', drop: () => db.destroy() };
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const url = `${POSTGRES_URL}${POSTGRES_URL.includes('?') ? '&' : '?'}schema=${schema}`;
  const db = openDb(url);
  await migrateToLatest(db);
  return {
    db,
    url,
    drop: async () => {
      await sql.raw(`drop schema ${schema} cascade`).execute(db.kysely);
      await db.destroy();
    },
  };
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...overrides });
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  close(): Promise<void>;
}

/** The whole API on a fresh database, for app.inject(). Close it in afterAll. */
export async function createTestApp(overrides: Record<string, string> = {}): Promise<TestApp> {
  const testDb = await createTestDb();
  const config = testConfig(overrides);
  const app = await buildApp({ config, db: testDb.db, serveWeb: false });
  await app.ready();
  return {
    app,
    db: testDb.db,
    config,
    close: async () => {
      await app.close();
      await testDb.drop();
    },
  };
}
