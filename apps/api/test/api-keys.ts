import { API_BASE, ApiKeyPaths, CreatedApiKey, type ApiKeyScope } from '@bansi/shared';
import type { Agent, TestApp } from './helpers';

/** Helpers of the API-key tests: a staff admin creates keys; a client program calls with one. */

export async function createKey(admin: Agent, scopes: ApiKeyScope[], extra: { name?: string; expiresAt?: string } = {}) {
  const res = await admin.inject({
    method: 'POST',
    url: `${API_BASE}${ApiKeyPaths.list}`,
    payload: { name: extra.name ?? `key ${scopes.join(' ')}`, scopes, ...extra },
  });
  if (res.statusCode !== 201) throw new Error(`create key: ${res.statusCode} ${res.body}`);
  return CreatedApiKey.parse(res.json());
}

/** A request as the service's software makes it: the key, no cookie, no CSRF header. */
export function withKey(t: TestApp, key: string, url: string, options: { method?: string; payload?: unknown; address?: string } = {}) {
  return t.app.inject({
    method: (options.method ?? 'GET') as 'GET',
    url,
    headers: { authorization: `Bearer ${key}` },
    ...(options.address ? { remoteAddress: options.address } : {}),
    ...(options.payload === undefined ? {} : { payload: options.payload as object }),
  });
}
