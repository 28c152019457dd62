import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_BASE } from '@bansi/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDb, type Db } from '../src/db/index';
import { migrateTo, migrateToLatest } from '../src/db/migrate';
import { runSeeds } from '../src/db/seed';
import { createStaffWithPassword } from '../src/modules/staff-accounts/staff-accounts.service';
import { POSTGRES_URL } from './postgres-url';

export { POSTGRES_URL };

/** Which database this test run uses: the vitest project sets TEST_DIALECT. */
export const dialect = (process.env.TEST_DIALECT ?? 'sqlite') as 'sqlite' | 'postgres';

export interface TestDb {
  db: Db;
  url: string;
  drop(): Promise<void>;
}

/**
 * A fresh database of its own: an in-memory SQLite database, or a new PostgreSQL schema that `drop()`
 * removes again; migrated to the latest migration, or up to `migration` (null: none, an empty database).
 */
export async function createTestDb(migration?: string | null): Promise<TestDb> {
  const migrate = (db: Db) => (migration === undefined ? migrateToLatest(db) : migration === null ? Promise.resolve() : migrateTo(db, migration));
  if (dialect === 'sqlite') {
    const db = openDb('sqlite::memory:');
    await migrate(db);
    return { db, url: 'sqlite::memory:', drop: () => db.destroy() };
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const url = `${POSTGRES_URL}${POSTGRES_URL.includes('?') ? '&' : '?'}schema=${schema}`;
  const db = openDb(url);
  await migrate(db);
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
  // Rate limits are high here; the tests of the limits themselves set them low. Files go to a
  // temporary folder of this test file, never the developer's ./data.
  const dataDir = mkdtempSync(join(tmpdir(), 'bansi-test-'));
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_AUTH_PER_MINUTE: '10000',
    RATE_LIMIT_SEARCH_PER_MINUTE: '10000',
    RATE_LIMIT_PASSWORD_CHECK_PER_MINUTE: '10000',
    DATA_DIR: dataDir,
    ...overrides,
  });
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
  await runSeeds({ db: testDb.db, config }, { demo: false });
  // With WEB_DIST_DIR the app serves the web app's pages too (its first paints: plugins/first-paint.ts).
  const app = await buildApp({ config, db: testDb.db, serveWeb: Boolean(overrides.WEB_DIST_DIR), startWorkers: false });
  await app.ready();
  return {
    app,
    db: testDb.db,
    config,
    close: async () => {
      await app.close();
      await testDb.drop();
      rmSync(config.DATA_DIR, { recursive: true, force: true });
    },
  };
}

import type { InjectOptions as LightInjectOptions, Response as InjectResponse } from 'light-my-request';

type InjectOptions = Omit<LightInjectOptions, 'method' | 'url'> & { method?: string };

/**
 * A browser-like client of the test app: keeps cookies, and sends the CSRF header and the app's
 * Origin with every state-changing request, as the web app does.
 */
export class Agent {
  private cookies = new Map<string, string>();
  private csrf: string | null = null;
  userId: string | null = null;
  companyId: string | null = null;

  constructor(private readonly t: TestApp) {}

  async inject(options: InjectOptions & { url: string }): Promise<InjectResponse> {
    const method = String(options.method ?? 'GET').toUpperCase();
    const headers: Record<string, string> = { ...(options.headers as Record<string, string> | undefined) };
    if (!['GET', 'HEAD', 'OPTIONS'].includes(method)) {
      if (!this.csrf) await this.fetchCsrf();
      headers['x-csrf-token'] ??= this.csrf!;
      headers.origin ??= new URL(this.t.config.PUBLIC_URL).origin;
    }
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await this.t.app.inject({ ...options, method: method as 'GET', headers } as LightInjectOptions);
    for (const c of res.cookies as { name: string; value: string; expires?: Date; maxAge?: number }[]) {
      const expired = (c.expires && c.expires.getTime() <= Date.now()) || c.maxAge === 0 || c.value === '';
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }

  async fetchCsrf() {
    const res = await this.inject({ url: `${API_BASE}/auth/csrf` });
    this.csrf = (res.json() as { token: string }).token;
  }

  cookie(name: string) {
    return this.cookies.get(name);
  }

  /** Sets a cookie as the web app does in the browser (e.g. the language it shows: `bansi_lang`). */
  setCookie(name: string, value: string): this {
    this.cookies.set(name, value);
    return this;
  }

  async login(login: string, password: string): Promise<this> {
    const res = await this.inject({ method: 'POST', url: `${API_BASE}/auth/login`, payload: { login, password } });
    if (res.statusCode !== 200) throw new Error(`login failed for ${login}: ${res.statusCode} ${res.body}`);
    const body = res.json() as { user: { id: string }; company: { id: string } | null };
    this.userId = body.user.id;
    this.companyId = body.company?.id ?? null;
    return this;
  }
}

/** Reference ids by code, for building registrations. */
export async function referenceId(t: TestApp, list: string, code: string): Promise<string> {
  const res = await t.app.inject({ url: `${API_BASE}/reference/${list}` });
  const item = (res.json() as { items: { id: string; code: string }[] }).items.find((i) => i.code === code);
  if (!item) throw new Error(`no ${list}/${code}`);
  return item.id;
}

let counter = 0;
/** A valid registration body; every call gets its own tax ID, e-mail and phone. */
export async function registrationBody(t: TestApp, overrides: { company?: object; user?: object; people?: object } = {}) {
  counter += 1;
  const n = `${process.pid % 1000}${counter}`.padStart(6, '0');
  return {
    company: {
      nameLo: `ບໍລິສັດ ທົດສອບ ${n}`,
      nameEn: `Test Company ${n}`,
      tin: `9${n}`.padEnd(10, '0'),
      registrationNo: `REG-${n}`,
      categoryId: await referenceId(t, 'categories', 'trade'),
      enterpriseTypeId: await referenceId(t, 'enterprise-types', 'limited'),
      sizeId: await referenceId(t, 'sizes', 'small'),
      accountProgramId: await referenceId(t, 'account-programs', 'excel'),
      provinceCode: '01',
      districtCode: '0101',
      villageName: 'ບ້ານ ທົດສອບ',
      address: 'ຖະໜົນ ທົດສອບ 1',
      phone: '+856 21 000 000',
      email: `office${n}@example.test`,
      ...overrides.company,
    },
    people: {
      owner: { name: 'Owner One', phone: '+856 20 1111 1111' },
      holder: { kind: 'employee', name: 'Holder Two', phone: '+856 20 2222 2222' },
      checker: { name: 'Checker Three' },
      ...overrides.people,
    },
    user: {
      name: `User ${n}`,
      email: `user${n}@example.test`,
      phone: `+856 20 9${n.slice(-7).padStart(7, '0')}`,
      password: 'correct horse battery staple',
      language: 'en',
      ...overrides.user,
    },
  };
}

/** Registers a company through the API and returns a logged-in agent of its admin. */
export async function registerCompany(t: TestApp, overrides: Parameters<typeof registrationBody>[1] = {}) {
  const body = await registrationBody(t, overrides);
  const res = await new Agent(t).inject({ method: 'POST', url: `${API_BASE}/auth/register`, payload: body });
  if (res.statusCode !== 201) throw new Error(`registration failed: ${res.statusCode} ${res.body}`);
  const agent = await new Agent(t).login(body.user.email, body.user.password);
  return { agent, body, companyId: (res.json() as { companyId: string }).companyId };
}

export type LoginKind = 'company' | 'companyAdmin' | 'staff' | 'staffAdmin';

/**
 * A logged-in agent of the given kind. 'company' is a plain company user (invited by a fresh company's
 * admin); 'companyAdmin' is a fresh company's admin; 'staff' a reviewer; 'staffAdmin' a staff admin.
 */
export async function loginAs(t: TestApp, kind: LoginKind): Promise<Agent> {
  counter += 1;
  if (kind === 'staff' || kind === 'staffAdmin') {
    const email = `staff${process.pid}-${counter}@bansi.test`;
    const password = 'staff password for tests';
    await createStaffWithPassword(
      { db: t.db.kysely },
      { email, name: `Staff ${counter}`, role: kind === 'staff' ? 'staff_reviewer' : 'staff_admin', password },
    );
    return new Agent(t).login(email, password);
  }
  const { agent } = await registerCompany(t);
  if (kind === 'companyAdmin') return agent;
  return addCompanyUser(t, agent);
}

/** Adds a plain user to the admin's company (invitation + set password) and logs them in. */
export async function addCompanyUser(t: TestApp, admin: Agent): Promise<Agent> {
  counter += 1;
  const email = `colleague${process.pid}-${counter}@example.test`;
  const invite = await admin.inject({ method: 'POST', url: `${API_BASE}/invitations`, payload: { name: 'Colleague', email, role: 'company_user' } });
  if (invite.statusCode !== 201) throw new Error(`invite failed: ${invite.body}`);
  const token = await lastMailToken(t, email);
  const password = 'colleague password for tests';
  const set = await new Agent(t).inject({ method: 'POST', url: `${API_BASE}/auth/reset-password`, payload: { token, password } });
  if (set.statusCode !== 204) throw new Error(`set password failed: ${set.body}`);
  return new Agent(t).login(email, password);
}

/** The token of the last set-password link mailed to this address (read from the outbox). */
export async function lastMailToken(t: TestApp, to: string): Promise<string> {
  const mail = await t.db.kysely
    .selectFrom('outbox')
    .select('textBody')
    .where('toAddress', '=', to)
    .orderBy('createdAt', 'desc')
    .executeTakeFirstOrThrow();
  const match = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail.textBody);
  if (!match) throw new Error(`no link in mail to ${to}`);
  return match[1]!;
}
