import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { API_BASE, AuthPaths, CompanyPaths } from '@bansi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import {
  addCompanyUser,
  Agent,
  createTestApp,
  createTestDb,
  dialect,
  lastMailToken,
  loginAs,
  registerCompany,
  registrationBody,
  testConfig,
  type TestApp,
} from '../../../test/helpers';
import { openSubmission, uploadInto } from '../../../test/submissions';

/** Issue 11: the findings of the outside security review, one test (or more) per finding. */

const api = (path: string) => `${API_BASE}${path}`;
const isProblem = (res: { headers: Record<string, unknown>; json(): unknown }) =>
  String(res.headers['content-type']).startsWith('application/problem+json') && typeof (res.json() as { code?: unknown }).code === 'string';

const mailsTo = (t: TestApp, to: string) => t.db.kysely.selectFrom('outbox').selectAll().where('toAddress', '=', to).orderBy('createdAt').execute();

describe(`security hardening (${dialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('1. /dev/mail answers only a logged-in staff admin', async () => {
    const { body } = await registerCompany(t);
    await new Agent(t).inject({ method: 'POST', url: api(AuthPaths.forgotPassword), payload: { email: body.user.email } });
    const anonymous = await new Agent(t).inject({ url: '/dev/mail' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain('reset-password');
    for (const kind of ['companyAdmin', 'staff'] as const) {
      const res = await (await loginAs(t, kind)).inject({ url: '/dev/mail' });
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('reset-password');
    }
    const admin = await (await loginAs(t, 'staffAdmin')).inject({ url: '/dev/mail' });
    expect(admin.statusCode).toBe(200);
    expect(admin.body).toContain('/reset-password/');
    expect(admin.headers['cache-control']).toBe('no-store');
  });

  it('1. /dev/mail does not exist with SMTP configured or in production', async () => {
    // Production is set on a parsed test configuration: its other start-up requirements are not the point here.
    for (const config of [
      testConfig({ SMTP_URL: 'smtp://127.0.0.1:9' }),
      { ...testConfig(), NODE_ENV: 'production' as const, PAYMENT_WEBHOOK_SECRET: 'a production key of the bank, 32+ chars' },
    ]) {
      const testDb = await createTestDb();
      const app = await buildApp({ config, db: testDb.db, serveWeb: false, startWorkers: false, logger: false });
      try {
        expect(app.printRoutes()).not.toContain('dev/mail');
        expect((await app.inject({ url: '/dev/mail' })).statusCode).toBe(404);
      } finally {
        await app.close();
        await testDb.drop();
      }
    }
  });

  it('2. removing a colleague who uploaded a file works, keeps the author and ends their session at once', async () => {
    const { agent: admin } = await registerCompany(t);
    const colleague = await addCompanyUser(t, admin);
    const submission = await openSubmission(colleague, t.config.BOOK_YEAR);
    expect((await uploadInto(colleague, submission.id, 'balance-sheet')).last.statusCode).toBe(204);
    const uploaded = await t.db.kysely.selectFrom('files').select('id').where('createdBy', '=', colleague.userId!).execute();
    expect(uploaded).toHaveLength(1);
    expect((await colleague.inject({ url: api(AuthPaths.session) })).statusCode).toBe(200);

    const removed = await admin.inject({ method: 'DELETE', url: api(CompanyPaths.member(colleague.userId!)) });
    expect(removed.statusCode).toBe(204);
    expect((await colleague.inject({ url: api(AuthPaths.session) })).statusCode).toBe(401);
    const file = await t.db.kysely.selectFrom('files').select('createdBy').where('id', '=', uploaded[0]!.id).executeTakeFirstOrThrow();
    expect(file.createdBy).toBe(colleague.userId);
    const author = await t.db.kysely.selectFrom('users').select(['name', 'disabledAt']).where('id', '=', colleague.userId!).executeTakeFirstOrThrow();
    expect(author.name).toBe('Colleague');
    expect(author.disabledAt).not.toBeNull();
    const members = (await admin.inject({ url: api(CompanyPaths.members) })).json() as { items: { id: string }[] };
    expect(members.items.map((m) => m.id)).not.toContain(colleague.userId);
  });

  it.each([
    ['login', 'POST', AuthPaths.login, { login: 'a\u0000b@example.test', password: 'x' }, 'body.login'],
    ['registration', 'POST', AuthPaths.register, null, 'body.company.nameEn'],
    ['a path parameter', 'GET', '/pages/%00', undefined, 'params'],
    ['a query', 'GET', `${CompanyPaths.check}?tin=12%0034`, undefined, 'querystring.tin'],
  ])('3. a NUL character in %s is a 400 field error', async (_label, method, path, payload, field) => {
    const body = payload === null ? await registrationBody(t, { company: { nameEn: 'Evil\u0000 Co' } }) : payload;
    const users = await t.db.kysely.selectFrom('users').select('id').execute();
    const res = await new Agent(t).inject({ method, url: api(path), ...(body ? { payload: body } : {}), headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(400);
    expect(isProblem(res)).toBe(true);
    const problem = res.json() as { code: string; errors: { path: string; code: string; message: string }[] };
    expect(problem.code).toBe('VALIDATION');
    expect(problem.errors.some((e) => e.path.startsWith(field) && e.code === 'nul_character' && /NUL/.test(e.message))).toBe(true);
    expect(await t.db.kysely.selectFrom('users').select('id').execute()).toHaveLength(users.length);
  });

  it('7. a stranger cannot lock a user out, and unknown accounts lock alike', async () => {
    const t2 = await createTestApp({ LOGIN_MAX_FAILURES: '3' });
    try {
      const { body } = await registerCompany(t2);
      const attempt = (login: string, password: string, remoteAddress: string) =>
        new Agent(t2).inject({ method: 'POST', url: api(AuthPaths.login), payload: { login, password }, remoteAddress });
      const stranger = '203.0.113.7';
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        known.push((await attempt(body.user.email, 'wrong password here', stranger)).statusCode);
        unknown.push((await attempt('nobody-here@example.test', 'wrong password here', stranger)).statusCode);
      }
      // Known and unknown logins answer the same, attempt by attempt: 401, 401, then locked.
      expect(known).toEqual([401, 401, 423, 423]);
      expect(unknown).toEqual(known);
      // The owner, from their own address, still logs in.
      expect((await attempt(body.user.email, body.user.password, '198.51.100.20')).statusCode).toBe(200);
      // The stranger stays locked out of that account, even with the right password.
      expect((await attempt(body.user.email, body.user.password, stranger)).statusCode).toBe(423);
    } finally {
      await t2.close();
    }
  });

  it('8. issuing or using a reset link ends every earlier link of the user', async () => {
    const { body } = await registerCompany(t);
    const email = body.user.email;
    const forgot = () => new Agent(t).inject({ method: 'POST', url: api(AuthPaths.forgotPassword), payload: { email } });
    const reset = (token: string, password: string) =>
      new Agent(t).inject({ method: 'POST', url: api(AuthPaths.resetPassword), payload: { token, password } });
    await forgot();
    const older = await lastMailToken(t, email);
    // Mails are ordered by time: wait a tick so the newer one sorts after.
    await new Promise((r) => setTimeout(r, 5));
    await forgot();
    const newer = await lastMailToken(t, email);
    expect(newer).not.toBe(older);
    expect((await reset(newer, 'a new river song for the test')).statusCode).toBe(204);
    const stale = await reset(older, 'another river song for the test');
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toMatchObject({ code: 'TOKEN_INVALID' });
    await new Agent(t).login(email, 'a new river song for the test');
  });

  it.each(['abcdefgh', '87654321', 'Welcome1!', 'passw0rd!', 'bansi2024', 'Bansi-2024!'])(
    '9. registration refuses the weak password %s, in the user language, and creates nothing',
    async (password) => {
      const body = await registrationBody(t, { user: { password } });
      const res = await new Agent(t).inject({ method: 'POST', url: api(AuthPaths.register), payload: body, headers: { 'accept-language': 'lo' } });
      expect(res.statusCode).toBe(400);
      const problem = res.json() as { errors: { path: string; code: string; message: string }[] };
      expect(problem.errors).toContainEqual(expect.objectContaining({ path: 'body.user.password', code: 'weak' }));
      expect(problem.errors.find((e) => e.path === 'body.user.password')!.message).toMatch(/[\u0E80-\u0EFF]/);
      expect(await t.db.kysely.selectFrom('companies').select('id').where('tin', '=', body.company.tin).executeTakeFirst()).toBeUndefined();
    },
  );

  it("9. a reset refuses a password built on the user's own name and company", async () => {
    const { body } = await registerCompany(t, { user: { name: 'Somsack Vongsa' } });
    await new Agent(t).inject({ method: 'POST', url: api(AuthPaths.forgotPassword), payload: { email: body.user.email } });
    const token = await lastMailToken(t, body.user.email);
    const res = await new Agent(t).inject({ method: 'POST', url: api(AuthPaths.resetPassword), payload: { token, password: 'Somsack2024!' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'WEAK_PASSWORD', errors: [{ path: 'body.password', code: 'weak' }] });
  });

  it('10. registration with a taken address answers like a new one, creates nothing and tells the owner', async () => {
    const staffAdmin = await loginAs(t, 'staffAdmin');
    const session = (await staffAdmin.inject({ url: api(AuthPaths.session) })).json() as { user: { email: string } };
    const fresh = await new Agent(t).inject({ method: 'POST', url: api(AuthPaths.register), payload: await registrationBody(t) });
    const body = await registrationBody(t, { user: { email: session.user.email } });
    const taken = await new Agent(t).inject({ method: 'POST', url: api(AuthPaths.register), payload: body });
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(Object.keys(taken.json() as object)).toEqual(Object.keys(fresh.json() as object));
    expect(await t.db.kysely.selectFrom('companies').select('id').where('tin', '=', body.company.tin).executeTakeFirst()).toBeUndefined();
    const mails = await mailsTo(t, session.user.email);
    expect(mails.at(-1)?.textBody).toMatch(/already have an account|ມີບັນຊີຜູ້ໃຊ້/);
  });

  it('10. inviting a taken address answers like a new invitation and tells the owner', async () => {
    const { agent: admin } = await registerCompany(t);
    const other = await registerCompany(t);
    const invite = (email: string) =>
      admin.inject({ method: 'POST', url: api(CompanyPaths.invitations), payload: { name: 'New Person', email, role: 'company_user' } });
    const fresh = await invite(`fresh-${Date.now()}@example.test`);
    const taken = await invite(other.body.user.email);
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(Object.keys(taken.json() as object).sort()).toEqual(Object.keys(fresh.json() as object).sort());
    expect(taken.json()).toMatchObject({ email: other.body.user.email, pending: true });
    const owner = await t.db.kysely.selectFrom('users').select('companyId').where('email', '=', other.body.user.email).executeTakeFirstOrThrow();
    expect(owner.companyId).toBe(other.companyId);
    const mails = await mailsTo(t, other.body.user.email);
    expect(mails.at(-1)?.subject).toMatch(/someone used your e-mail address/);
  });

  it('11. the tax-ID check is rate-limited like registration, HEAD counted with GET', async () => {
    const t2 = await createTestApp({ RATE_LIMIT_AUTH_PER_MINUTE: '3' });
    try {
      const statuses: number[] = [];
      for (const method of ['GET', 'HEAD', 'GET', 'HEAD', 'GET'] as const)
        statuses.push((await t2.app.inject({ method, url: api(`${CompanyPaths.check}?tin=123456789${statuses.length}`) })).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      const limited = await t2.app.inject({ url: api(`${CompanyPaths.check}?tin=1234567890`) });
      expect(isProblem(limited)).toBe(true);
      expect((await t2.app.inject({ url: api(`${CompanyPaths.check}?tin=1234567890`) })).json()).toMatchObject({ code: 'RATE_LIMITED' });
    } finally {
      await t2.close();
    }
  });

  it('12. a company name holding a link is plain text in the invitation mail', async () => {
    const { agent: admin } = await registerCompany(t, {
      company: { nameEn: 'Evil https://evil.example/login Co', nameLo: 'ບໍລິສັດ www.evil.example' },
    });
    const email = `invitee-${Date.now()}@example.test`;
    await admin.inject({
      method: 'POST',
      url: api(CompanyPaths.invitations),
      payload: { name: 'Click evil.example', email, role: 'company_user', language: 'en' },
    });
    const [mail] = await mailsTo(t, email);
    expect(mail).toBeDefined();
    for (const part of [mail!.subject, mail!.textBody, mail!.htmlBody!]) {
      expect(part).not.toMatch(/https?:\/\/evil/);
      expect(part).not.toMatch(/evil\.example/);
    }
    expect(mail!.textBody).toContain('Evil https[:]//evil\u2024example/login Co');
    // The one link of the mail is the app's own set-password link.
    const hrefs = [...mail!.htmlBody!.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
    expect(hrefs).toHaveLength(1);
    expect(hrefs[0]).toMatch(new RegExp(`^${t.config.PUBLIC_URL}/reset-password/`));
  });

  it('13. reset and invitation tokens never reach the request log', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const testDb = await createTestDb();
    const app = await buildApp({ config: testConfig(), db: testDb.db, serveWeb: false, startWorkers: false, logger: { level: 'info', stream } });
    try {
      const secret = 'Zq9s3cretT0kenValue_abcdefghijklmnop';
      await app.inject({ url: `/reset-password/${secret}` });
      await app.inject({ url: `/reset-password/${secret}%` });
      await app.inject({ url: `${api(CompanyPaths.acceptInvitation)}?token=${secret}` });
      app.log.info({ body: { token: secret, password: secret } }, 'a handler logging a body');
      // at any depth, in arrays too, and the caller's object is left as it was
      const logged = {
        request: { headers: { cookie: `s=${secret}`, authorization: `Bearer ${secret}` } },
        items: [{ a: { b: { c: { newPassword: secret } } } }],
      };
      app.log.warn(logged, 'a handler logging something deep');
      expect(logged.items[0]!.a.b.c.newPassword).toBe(secret);
      const log = lines.join('');
      expect(log).toContain('a handler logging something deep');
      expect(log).toContain('/reset-password/[redacted]');
      expect(log).toContain('a handler logging a body');
      expect(log).not.toContain(secret);
    } finally {
      await app.close();
      await testDb.drop();
    }
  });

  it("Also: Fastify's own errors are problem documents", async () => {
    for (const url of [api('/pages/%E0%A4%A'), api(`/pages/${'x'.repeat(300)}`), api('/no-such-route')]) {
      const res = await t.app.inject({ url, headers: { 'accept-language': 'en' } });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(isProblem(res)).toBe(true);
      expect((res.json() as { title: string }).title).not.toMatch(/FST_/);
    }
  });

  it('Also: private JSON answers carry Cache-Control: no-store', async () => {
    const admin = await loginAs(t, 'companyAdmin');
    for (const path of [CompanyPaths.me, CompanyPaths.members]) {
      const res = await admin.inject({ url: api(path) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    const refused = await new Agent(t).inject({ url: api(CompanyPaths.me) });
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('Also: HEAD of any web route answers like GET', async () => {
    const web = mkdtempSync(join(tmpdir(), 'bansi-web-'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>Bansi</title>');
    const testDb = await createTestDb();
    const app = await buildApp({ config: testConfig({ WEB_DIST_DIR: web }), db: testDb.db, serveWeb: true, startWorkers: false, logger: false });
    try {
      for (const path of ['/dashboard/submit-document', '/staff/submissions', '/reset-password/abc']) {
        const get = await app.inject({ url: path, headers: { accept: 'text/html' } });
        const head = await app.inject({ method: 'HEAD', url: path });
        expect(get.statusCode).toBe(200);
        expect(head.statusCode).toBe(200);
        expect(head.headers['content-type']).toBe(get.headers['content-type']);
        expect(head.body).toBe('');
      }
      expect((await app.inject({ method: 'HEAD', url: '/missing.js' })).statusCode).toBe(404);
    } finally {
      await app.close();
      await testDb.drop();
    }
  });
});
