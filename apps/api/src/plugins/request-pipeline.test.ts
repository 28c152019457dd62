import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  API_BASE,
  DocumentPage,
  NotificationPage,
  PostPage,
  SearchPage,
  StaffQueuePage,
  SubmissionPage,
  UnreadCount,
  type SubmissionDetail,
} from '@bansi/shared';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { statementCache } from '../db/sqlite-statements';
import { runSeeds } from '../db/seed';
import { compiledSerializerCompiler, responseJsonSchema } from '../lib/serializer';
import { ContentSniffer } from '../lib/file-sniff';
import { LocalFileStore } from '../lib/file-store';
import { pdfBytes, sha256Hex } from '../../test/file-fixtures';
import { createTestApp, dialect, loginAs, registerCompany, type Agent, type TestApp } from '../../test/helpers';
import { openSubmission } from '../../test/submissions';
import { createTwoApps, type TwoApps } from '../../test/two-apps';

// The per-request pipeline (issue 17, decisions 103–105): statement cache, precomputed security
// headers, the reference cache and its stamp, sessions without a cross-request cache, compiled serializers.

const api = (path: string) => `${API_BASE}${path}`;

const CSP =
  "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;font-src 'self' data:;connect-src 'self';" +
  "worker-src 'self' blob:;object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'";
/** What @fastify/helmet sent before it was replaced (recorded from the previous code). */
const HEADERS = {
  'content-security-policy': CSP,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};
const HSTS = 'max-age=31536000; includeSubDomains';

const securityHeadersOf = (headers: Record<string, unknown>) =>
  Object.fromEntries(
    Object.keys({ ...HEADERS, 'strict-transport-security': '', 'x-powered-by': '' }).flatMap((k) => (k in headers ? [[k, headers[k]]] : [])),
  );

describe('security headers', () => {
  let t: TestApp;
  let prod: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    prod = await createTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://bansi.example', PAYMENT_WEBHOOK_SECRET: 'x'.repeat(32) });
  });
  afterAll(async () => {
    await t?.close();
    await prod?.close();
  });

  it('are the same as before on answers, refusals, 404s and health checks, with HSTS only in production', async () => {
    for (const url of [api('/posts'), api('/submissions'), api('/no-such-thing'), '/healthz']) {
      const res = await t.app.inject({ url });
      expect(securityHeadersOf(res.headers), url).toEqual(HEADERS);
      const inProduction = await prod.app.inject({ url });
      expect(securityHeadersOf(inProduction.headers), url).toEqual({ ...HEADERS, 'strict-transport-security': HSTS });
    }
  });

  it('are set on a failed mutation too (refused before its body is read)', async () => {
    const res = await t.app.inject({ method: 'POST', url: api('/submissions'), payload: {} });
    expect(res.statusCode).toBe(403);
    expect(securityHeadersOf(res.headers)).toEqual(HEADERS);
  });
});

describe.skipIf(dialect !== 'sqlite')('the SQLite statement cache', () => {
  it('answers correctly across many more distinct queries than it keeps, evicting the least recently used', async () => {
    const database = new SQLite(':memory:');
    const statements = statementCache(database, 8);
    const db = new Kysely<{ numbers: { n: number } }>({ dialect: new SqliteDialect({ database: statements }) });
    await db.schema.createTable('numbers').addColumn('n', 'integer').execute();
    await db
      .insertInto('numbers')
      .values(Array.from({ length: 50 }, (_, n) => ({ n })))
      .execute();
    // 40 distinct statements (a different literal shape each), three rounds: every answer right.
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 40; i++) {
        const rows = await sql<{ c: number }>`select count(*) as c from numbers where n < ${i} ${sql.raw(`and ${i} = ${i}`)}`.execute(db);
        expect(rows.rows[0]!.c).toBe(i);
      }
    }
    expect(statements.stats().size).toBe(8);
    // A statement used again right away comes from the cache; the one used longest ago was evicted.
    const before = statements.stats();
    await sql`select count(*) as c from numbers where n < ${39} ${sql.raw('and 39 = 39')}`.execute(db);
    expect(statements.stats().hits).toBe(before.hits + 1);
    await sql`select count(*) as c from numbers where n < ${0} ${sql.raw('and 0 = 0')}`.execute(db);
    expect(statements.stats().misses).toBe(before.misses + 1);
    // Writes and transactions through cached statements.
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < 3; i++) await trx.deleteFrom('numbers').where('n', '=', i).execute();
    });
    const left = await db
      .selectFrom('numbers')
      .select((eb) => eb.fn.countAll<number>().as('c'))
      .executeTakeFirstOrThrow();
    expect(left.c).toBe(47);
    await db.destroy();
  });

  it('is what the app uses: a repeated request prepares nothing new', async () => {
    const t = await createTestApp();
    try {
      const stats = t.db.statements!;
      await t.app.inject({ url: api('/posts') });
      const after = stats.stats();
      await t.app.inject({ url: api('/posts') });
      expect(stats.stats().misses).toBe(after.misses);
      expect(stats.stats().hits).toBeGreaterThan(after.hits);
    } finally {
      await t.close();
    }
  });
});

describe('reference data cache and sessions across two API processes', () => {
  let two: TwoApps;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    two = await createTwoApps();
    const config = two.apps[0].config;
    await runSeeds({ db: two.db, config }, { demo: false });
    a = { app: two.apps[0], db: two.db, config, close: async () => undefined };
    b = { app: two.apps[1], db: two.db, config: two.apps[1].config, close: async () => undefined };
  });
  afterAll(async () => {
    await two?.close();
  });

  /** The same browser talking to the other process (same cookies). */
  const onOther = (agent: Agent, url: string) =>
    b.app.inject({ url, headers: { cookie: `bansi_session=${agent.cookie('bansi_session')}`, 'accept-language': 'en' } });

  it('a reference edit made through one process is seen by the very next request on the other', async () => {
    const { agent } = await registerCompany(a);
    const sub = await openSubmission(agent, a.config.BOOK_YEAR);
    const slotName = async () => {
      const res = await onOther(agent, api(`/submissions/${sub.id}`));
      expect(res.statusCode).toBe(200);
      return (res.json() as SubmissionDetail).files.slots.find((s) => s.code === 'balance-sheet')!.nameEn;
    };
    const before = await slotName(); // process B now holds reference data
    expect(before).not.toContain('(edited)');

    const admin = await loginAs(a, 'staffAdmin');
    const list = (await admin.inject({ url: api('/staff/reference/document-types') })).json() as { items: { id: string; code: string }[] };
    const item = list.items.find((i) => i.code === 'balance-sheet')!;
    const edit = await admin.inject({
      method: 'PATCH',
      url: api(`/staff/reference/document-types/${item.id}`),
      payload: { nameEn: `${before} (edited)` },
    });
    expect(edit.statusCode).toBe(200);
    expect(await slotName()).toBe(`${before} (edited)`);

    // Bad input changes nothing, and the cache keeps answering the stored name.
    const bad = await admin.inject({ method: 'PATCH', url: api(`/staff/reference/document-types/${item.id}`), payload: { nameEn: '' } });
    expect(bad.statusCode).toBe(400);
    expect(await slotName()).toBe(`${before} (edited)`);
  });

  it('another company never reaches the submission through the cached data (404)', async () => {
    const { agent: owner } = await registerCompany(a);
    const sub = await openSubmission(owner, a.config.BOOK_YEAR);
    const { agent: stranger } = await registerCompany(a);
    expect((await onOther(stranger, api(`/submissions/${sub.id}`))).statusCode).toBe(404);
  });

  it('a logout through one process is seen by the very next request on the other', async () => {
    const { agent } = await registerCompany(a);
    expect((await onOther(agent, api('/auth/session'))).statusCode).toBe(200);
    const cookie = agent.cookie('bansi_session');
    expect((await agent.inject({ method: 'POST', url: api('/auth/logout') })).statusCode).toBe(204);
    const after = await b.app.inject({ url: api('/auth/session'), headers: { cookie: `bansi_session=${cookie}` } });
    expect(after.statusCode).toBe(401);
    expect((await b.app.inject({ url: api('/submissions'), headers: { cookie: `bansi_session=${cookie}` } })).statusCode).toBe(401);
  });
});

describe('compiled response serializers', () => {
  it('write exactly what zod did, unknown fields left out', () => {
    const Item = z.object({ id: z.string(), name: z.string().nullable(), tags: z.array(z.string()), inner: z.object({ n: z.number() }).nullable() });
    const Page = z.object({ items: z.array(Item), nextCursor: z.string().nullable() });
    const data = {
      items: [
        { id: 'a', name: 'ບັນຊີ "quoted"\n', tags: ['x'], inner: { n: 1.5, secret: 'staff only' }, secret: 'staff only' },
        { id: 'b', name: null, tags: [], inner: null, passwordHash: 'x' },
      ],
      nextCursor: null,
      extra: true,
    };
    const route = { schema: Page, method: 'GET', url: '/x', httpStatus: '200' } as never;
    const compiled = compiledSerializerCompiler({ verify: false })(route) as (d: unknown) => string;
    const checked = compiledSerializerCompiler({ verify: true })(route) as (d: unknown) => string;
    const expected = JSON.stringify(Page.parse(data));
    expect(compiled(data)).toBe(expected); // every property required here: even the key order is the same
    expect(checked(data)).toBe(expected);
    expect(compiled(data)).not.toContain('secret');
    expect(compiled(data)).not.toContain('passwordHash');
  });

  it('write a discriminated union as one object, without a validator per answer, and the same JSON as zod', () => {
    const Size = z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('size'), size: z.enum(['micro', 'small']), basis: z.array(z.string()) }),
      z.object({ kind: z.literal('undetermined'), missing: z.array(z.object({ sector: z.string() })) }),
    ]);
    const Row = z.object({ id: z.string(), derived: Size.nullable() });
    const schema = JSON.stringify(responseJsonSchema(Row));
    expect(schema).not.toMatch(/"(anyOf|oneOf)"/);
    const route = { schema: z.array(Row), method: 'GET', url: '/x', httpStatus: '200' } as never;
    const compiled = compiledSerializerCompiler({ verify: false })(route) as (d: unknown) => string;
    const data = [
      { id: 'a', derived: { kind: 'size', size: 'small', basis: ['labour'] } },
      { id: 'b', derived: { kind: 'undetermined', missing: [{ sector: 'trade', secret: 'x' }] } },
      { id: 'c', derived: null },
    ];
    expect(JSON.parse(compiled(data))).toEqual(z.array(Row).parse(data));
    expect(compiled(data)).not.toContain('secret');
  });

  it('give the same JSON as the zod serializer on every list a company and staff read', async () => {
    // The test app verifies each answer against zod (verify: true); production sends the compiled bytes only.
    const t = await createTestApp();
    const prod = await createTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://bansi.example', PAYMENT_WEBHOOK_SECRET: 'x'.repeat(32) });
    try {
      for (const app of [t, prod]) {
        const { agent } = await registerCompany(app);
        await openSubmission(agent, app.config.BOOK_YEAR);
        const staff = await loginAs(app, 'staff');
        for (const [who, url, schema] of [
          [agent, '/submissions', SubmissionPage],
          [agent, '/documents', DocumentPage],
          [agent, '/notifications', NotificationPage],
          [agent, '/notifications/unread-count', UnreadCount],
          [agent, '/posts', PostPage],
          [agent, `/search?q=${encodeURIComponent('ບັນຊີ')}`, SearchPage],
          [staff, '/staff/submissions?status=all', StaffQueuePage],
        ] as const) {
          const res = await who.inject({ url: api(url) });
          expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
          expect(res.headers['content-type']).toMatch(/^application\/json/);
          // What zod's serializer makes of the same answer is the same JSON (key order aside).
          expect(JSON.parse(JSON.stringify((schema as z.ZodType).parse(res.json()))), url).toStrictEqual(res.json());
        }
      }
    } finally {
      await t.close();
      await prod.close();
    }
  });
});

describe.skipIf(dialect !== 'sqlite')('an upload hashed as it arrives (decision 104)', () => {
  it('is trusted only when the running hash saw every byte; otherwise the file is read again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bansi-seen-'));
    try {
      const store = new LocalFileStore(dir);
      const data = pdfBytes(100_000);
      const path = join(dir, 'upload');
      writeFileSync(path, data);
      const check = { allowedKinds: ['pdf'] as const, maxBytes: 1_000_000, name: 'a.pdf' };
      const sniffer = new ContentSniffer(check.allowedKinds);
      sniffer.update(data);
      // Covering the whole file: used as is (no second read: a made-up hash proves it).
      const whole = await store.inspect(path, check, { size: data.length, sha256: 'f'.repeat(64), sniffer });
      expect(whole.sha256).toBe('f'.repeat(64));
      // Covering less (a PATCH that failed half-way, another process): read again in full.
      const partial = new ContentSniffer(check.allowedKinds);
      partial.update(data.subarray(0, 50_000));
      const reread = await store.inspect(path, check, { size: 50_000, sha256: 'f'.repeat(64), sniffer: partial });
      expect(reread).toMatchObject({ sha256: sha256Hex(data), size: data.length, kind: 'pdf' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
