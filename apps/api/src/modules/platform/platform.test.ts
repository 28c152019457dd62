import { API_BASE, ApiIndex, Problem } from '@bansi/shared';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { catalogVersion } from '@bansi/shared/catalog-files';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, ConfigError } from '../../config';
import { loadCatalogs } from '../../lib/i18n';
import { createTestApp, dialect, type TestApp } from '../../../test/helpers';

describe(`platform (${dialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PROVIDER_PHONES: '111 111,222 222,333 333', BOOK_YEAR: '2022' });
  });
  afterAll(() => t.close());

  it('answers the index with years, provider contacts and links from configuration', async () => {
    const res = await t.app.inject({ method: 'GET', url: API_BASE });
    expect(res.statusCode).toBe(200);
    const body = ApiIndex.parse(res.json());
    expect(body.bookYear).toBe(2022);
    expect(body.year).toBe(2024);
    expect(body.provider.phones).toEqual(['111 111', '222 222', '333 333']);
    expect(body.links.docs).toBe('/api/docs');
  });

  it('is live and ready when the database answers', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
  });

  it('answers unknown API paths with a problem in the caller language, with a request id', async () => {
    const lo = await t.app.inject({ url: `${API_BASE}/nothing-here` });
    expect(lo.statusCode).toBe(404);
    expect(lo.headers['content-type']).toContain('application/problem+json');
    const problem = Problem.parse(lo.json());
    expect(problem.code).toBe('NOT_FOUND');
    expect(problem.title).toBe('ບໍ່ພົບສິ່ງທີ່ທ່ານຊອກຫາ.');
    expect(problem.requestId).toBe(lo.headers['x-request-id']);
    const en = await t.app.inject({ url: `${API_BASE}/nothing-here`, headers: { 'accept-language': 'en-US,en;q=0.9' } });
    expect(Problem.parse(en.json()).title).toBe('What you are looking for was not found.');
  });

  it('serves both translation catalogs with the same keys, revalidated by ETag', async () => {
    const lo = await t.app.inject({ url: '/asset/lang/lo.json' });
    const en = await t.app.inject({ url: '/asset/lang/en.json' });
    expect(lo.statusCode).toBe(200);
    expect(lo.json().nav.home).toBe('ໜ້າຫຼັກ');
    expect(en.json().nav.home).toBe('Home');
    const again = await t.app.inject({ url: '/asset/lang/lo.json', headers: { 'if-none-match': String(lo.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect((await t.app.inject({ url: '/asset/lang/fr.json' })).statusCode).toBe(404);
  });

  it.each(['lo', 'en'] as const)('sends %s.json compressed as asked, 304 on revalidation, immutable under its version', async (lng) => {
    const plain = await t.app.inject({ url: `/asset/lang/${lng}.json`, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const catalog = plain.json();
    const etag = String(plain.headers.etag);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);

    const br = await t.app.inject({ url: `/asset/lang/${lng}.json`, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(catalog);
    const gzip = await t.app.inject({ url: `/asset/lang/${lng}.json`, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(catalog);
    expect(br.headers.etag).toBe(etag);

    // Without a version (the specification's URL) or with another one, the browser revalidates: 304, no body.
    expect(plain.headers['cache-control']).toBe('no-cache');
    const again = await t.app.inject({ url: `/asset/lang/${lng}.json`, headers: { 'if-none-match': etag, 'accept-encoding': 'br' } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const version = etag.slice(1, -1);
    expect(version).toBe(catalogVersion(JSON.stringify(loadCatalogs()[lng])));
    const versioned = await t.app.inject({ url: `/asset/lang/${lng}.json?v=${version}` });
    expect(versioned.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const stale = await t.app.inject({ url: `/asset/lang/${lng}.json?v=AAAAAAAAAAAAAAAA` });
    expect(stale.headers['cache-control']).toBe('no-cache');
    expect(stale.json()).toEqual(catalog);
  });

  it('serves an OpenAPI document built from the shared schemas', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths[API_BASE].get.responses['200'].content['application/json'].schema.properties.bookYear).toBeTruthy();
  });

  it('sends the security headers', async () => {
    const res = await t.app.inject({ url: API_BASE });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(String(res.headers['content-security-policy'])).toMatch(/script-src 'self'(;|$)/);
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});

describe('configuration', () => {
  it('refuses to start with a list of every bad setting', () => {
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', PROVIDER_PHONES: '1' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const keys = (err as ConfigError).problems.map((p) => p.split(':')[0]);
      expect(keys).toEqual(expect.arrayContaining(['PORT', 'DATABASE_URL', 'PROVIDER_PHONES']));
    }
  });

  it('requires https for the public URL in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'http://bansi.example' })).toThrow(ConfigError);
  });
});
