import { API_BASE, AuthPaths } from '@bansi/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, dialect, type TestApp } from '../../../test/helpers';
import { createTwoApps, type TwoApps } from '../../../test/two-apps';
import { loadConfig } from '../../config';
import { isDatabaseUnavailable } from '../../db/index';

/**
 * The per-route rate limits count in the database every API process shares (docs/decisions/106):
 * two apps on one database (what two processes behind a load balancer are) allow the limit once,
 * not once each.
 */
describe(`rate-limit counters shared by every process (${dialect})`, () => {
  let two: TwoApps;
  let agents: [Agent, Agent];
  beforeAll(async () => {
    two = await createTwoApps({ RATE_LIMIT_AUTH_PER_MINUTE: '10', RATE_LIMIT_SEARCH_PER_MINUTE: '3' });
    agents = two.apps.map((app) => new Agent({ app, db: two.db, config: app.config, close: async () => undefined } as TestApp)) as [Agent, Agent];
  });
  afterAll(() => two.close());

  const attempt = (agent: Agent, remoteAddress: string) =>
    agent.inject({
      method: 'POST',
      url: `${API_BASE}${AuthPaths.login}`,
      payload: { login: `nobody-${Math.random()}@example.test`, password: 'wrong password' },
      remoteAddress,
    });

  it('refuses the 11th attempt of a minute from one address, whichever app gets it, and not another address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await attempt(agents[i % 2]!, '203.0.113.7')).statusCode);
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    expect((await attempt(agents[0], '203.0.113.7')).statusCode).toBe(429);
    expect((await attempt(agents[1], '203.0.113.8')).statusCode).toBe(401);
  });

  it('starts counting again when the window has ended', async () => {
    for (let i = 0; i < 11; i++) await attempt(agents[i % 2]!, '203.0.113.9');
    expect((await attempt(agents[0], '203.0.113.9')).statusCode).toBe(429);
    await two.db.counters
      .updateTable('rateLimits')
      .set({ resetsAt: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect((await attempt(agents[1], '203.0.113.9')).statusCode).toBe(401);
  });

  const search = (agent: Agent, remoteAddress: string) =>
    agent.inject({ method: 'GET', url: `${API_BASE}/search?q=${encodeURIComponent('ບັນຊີ')}`, remoteAddress });

  it('counts searches across apps without writing to the main SQLite file, so other connections keep their page cache', async () => {
    // SQLite discards a connection's page cache whenever another connection committed to the file: a
    // counter written there made the search worker reread its index for every search (decision 114).
    // `pragma data_version` on the second app's connection changes exactly when another one committed.
    const version = async () => (await sql<{ dataVersion: number }>`pragma data_version`.execute(two.apps[1].db.kysely)).rows[0]!.dataVersion;
    const before = dialect === 'sqlite' ? await version() : 0;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await search(agents[i % 2]!, '203.0.113.20')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    if (dialect === 'sqlite') expect(await version()).toBe(before);
  });
});

describe('settings and failures of a deployment past one machine', () => {
  it('TRUST_PROXY takes false, true or the proxies’ addresses, and refuses anything else by name', () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,loopback,::1' }).TRUST_PROXY).toEqual(['10.0.0.5', '10.1.0.0/16', 'loopback', '::1']);
    expect(() => loadConfig({ TRUST_PROXY: '2' })).toThrow(/TRUST_PROXY: "2" is not/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/40' })).toThrow(/TRUST_PROXY/);
  });

  it('tells a database out of reach from a fault of the request', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('wrapped', { cause: refused }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key value'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
  });
});
