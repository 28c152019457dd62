import { API_KEY_SCOPES, type ApiKeyScope } from '@bansi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey, withKey } from './api-keys';
import { createTestApp, dialect, loginAs, type TestApp } from './helpers';

/**
 * Scope matrix (issue 32, decision 240): every API route × every API-key scope, from the route table. A key
 * holding the scope a route declares gets past access control (any answer but 401/403: a dummy id may well
 * be 404); on every other route — every write route, every route declaring another scope or none — it gets 403,
 * naming the scope when the route declares one. A new route is in the matrix the day it is added.
 */
const fill = (url: string) => url.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000');

describe(`API-key scope matrix (${dialect})`, () => {
  let t: TestApp;
  const keys = new Map<ApiKeyScope, string>();
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_API_KEY_PER_MINUTE: '100000' });
    const admin = await loginAs(t, 'staffAdmin');
    for (const scope of API_KEY_SCOPES) keys.set(scope, (await createKey(admin, [scope])).key);
  });
  afterAll(() => t.close());

  it('declares a scope only on read routes, and each scope on at least one route', () => {
    for (const route of t.app.routeTable.filter((r) => r.scope)) expect(route.method, `${route.method} ${route.url}`).toBe('GET');
    for (const scope of API_KEY_SCOPES)
      expect(
        t.app.routeTable.some((r) => r.scope === scope),
        scope,
      ).toBe(true);
  });

  it('every route × every scope: allowed where the route declares that scope, 403 otherwise', async () => {
    const outcomes: string[] = [];
    for (const route of t.app.routeTable) {
      for (const scope of API_KEY_SCOPES) {
        const res = await withKey(t, keys.get(scope)!, fill(route.url), {
          method: route.method,
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        const where = `${route.method} ${route.url} with ${scope}`;
        if (route.scope === scope) {
          expect([401, 403], `${where}: ${res.body}`).not.toContain(res.statusCode);
          outcomes.push(`${where}: allowed`);
        } else {
          expect(res.statusCode, where).toBe(403);
          expect(res.json().code, where).toBe(route.scope ? 'SCOPE_MISSING' : 'FORBIDDEN');
          if (route.scope) expect(res.json().title, where).toContain(route.scope);
        }
      }
    }
    // the routes a key may call, as a reader of this test sees them
    expect(outcomes.length).toBeGreaterThanOrEqual(API_KEY_SCOPES.length);
  });
});
