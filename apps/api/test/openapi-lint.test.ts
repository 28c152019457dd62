import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialect, type TestApp } from './helpers';

/**
 * The OpenAPI document at /api/docs passes `redocly lint` with the recommended rules: 0 errors (decision 250
 * lists the warnings kept on purpose). Redocly runs from node_modules, offline: no telemetry, no update check.
 * The document does not depend on the database, so this runs once, on SQLite.
 */
const run = promisify(execFile);
const redoclyBin = () => {
  const require = createRequire(import.meta.url);
  const pkg = require.resolve('@redocly/cli/package.json');
  const bin = (require(pkg) as { bin: Record<string, string> }).bin;
  return join(dirname(pkg), bin.redocly ?? Object.values(bin)[0]!);
};

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; severity: 'error' | 'warn'; message: string; location: { pointer: string }[] }[];
}

describe.runIf(dialect === 'sqlite')('the OpenAPI document', () => {
  let t: TestApp;
  let dir: string;
  let report: LintReport;

  beforeAll(async () => {
    t = await createTestApp();
    dir = mkdtempSync(join(tmpdir(), 'bansi-openapi-'));
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    writeFileSync(join(dir, 'openapi.json'), res.body);
    // Exit code 1 when there are errors: the report is read either way.
    const out = await run(
      process.execPath,
      [redoclyBin(), 'lint', 'openapi.json', '--extends=recommended', '--format=json', '--max-problems=10000'],
      {
        cwd: dir,
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
        maxBuffer: 64 * 1024 * 1024,
      },
    ).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }));
    report = JSON.parse(out.stdout) as LintReport;
  }, 120_000);
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await t?.close();
  });

  it('lints clean with the recommended rules (0 errors)', () => {
    const errors = report.problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`);
    expect(errors).toEqual([]);
  });

  it('keeps only the warnings decision 250 lists', () => {
    const kept = new Set(['info-license', 'operation-2xx-response', 'operation-4xx-response']);
    expect(report.problems.filter((p) => p.severity === 'warn' && !kept.has(p.ruleId)).map((p) => `${p.ruleId} ${p.location[0]?.pointer}`)).toEqual(
      [],
    );
  });

  it('says who may call each operation and which problems it answers', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    const retry = doc.paths['/api/accounting-document-system/staff/jobs/{id}/retry'].post;
    expect(retry.security).toEqual([{ sessionCookie: [], csrfHeader: [] }]);
    expect(Object.keys(retry.responses)).toEqual(['200', '400', '401', '403', '404', '409']);
    expect(retry.responses['404'].content['application/problem+json'].schema).toEqual({ $ref: '#/components/schemas/Problem' });
    const login = doc.paths['/api/accounting-document-system/auth/login'].post;
    expect(login.security).toEqual([]);
    expect(Object.keys(login.responses)).toEqual(expect.arrayContaining(['400', '413', '415', '429']));
    expect(doc.components.securitySchemes.sessionCookie).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'sid' });
    // a feed is read with a bearer API key of its scope (or a staff session), and shows an example page
    const feed = doc.paths['/api/accounting-document-system/feed/filings'].get;
    expect(feed.security).toEqual([{ sessionCookie: [] }, { bearerKey: [] }]);
    expect(feed['x-api-key-scope']).toBe('filings:read');
    expect(doc.components.securitySchemes.bearerKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(feed.responses['200'].content['application/json'].schema.example.items[0]).toMatchObject({ kind: 'filing', size: 'small' });
    expect(doc.paths['/api/accounting-document-system/feed/payments'].get.responses['200'].content['application/json'].schema.example.more).toBe(
      true,
    );
  });
});
