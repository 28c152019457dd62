import { API_BASE, Problem } from '@bansi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, createTestApp, dialect, lastMailToken, loginAs, registerCompany, registrationBody, type TestApp } from '../../../test/helpers';

const url = (path: string) => `${API_BASE}${path}`;

describe(`accounts (${dialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_MAX_FAILURES: '3' });
  });
  afterAll(() => t.close());

  const count = async (table: 'companies' | 'users' | 'companyPeople' | 'outbox' | 'sessions') =>
    Number(
      (
        await t.db.kysely
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe('registration', () => {
    it('registers a company with its signatories and admin, who can then log in', async () => {
      const { agent, body, companyId } = await registerCompany(t);
      const session = await agent.inject({ url: url('/auth/session') });
      expect(session.statusCode).toBe(200);
      expect(session.json()).toMatchObject({
        user: { email: body.user.email, role: 'company_admin' },
        company: { id: companyId, nameEn: body.company.nameEn },
      });
      const me = await agent.inject({ url: url('/companies/me') });
      expect(
        me
          .json()
          .people.map((p: { role: string }) => p.role)
          .sort(),
      ).toEqual(['checker', 'holder', 'owner']);
      const welcome = await t.db.kysely.selectFrom('outbox').selectAll().where('toAddress', '=', body.user.email).executeTakeFirst();
      expect(welcome?.subject).toContain('registration complete');
    });

    it('checks the tax ID before the last step, and refuses a duplicate tax ID, e-mail and phone, changing nothing', async () => {
      const { body } = await registerCompany(t);
      const check = await t.app.inject({ url: url(`/companies/check?tin=${body.company.tin}`) });
      expect(check.json()).toEqual({ available: false });
      expect((await t.app.inject({ url: url('/companies/check?tin=5550001111') })).json()).toEqual({ available: true });

      const before = [await count('companies'), await count('users'), await count('companyPeople')];
      const again = await registrationBody(t, { company: { tin: body.company.tin } });
      const dupTin = await new Agent(t).inject({ method: 'POST', url: url('/auth/register'), payload: again, headers: { 'accept-language': 'en' } });
      expect(dupTin.statusCode).toBe(409);
      expect(Problem.parse(dupTin.json())).toMatchObject({
        code: 'TIN_TAKEN',
        errors: [{ path: 'body.company.tin', code: 'tin_taken', message: 'This tax ID is already registered.' }],
      });

      const dupEmail = await new Agent(t).inject({
        method: 'POST',
        url: url('/auth/register'),
        payload: await registrationBody(t, { user: { email: body.user.email.toUpperCase() } }),
      });
      // A taken e-mail answers like a registration (issue 11): nothing is created, the owner is mailed.
      expect(dupEmail.statusCode).toBe(201);
      const dupPhone = await new Agent(t).inject({
        method: 'POST',
        url: url('/auth/register'),
        payload: await registrationBody(t, { user: { phone: body.user.phone } }),
      });
      expect(dupPhone.json()).toMatchObject({ code: 'PHONE_TAKEN' });
      expect([await count('companies'), await count('users'), await count('companyPeople')]).toEqual(before);
    });

    const invalidCases: [string, Parameters<typeof registrationBody>[1], string][] = [
      ['Lao name', { company: { nameLo: '' } }, 'body.company.nameLo'],
      ['English name', { company: { nameEn: '  ' } }, 'body.company.nameEn'],
      ['tax ID', { company: { tin: '12ab' } }, 'body.company.tin'],
      ['registration number', { company: { registrationNo: '' } }, 'body.company.registrationNo'],
      ['category', { company: { categoryId: 'not-a-uuid' } }, 'body.company.categoryId'],
      ['unknown category', { company: { categoryId: '00000000-0000-4000-8000-000000000000' } }, 'body.company.categoryId'],
      ['enterprise type', { company: { enterpriseTypeId: '00000000-0000-4000-8000-000000000000' } }, 'body.company.enterpriseTypeId'],
      ['size', { company: { sizeId: '00000000-0000-4000-8000-000000000000' } }, 'body.company.sizeId'],
      ['account program', { company: { accountProgramId: undefined } }, 'body.company.accountProgramId'],
      ['province', { company: { provinceCode: '99' } }, 'body.company.provinceCode'],
      ['district of another province', { company: { provinceCode: '02' } }, 'body.company.districtCode'],
      ['village name where the district has no list', { company: { villageName: '' } }, 'body.company.villageName'],
      ['address', { company: { address: '' } }, 'body.company.address'],
      ['company phone', { company: { phone: 'call me' } }, 'body.company.phone'],
      ['company e-mail', { company: { email: 'nope' } }, 'body.company.email'],
      ['owner name', { people: { owner: { name: '', phone: '+856 20 1' } } }, 'body.people.owner.name'],
      [
        'outside holder licence',
        { people: { holder: { kind: 'outside', name: 'A', phone: '+856 20 2222 2222', firmName: 'Firm' } } },
        'body.people.holder.licenceNo',
      ],
      [
        'outside holder firm',
        { people: { holder: { kind: 'outside', name: 'A', phone: '+856 20 2222 2222', licenceNo: 'L-1' } } },
        'body.people.holder.firmName',
      ],
      ['user e-mail', { user: { email: 'x@' } }, 'body.user.email'],
      ['short password', { user: { password: 'short' } }, 'body.user.password'],
      ['common password', { user: { password: 'password123' } }, 'body.user.password'],
    ];
    it.each(invalidCases)('refuses a bad %s with a field error and changes nothing', async (_name, overrides, path) => {
      const before = [await count('companies'), await count('users'), await count('outbox')];
      const res = await new Agent(t).inject({ method: 'POST', url: url('/auth/register'), payload: await registrationBody(t, overrides) });
      expect(res.statusCode).toBe(400);
      const problem = Problem.parse(res.json());
      expect(problem.errors?.map((e) => e.path)).toContain(path);
      expect([await count('companies'), await count('users'), await count('outbox')]).toEqual(before);
    });

    it('accepts a long passphrase of 64 characters and more', async () => {
      const { agent } = await registerCompany(t, { user: { password: 'ວັນນີ້ອາກາດດີ ພວກເຮົາໄປຕະຫຼາດເຊົ້າ ແລ້ວກິນເຂົ້າປຽກ 2024 ນຳກັນ' } });
      expect(agent.userId).toBeTruthy();
    });

    it('accepts a Lao passphrase of four short words or 10 random Lao letters, and still refuses Bansi-2024! (issue 28)', async () => {
      const words = await registerCompany(t, { user: { password: 'ກິນໄປມາດີ' } });
      expect(words.agent.userId).toBeTruthy();
      await new Agent(t).inject({ method: 'POST', url: url('/auth/forgot-password'), payload: { email: words.body.user.email } });
      const token = await lastMailToken(t, words.body.user.email);
      const reset = (password: string) => new Agent(t).inject({ method: 'POST', url: url('/auth/reset-password'), payload: { token, password } });
      const product = await reset('Bansi-2024!');
      expect(product.statusCode).toBe(400);
      expect(Problem.parse(product.json())).toMatchObject({ code: 'WEAK_PASSWORD', errors: [{ path: 'body.password', code: 'weak' }] });
      expect((await reset('ຫກດສວນມຍຣຜ')).statusCode).toBe(204);
      await new Agent(t).login(words.body.user.email, 'ຫກດສວນມຍຣຜ');
    });
  });

  describe('the strength meter’s check (decision 143)', () => {
    const check = (agent: Agent, body: object) => agent.inject({ method: 'POST', url: url('/auth/password-check'), payload: body });

    it('answers the verdict of the one rule, with the words the form sends, storing nothing', async () => {
      const visitor = new Agent(t);
      const before = [await count('users'), await count('outbox')];
      const verdicts = await Promise.all(
        ['Bansi-2024!', 'correct horse battery staple', 'short', 'ກິນໄປມາດີ'].map(async (password) => (await check(visitor, { password })).json()),
      );
      expect(verdicts).toEqual([
        { problem: 'weak', score: 3 },
        { problem: null, score: 4 },
        { problem: 'too_short', score: 0 },
        { problem: null, score: 4 },
      ]);
      expect((await check(visitor, { password: 'Sengsouriya-Vilayphone', personal: ['Vilayphone Sengsouriya'] })).json()).toMatchObject({
        problem: 'weak',
      });
      const answer = await check(visitor, { password: 'Sengsouriya-Vilayphone' });
      expect(answer.json()).toEqual({ problem: null, score: 4 });
      expect(answer.headers['cache-control']).toBe('no-store');
      expect([await count('users'), await count('outbox')]).toEqual(before);
    });

    it('counts the words of a reset link’s account, as setting the password does; an unusable link adds none', async () => {
      const { body } = await registerCompany(t, { user: { name: 'Vilayphone Sengsouriya' } });
      await new Agent(t).inject({ method: 'POST', url: url('/auth/forgot-password'), payload: { email: body.user.email } });
      const token = await lastMailToken(t, body.user.email);
      const visitor = new Agent(t);
      expect((await check(visitor, { password: 'Sengsouriya-Vilayphone', token })).json()).toMatchObject({ problem: 'weak' });
      expect((await check(visitor, { password: 'Sengsouriya-Vilayphone', token: 'x'.repeat(43) })).json()).toMatchObject({ problem: null });
      const set = await visitor.inject({ method: 'POST', url: url('/auth/reset-password'), payload: { token, password: 'Sengsouriya-Vilayphone' } });
      expect(set.json()).toMatchObject({ code: 'WEAK_PASSWORD' });
    });

    it('refuses a malformed body with field errors, and is rate-limited per address (429 in the caller’s language)', async () => {
      expect((await check(new Agent(t), { password: 12 })).json()).toMatchObject({ code: 'VALIDATION', errors: [{ path: 'body.password' }] });
      const limited = await createTestApp({ RATE_LIMIT_PASSWORD_CHECK_PER_MINUTE: '3' });
      try {
        const visitor = new Agent(limited);
        const statuses: number[] = [];
        for (let i = 0; i < 4; i += 1) statuses.push((await check(visitor, { password: `typing ${i} more letters` })).statusCode);
        expect(statuses).toEqual([200, 200, 200, 429]);
        const refused = await visitor.inject({
          method: 'POST',
          url: url('/auth/password-check'),
          payload: { password: 'one more' },
          headers: { 'accept-language': 'lo' },
        });
        expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', title: 'ພະຍາຍາມຫຼາຍເທື່ອເກີນໄປ. ກະລຸນາລໍຖ້າບຶດໜຶ່ງແລ້ວລອງໃໝ່.' });
      } finally {
        await limited.close();
      }
    });
  });

  describe('login', () => {
    it('logs in by e-mail or by phone, with a rotated session token', async () => {
      const { body } = await registerCompany(t);
      const agent = new Agent(t);
      await agent.login(body.user.email, body.user.password);
      const first = agent.cookie('bansi_session');
      await agent.login(body.user.phone, body.user.password);
      const second = agent.cookie('bansi_session');
      expect(first && second && first !== second).toBe(true);
      // the earlier token no longer opens a session
      const old = await t.app.inject({ url: url('/auth/session'), headers: { cookie: `bansi_session=${first}` } });
      expect(old.statusCode).toBe(401);
    });

    it('answers the web app’s probe without an error: null for a visitor or a dead cookie, the session once logged in (decision 144)', async () => {
      const probe = (agent: Agent) => agent.inject({ url: url('/auth/session/current') });
      const visitor = await probe(new Agent(t));
      expect([visitor.statusCode, visitor.json(), visitor.headers['cache-control']]).toEqual([200, { session: null }, 'no-store']);
      // API clients keep GET /auth/session's contract: 401 for a visitor.
      expect((await new Agent(t).inject({ url: url('/auth/session') })).statusCode).toBe(401);
      const { agent } = await registerCompany(t);
      const session = (await agent.inject({ url: url('/auth/session') })).json() as object;
      expect((await probe(agent)).json()).toEqual({ session });
      await agent.inject({ method: 'POST', url: url('/auth/logout') });
      expect((await probe(agent)).json()).toEqual({ session: null });
      const dead = await t.app.inject({ url: url('/auth/session/current'), headers: { cookie: 'bansi_session=no-such-token' } });
      expect([dead.statusCode, dead.json()]).toEqual([200, { session: null }]);
      expect(dead.cookies.find((c) => c.name === 'bansi_session')?.value).toBe('');
    });

    it('sets the session cookie HttpOnly and SameSite, and stores only its hash', async () => {
      const { body } = await registerCompany(t);
      const agent = new Agent(t);
      await agent.fetchCsrf();
      const res = await agent.inject({ method: 'POST', url: url('/auth/login'), payload: { login: body.user.email, password: body.user.password } });
      const cookie = res.cookies.find((c) => c.name === 'bansi_session')!;
      expect(cookie.httpOnly).toBe(true);
      expect(cookie.sameSite).toBe('Lax');
      expect(Buffer.from(cookie.value, 'base64url').length).toBeGreaterThanOrEqual(16);
      const stored = await t.db.kysely.selectFrom('sessions').select('tokenHash').execute();
      expect(stored.some((s) => s.tokenHash === cookie.value)).toBe(false);
    });

    it('answers the same for an unknown account and a wrong password', async () => {
      const { body } = await registerCompany(t);
      const unknown = await new Agent(t).inject({
        method: 'POST',
        url: url('/auth/login'),
        payload: { login: 'nobody@example.test', password: 'whatever it is' },
      });
      const wrong = await new Agent(t).inject({
        method: 'POST',
        url: url('/auth/login'),
        payload: { login: body.user.email, password: 'not the password' },
      });
      expect(unknown.statusCode).toBe(401);
      expect(wrong.statusCode).toBe(401);
      expect(unknown.json().code).toBe('INVALID_CREDENTIALS');
      expect(wrong.json().title).toBe(unknown.json().title);
    });

    it('locks the account after repeated failures, even for the right password', async () => {
      const { body } = await registerCompany(t);
      const agent = new Agent(t);
      for (let i = 0; i < 2; i++) {
        expect(
          (await agent.inject({ method: 'POST', url: url('/auth/login'), payload: { login: body.user.email, password: 'wrong password' } }))
            .statusCode,
        ).toBe(401);
      }
      expect(
        (await agent.inject({ method: 'POST', url: url('/auth/login'), payload: { login: body.user.email, password: 'wrong password' } })).statusCode,
      ).toBe(423);
      const right = await agent.inject({
        method: 'POST',
        url: url('/auth/login'),
        payload: { login: body.user.email, password: body.user.password },
      });
      expect(right.statusCode).toBe(423);
      expect(right.json().code).toBe('ACCOUNT_LOCKED');
    });

    it('ends the session at logout', async () => {
      const { agent } = await registerCompany(t);
      expect((await agent.inject({ url: url('/companies/me') })).statusCode).toBe(200);
      expect((await agent.inject({ method: 'POST', url: url('/auth/logout') })).statusCode).toBe(204);
      expect((await agent.inject({ url: url('/auth/session') })).statusCode).toBe(401);
      expect((await agent.inject({ url: url('/companies/me') })).statusCode).toBe(401);
    });
  });

  describe('CSRF', () => {
    it('refuses a state-changing request without the token, with a wrong token, or from another origin', async () => {
      const { body } = await registerCompany(t);
      const payload = { login: body.user.email, password: body.user.password };
      const none = await t.app.inject({ method: 'POST', url: url('/auth/login'), payload });
      expect(none.statusCode).toBe(403);
      expect(none.json().code).toBe('CSRF');

      const agent = new Agent(t);
      await agent.fetchCsrf();
      const wrong = await agent.inject({ method: 'POST', url: url('/auth/login'), payload, headers: { 'x-csrf-token': 'x'.repeat(43) } });
      expect(wrong.json().code).toBe('CSRF');
      const foreign = await agent.inject({ method: 'POST', url: url('/auth/login'), payload, headers: { origin: 'https://evil.example' } });
      expect(foreign.json().code).toBe('CSRF');
      expect(await count('sessions')).toBeGreaterThanOrEqual(0);
      const ok = await agent.inject({ method: 'POST', url: url('/auth/login'), payload });
      expect(ok.statusCode).toBe(200);
    });
  });

  describe('password reset', () => {
    it('answers the same whether or not the account exists, and mails a link only to a real one', async () => {
      const { body } = await registerCompany(t);
      const outbox = await count('outbox');
      const agent = new Agent(t);
      const started = Date.now();
      const known = await agent.inject({ method: 'POST', url: url('/auth/forgot-password'), payload: { email: body.user.email } });
      const knownMs = Date.now() - started;
      const started2 = Date.now();
      const unknown = await agent.inject({ method: 'POST', url: url('/auth/forgot-password'), payload: { email: 'ghost@example.test' } });
      const unknownMs = Date.now() - started2;
      expect(known.statusCode).toBe(202);
      expect(unknown.statusCode).toBe(202);
      expect(known.body).toBe(unknown.body);
      // both padded to the same floor (600 ms), so timing does not tell them apart
      expect(Math.min(knownMs, unknownMs)).toBeGreaterThanOrEqual(590);
      expect(await count('outbox')).toBe(outbox + 1);
      const mail = await t.db.kysely
        .selectFrom('outbox')
        .selectAll()
        .where('toAddress', '=', body.user.email)
        .orderBy('createdAt', 'desc')
        .executeTakeFirstOrThrow();
      expect(mail.subject).toBe('Bansi: set a new password');
      expect(mail.textBody).toContain(`${t.config.PUBLIC_URL}/reset-password/`);
    });

    it('never builds the link from the Host header', async () => {
      const { body } = await registerCompany(t);
      await new Agent(t).inject({
        method: 'POST',
        url: url('/auth/forgot-password'),
        payload: { email: body.user.email },
        headers: { host: 'evil.example' },
      });
      const mail = await t.db.kysely
        .selectFrom('outbox')
        .selectAll()
        .where('toAddress', '=', body.user.email)
        .orderBy('createdAt', 'desc')
        .executeTakeFirstOrThrow();
      expect(mail.textBody).not.toContain('evil.example');
    });

    it('sets a new password once, ends every session, does not log in, and refuses reuse', async () => {
      const { agent, body } = await registerCompany(t);
      const other = await new Agent(t).login(body.user.email, body.user.password);
      await new Agent(t).inject({ method: 'POST', url: url('/auth/forgot-password'), payload: { email: body.user.email } });
      const token = await lastMailToken(t, body.user.email);
      expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
      const stored = await t.db.kysely.selectFrom('userTokens').select('tokenHash').execute();
      expect(stored.some((s) => s.tokenHash === token)).toBe(false);

      const resetter = new Agent(t);
      const weak = await resetter.inject({ method: 'POST', url: url('/auth/reset-password'), payload: { token, password: 'qwerty123' } });
      expect(weak.json()).toMatchObject({ code: 'WEAK_PASSWORD' });
      const ok = await resetter.inject({
        method: 'POST',
        url: url('/auth/reset-password'),
        payload: { token, password: 'a brand new long password' },
      });
      expect(ok.statusCode).toBe(204);
      expect(resetter.cookie('bansi_session')).toBeUndefined();
      expect((await agent.inject({ url: url('/auth/session') })).statusCode).toBe(401);
      expect((await other.inject({ url: url('/auth/session') })).statusCode).toBe(401);
      const reuse = await resetter.inject({
        method: 'POST',
        url: url('/auth/reset-password'),
        payload: { token, password: 'yet another long password' },
      });
      expect(reuse.json()).toMatchObject({ code: 'TOKEN_INVALID' });
      await new Agent(t).login(body.user.email, 'a brand new long password');
      await expect(new Agent(t).login(body.user.email, body.user.password)).rejects.toThrow();
    });

    it('confirms a changed password by mail in the account\'s language ("if this was not you…"), and only a change', async () => {
      const { body } = await registerCompany(t, { user: { language: 'lo' } });
      const mails = () => t.db.kysely.selectFrom('outbox').selectAll().where('toAddress', '=', body.user.email).orderBy('createdAt', 'asc').execute();
      await new Agent(t).inject({ method: 'POST', url: url('/auth/forgot-password'), payload: { email: body.user.email } });
      const token = await lastMailToken(t, body.user.email);
      const before = (await mails()).length;
      const weak = await new Agent(t).inject({ method: 'POST', url: url('/auth/reset-password'), payload: { token, password: 'qwerty123' } });
      expect(weak.statusCode).toBe(400);
      expect(await mails()).toHaveLength(before);
      const ok = await new Agent(t).inject({
        method: 'POST',
        url: url('/auth/reset-password'),
        headers: { 'accept-language': 'en' },
        payload: { token, password: 'a brand new long password' },
      });
      expect(ok.statusCode).toBe(204);
      const all = await mails();
      expect(all).toHaveLength(before + 1);
      const confirmation = all.at(-1)!;
      expect(confirmation.subject).toBe('ບັນຊີ: ລະຫັດຜ່ານຂອງທ່ານຖືກປ່ຽນແລ້ວ');
      expect(confirmation.textBody).toContain('ຖ້າບໍ່ແມ່ນທ່ານ');
      expect(confirmation.textBody).toContain(`${t.config.PUBLIC_URL}/forgot-password`);
      expect(confirmation.textBody).not.toContain('/reset-password/');
    });

    it('refuses an expired link', async () => {
      const { body } = await registerCompany(t);
      await new Agent(t).inject({ method: 'POST', url: url('/auth/forgot-password'), payload: { email: body.user.email } });
      const token = await lastMailToken(t, body.user.email);
      await t.db.kysely
        .updateTable('userTokens')
        .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
        .where('kind', '=', 'reset')
        .execute();
      const res = await new Agent(t).inject({
        method: 'POST',
        url: url('/auth/reset-password'),
        payload: { token, password: 'a brand new long password' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('TOKEN_INVALID');
    });
  });

  describe('a signed-in password change', () => {
    const change = (agent: Agent, payload: object, lang = 'en') =>
      agent.inject({ method: 'POST', url: url('/auth/password'), headers: { 'accept-language': lang }, payload });

    it("needs the current password, keeps this session, ends the others and mails the owner in the account's language", async () => {
      const { body } = await registerCompany(t, { user: { language: 'lo' } });
      const { email, password } = body.user;
      const here = await new Agent(t).login(email, password);
      const elsewhere = await new Agent(t).login(email, password);
      const mails = () => t.db.kysely.selectFrom('outbox').selectAll().where('toAddress', '=', email).orderBy('createdAt', 'asc').execute();
      const before = (await mails()).length;

      // A wrong current password is a field error in the screen's language, and nothing changes.
      const wrong = await change(here, { currentPassword: 'not my password', password: 'a brand new long password' }, 'lo');
      expect(wrong.statusCode).toBe(400);
      const problem = Problem.parse(wrong.json());
      expect(problem.code).toBe('WRONG_PASSWORD');
      expect(problem.errors?.map((e) => [e.path, e.message])).toEqual([['body.currentPassword', 'ນີ້ບໍ່ແມ່ນລະຫັດຜ່ານປັດຈຸບັນຂອງທ່ານ.']]);
      // A weak new one is refused the same way as on a reset link.
      const weak = await change(here, { currentPassword: password, password: 'Bansi-2024!' });
      expect(weak.statusCode).toBe(400);
      expect(weak.json().code).toBe('WEAK_PASSWORD');
      expect(await mails()).toHaveLength(before);
      await new Agent(t).login(email, password);

      const ok = await change(here, { currentPassword: password, password: 'a brand new long password' });
      expect(ok.statusCode).toBe(204);
      // The old password no longer opens the account; the new one does.
      await expect(new Agent(t).login(email, password)).rejects.toThrow();
      await new Agent(t).login(email, 'a brand new long password');
      // This browser stays signed in; the other one is signed out.
      expect((await here.inject({ url: url('/auth/session') })).statusCode).toBe(200);
      expect((await elsewhere.inject({ url: url('/auth/session') })).statusCode).toBe(401);
      // One confirmation mail, in the account's language (Lao), whatever the request's language.
      const all = await mails();
      expect(all).toHaveLength(before + 1);
      expect(all.at(-1)!.subject).toBe('ບັນຊີ: ລະຫັດຜ່ານຂອງທ່ານຖືກປ່ຽນແລ້ວ');
      expect(all.at(-1)!.textBody).toContain('ຖ້າບໍ່ແມ່ນທ່ານ');
      // The audit log holds the change, by the owner, about the owner.
      const audit = await t.db.kysely
        .selectFrom('auditLog')
        .select(['actorUserId', 'subjectId'])
        .where('action', '=', 'auth.password_change')
        .where('subjectId', '=', here.userId)
        .execute();
      expect(audit).toEqual([{ actorUserId: here.userId, subjectId: here.userId }]);
    });

    it('is for a signed-in account only, staff included', async () => {
      const visitor = await new Agent(t).inject({
        method: 'POST',
        url: url('/auth/password'),
        payload: { currentPassword: 'x', password: 'a brand new long password' },
      });
      expect(visitor.statusCode).toBe(401);
      for (const kind of ['staff', 'company'] as const) {
        const res = await change(await loginAs(t, kind), { currentPassword: 'wrong one', password: 'a brand new long password' });
        expect(res.json().code, kind).toBe('WRONG_PASSWORD');
      }
    });
  });

  describe('sessions time out', () => {
    it('ends a session idle for longer than the idle time-out', async () => {
      const { agent } = await registerCompany(t);
      await t.db.kysely
        .updateTable('sessions')
        .set({ lastSeenAt: new Date(Date.now() - (t.config.SESSION_IDLE_MINUTES + 1) * 60_000).toISOString() })
        .where('userId', '=', agent.userId!)
        .execute();
      expect((await agent.inject({ url: url('/auth/session') })).statusCode).toBe(401);
    });
    it('ends a session past its absolute time-out even when active', async () => {
      const { agent } = await registerCompany(t);
      await t.db.kysely
        .updateTable('sessions')
        .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
        .where('userId', '=', agent.userId!)
        .execute();
      expect((await agent.inject({ url: url('/auth/session') })).statusCode).toBe(401);
    });
  });
});

describe(`rate limits (${dialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_AUTH_PER_MINUTE: '3' });
  });
  afterAll(() => t.close());

  it.each(['/auth/login', '/auth/forgot-password', '/auth/register'])('answers 429 on %s past the limit', async (path) => {
    const agent = new Agent(t);
    const payload = path === '/auth/login' ? { login: 'a@b.test', password: 'x' } : { email: 'a@b.test' };
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await agent.inject({ method: 'POST', url: url(path), payload })).statusCode);
    expect(statuses[3]).toBe(429);
    const last = await agent.inject({ method: 'POST', url: url(path), payload, headers: { 'accept-language': 'lo' } });
    expect(last.json()).toMatchObject({ code: 'RATE_LIMITED', title: 'ພະຍາຍາມຫຼາຍເທື່ອເກີນໄປ. ກະລຸນາລໍຖ້າບຶດໜຶ່ງແລ້ວລອງໃໝ່.' });
  });
});
