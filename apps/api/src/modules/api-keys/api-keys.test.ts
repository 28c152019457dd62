import { API_BASE, API_KEY_PATTERN, ApiKey, ApiKeyPaths, FeedPaths, Items, apiKeyUrl } from '@bansi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../lib/crypto';
import { createKey, withKey } from '../../../test/api-keys';
import { createTestApp, dialect, loginAs, type Agent, type TestApp } from '../../../test/helpers';

const url = (path: string) => `${API_BASE}${path}`;
const feed = url(FeedPaths.filings);
const ApiKeyList = Items(ApiKey);

describe(`API keys (${dialect})`, () => {
  let t: TestApp;
  let admin: Agent;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAs(t, 'staffAdmin');
  });
  afterAll(() => t.close());

  const auditOf = async (id: string) =>
    (await t.db.kysely.selectFrom('auditLog').select(['action', 'address']).where('subjectId', '=', id).orderBy('occurredAt').execute()).map(
      (r) => r.action,
    );
  const listed = async () => ApiKeyList.parse((await admin.inject({ url: url(ApiKeyPaths.list) })).json()).items;

  it('a staff admin creates a key shown once; only its hash and prefix are kept; it reads with no cookie or CSRF; revoking refuses the next request', async () => {
    const created = await createKey(admin, ['filings:read'], { name: 'Accounting software' });
    expect(created.key).toMatch(API_KEY_PATTERN);
    expect(created.prefix).toBe(created.key.slice(0, 12));
    const row = await t.db.kysely.selectFrom('apiKeys').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row.keyHash).toBe(sha256(created.key));
    expect(JSON.stringify(row)).not.toContain(created.key);
    const inList = (await listed()).find((k) => k.id === created.id)!;
    expect(inList).toMatchObject({
      name: 'Accounting software',
      prefix: created.prefix,
      scopes: ['filings:read'],
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(inList.createdBy.name).toMatch(/^Staff /);
    expect(JSON.stringify(await listed())).not.toContain(created.key);

    const read = await withKey(t, created.key, feed, { address: '203.0.113.7' });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.headers['set-cookie']).toBeUndefined();
    const used = (await listed()).find((k) => k.id === created.id)!;
    expect(used.lastUsedAt).not.toBeNull();
    expect(used.lastUsedAddress).toBe('203.0.113.7');
    // the same address again is no new audit entry; another address is
    expect((await withKey(t, created.key, feed, { address: '203.0.113.7' })).statusCode).toBe(200);
    expect((await withKey(t, created.key, feed, { address: '198.51.100.9' })).statusCode).toBe(200);
    expect((await listed()).find((k) => k.id === created.id)!.lastUsedAddress).toBe('198.51.100.9');
    // an address used before is not new again (a client behind several addresses is not audited on every request)
    expect((await withKey(t, created.key, feed, { address: '203.0.113.7' })).statusCode).toBe(200);

    const revoked = await admin.inject({ method: 'DELETE', url: url(apiKeyUrl.one(created.id)) });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().revokedAt).not.toBeNull();
    expect((await withKey(t, created.key, feed)).statusCode).toBe(401);
    expect(await auditOf(created.id)).toEqual(['api_key.create', 'api_key.new_address', 'api_key.new_address', 'api_key.revoke']);
  });

  it('a wrong, a revoked and an expired key are all 401 with the same problem', async () => {
    const revoked = await createKey(admin, ['filings:read']);
    await admin.inject({ method: 'DELETE', url: url(apiKeyUrl.one(revoked.id)) });
    const expired = await createKey(admin, ['filings:read'], { expiresAt: new Date(Date.now() + 60_000).toISOString() });
    expect((await withKey(t, expired.key, feed)).statusCode).toBe(200);
    await t.db.kysely
      .updateTable('apiKeys')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', expired.id)
      .execute();
    const wrong = `bansi_${'A'.repeat(43)}`;
    const bodies = [];
    for (const key of [wrong, revoked.key, expired.key, 'not-even-a-key']) {
      const res = await withKey(t, key, feed);
      expect(res.statusCode, key).toBe(401);
      const { requestId: _requestId, ...rest } = res.json();
      bodies.push(rest);
    }
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
    expect(bodies[0]).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('a key gets 403 naming the scope it lacks, and 403 on every write route (nothing changes)', async () => {
    const payments = await createKey(admin, ['payments:read']);
    const res = await withKey(t, payments.key, feed);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'SCOPE_MISSING' });
    expect(res.json().title).toContain('filings:read');
    const before = (await listed()).length;
    const write = await withKey(t, payments.key, url(ApiKeyPaths.list), { method: 'POST', payload: { name: 'x', scopes: ['payments:read'] } });
    expect(write.statusCode).toBe(403);
    expect(write.json().code).toBe('FORBIDDEN');
    const revoke = await withKey(t, payments.key, url(apiKeyUrl.one(payments.id)), { method: 'DELETE' });
    expect(revoke.statusCode).toBe(403);
    expect((await listed()).length).toBe(before);
    expect((await listed()).find((k) => k.id === payments.id)!.revokedAt).toBeNull();
  });

  it('only staff admins manage keys; bad input is a 400 in the caller’s language and creates nothing', async () => {
    const reviewer = await loginAs(t, 'staff');
    expect((await reviewer.inject({ url: url(ApiKeyPaths.list) })).statusCode).toBe(403);
    expect((await reviewer.inject({ method: 'POST', url: url(ApiKeyPaths.list), payload: { name: 'x', scopes: ['filings:read'] } })).statusCode).toBe(
      403,
    );
    const before = (await listed()).length;
    const past = await admin.inject({
      method: 'POST',
      url: url(ApiKeyPaths.list),
      headers: { 'accept-language': 'lo' },
      payload: { name: 'Old', scopes: ['filings:read'], expiresAt: '2020-01-01T00:00:00Z' },
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors).toEqual([expect.objectContaining({ path: 'body.expiresAt', message: 'ວັນໝົດອາຍຸຕ້ອງຢູ່ໃນອະນາຄົດ.' })]);
    const noScope = await admin.inject({ method: 'POST', url: url(ApiKeyPaths.list), payload: { name: 'None', scopes: [] } });
    expect(noScope.statusCode).toBe(400);
    const unknown = await admin.inject({ method: 'POST', url: url(ApiKeyPaths.list), payload: { name: 'Write', scopes: ['filings:write'] } });
    expect(unknown.statusCode).toBe(400);
    expect((await listed()).length).toBe(before);
    expect((await admin.inject({ method: 'DELETE', url: url(apiKeyUrl.one('00000000-0000-4000-8000-000000000000')) })).statusCode).toBe(404);
  });
});

describe(`API key rate limit (${dialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_API_KEY_PER_MINUTE: '3' });
  });
  afterAll(() => t.close());

  it('counts per key: over the limit a 429 problem with Retry-After; another key is not affected', async () => {
    const admin = await loginAs(t, 'staffAdmin');
    const one = await createKey(admin, ['filings:read']);
    const two = await createKey(admin, ['filings:read']);
    for (let i = 0; i < 3; i++) expect((await withKey(t, one.key, feed)).statusCode).toBe(200);
    const limited = await withKey(t, one.key, feed);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await withKey(t, two.key, feed)).statusCode).toBe(200);
  });
});
