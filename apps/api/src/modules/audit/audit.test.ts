import { randomBytes } from 'node:crypto';
import { API_BASE, AuditPage } from '@bansi/shared';
import type { Response as InjectResponse } from 'light-my-request';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  Agent,
  createTestApp,
  dialect,
  lastMailToken,
  loginAs,
  referenceId,
  registerCompany,
  registrationBody,
  type TestApp,
} from '../../../test/helpers';
import { api, readySubmission, staffAction, submit, uploadInto } from '../../../test/submissions';
import { newTestOwner, registerTestOwner, TEST_OWNER, uploadWhole } from '../../../test/tus';
import { recordAudit, systemActor } from './audit.service';

interface Expected {
  /** the response of the request that made the change */
  res: InjectResponse | null;
  actorUserId: string | null;
  actorRole: string;
  subject: { kind: string; id: string };
  companyId: string | null;
}

interface AuditCase {
  action: string;
  run(): Promise<Expected>;
}

const pdf = (label: string) => Buffer.concat([Buffer.from(`%PDF-1.7\n% ${label}\n`), randomBytes(800), Buffer.from('\n%%EOF')]);

/** A multipart/form-data body as a browser's FormData sends it (library uploads). */
function multipart(values: Record<string, string>, file: { name: string; data: Buffer; filename: string }) {
  const boundary = `----audit${randomBytes(6).toString('hex')}`;
  const parts: Buffer[] = Object.entries(values).map(([k, v]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe(`audit log (${dialect})`, () => {
  let t: TestApp;
  let admin: Agent;
  const url = (path: string) => `${API_BASE}${path}`;

  beforeAll(async () => {
    t = await createTestApp();
    registerTestOwner();
    admin = await loginAs(t, 'staffAdmin');
  });
  afterAll(() => t.close());

  // State the cases hand on to each other, in order.
  const s: {
    companyId?: string;
    email?: string;
    password?: string;
    user?: Agent;
    invitedId?: string;
    invitedEmail?: string;
    staffId?: string;
    fileId?: string;
    ownerId?: string;
    libraryId?: string;
    submissionId?: string;
    version?: number;
    reviewer?: Agent;
    other?: { agent: Agent; companyId: string; submissionId: string; version: number };
    postId?: string;
  } = {};
  const post = (payload: object) => admin.inject({ method: 'POST', url: url('/staff/posts'), payload });
  const act = (id: string, action: string, payload?: object) =>
    admin.inject({ method: 'POST', url: url(`/staff/posts/${id}/${action}`), ...(payload ? { payload } : {}) });

  const cases: AuditCase[] = [
    {
      action: 'company.register',
      async run() {
        const body = await registrationBody(t);
        const res = await new Agent(t).inject({ method: 'POST', url: url('/auth/register'), payload: body });
        expect(res.statusCode).toBe(201);
        s.companyId = res.json().companyId;
        s.email = body.user.email;
        s.password = body.user.password;
        const user = await t.db.kysely.selectFrom('users').select('id').where('email', '=', s.email!).executeTakeFirstOrThrow();
        return { res, actorUserId: user.id, actorRole: 'company_admin', subject: { kind: 'company', id: s.companyId! }, companyId: s.companyId! };
      },
    },
    {
      action: 'auth.login',
      async run() {
        s.user = new Agent(t);
        const res = await s.user.inject({ method: 'POST', url: url('/auth/login'), payload: { login: s.email, password: s.password } });
        expect(res.statusCode).toBe(200);
        s.user.userId = res.json().user.id;
        return {
          res,
          actorUserId: s.user.userId,
          actorRole: 'company_admin',
          subject: { kind: 'user', id: s.user.userId! },
          companyId: s.companyId!,
        };
      },
    },
    {
      action: 'auth.login_failed',
      async run() {
        const res = await new Agent(t).inject({
          method: 'POST',
          url: url('/auth/login'),
          payload: { login: s.email, password: 'not the password at all' },
        });
        expect(res.statusCode).toBe(401);
        return { res, actorUserId: null, actorRole: 'visitor', subject: { kind: 'user', id: s.user!.userId! }, companyId: s.companyId! };
      },
    },
    {
      action: 'company.update',
      async run() {
        const res = await s.user!.inject({ method: 'PATCH', url: url('/companies/me'), payload: { company: { phone: '+856 21 999 999' } } });
        expect(res.statusCode).toBe(200);
        return {
          res,
          actorUserId: s.user!.userId,
          actorRole: 'company_admin',
          subject: { kind: 'company', id: s.companyId! },
          companyId: s.companyId!,
        };
      },
    },
    {
      action: 'company.member_invite',
      async run() {
        s.invitedEmail = `invited-${randomBytes(4).toString('hex')}@example.test`;
        const res = await s.user!.inject({ method: 'POST', url: url('/invitations'), payload: { name: 'Colleague', email: s.invitedEmail } });
        expect(res.statusCode).toBe(201);
        s.invitedId = res.json().id;
        return { res, actorUserId: s.user!.userId, actorRole: 'company_admin', subject: { kind: 'user', id: s.invitedId! }, companyId: s.companyId! };
      },
    },
    {
      action: 'auth.invitation_accept',
      async run() {
        const token = await lastMailToken(t, s.invitedEmail!);
        const res = await new Agent(t).inject({
          method: 'POST',
          url: url('/auth/reset-password'),
          payload: { token, password: 'a colleague chooses this one' },
        });
        expect(res.statusCode).toBe(204);
        return { res, actorUserId: s.invitedId!, actorRole: 'company_user', subject: { kind: 'user', id: s.invitedId! }, companyId: s.companyId! };
      },
    },
    {
      action: 'company.member_remove',
      async run() {
        const res = await s.user!.inject({ method: 'DELETE', url: url(`/companies/me/members/${s.invitedId}`) });
        expect(res.statusCode).toBe(204);
        return { res, actorUserId: s.user!.userId, actorRole: 'company_admin', subject: { kind: 'user', id: s.invitedId! }, companyId: s.companyId! };
      },
    },
    {
      action: 'auth.password_reset_request',
      async run() {
        const res = await new Agent(t).inject({ method: 'POST', url: url('/auth/forgot-password'), payload: { email: s.email } });
        expect(res.statusCode).toBe(202);
        return { res, actorUserId: null, actorRole: 'visitor', subject: { kind: 'user', id: s.user!.userId! }, companyId: s.companyId! };
      },
    },
    {
      action: 'auth.password_reset',
      async run() {
        const token = await lastMailToken(t, s.email!);
        s.password = 'a brand new password for the audit';
        const res = await new Agent(t).inject({ method: 'POST', url: url('/auth/reset-password'), payload: { token, password: s.password } });
        expect(res.statusCode).toBe(204);
        return {
          res,
          actorUserId: s.user!.userId,
          actorRole: 'company_admin',
          subject: { kind: 'user', id: s.user!.userId! },
          companyId: s.companyId!,
        };
      },
    },
    {
      action: 'auth.logout',
      async run() {
        await s.user!.login(s.email!, s.password!);
        const res = await s.user!.inject({ method: 'POST', url: url('/auth/logout') });
        expect(res.statusCode).toBe(204);
        await s.user!.login(s.email!, s.password!);
        return {
          res,
          actorUserId: s.user!.userId,
          actorRole: 'company_admin',
          subject: { kind: 'user', id: s.user!.userId! },
          companyId: s.companyId!,
        };
      },
    },
    {
      action: 'file.upload',
      async run() {
        s.ownerId = newTestOwner(s.companyId!);
        const { id, last } = await uploadWhole(
          s.user!,
          { ownerKind: TEST_OWNER, ownerId: s.ownerId, slot: 'balance-sheet', filename: 'v1.pdf' },
          pdf('v1'),
        );
        expect(last.statusCode).toBe(204);
        s.fileId = id!;
        return { res: last, actorUserId: s.user!.userId, actorRole: 'company_admin', subject: { kind: 'file', id: id! }, companyId: s.companyId! };
      },
    },
    {
      action: 'file.replace',
      async run() {
        const { id, last } = await uploadWhole(
          s.user!,
          { ownerKind: TEST_OWNER, ownerId: s.ownerId!, slot: 'balance-sheet', filename: 'v2.pdf' },
          pdf('v2'),
        );
        expect(last.statusCode).toBe(204);
        return { res: last, actorUserId: s.user!.userId, actorRole: 'company_admin', subject: { kind: 'file', id: id! }, companyId: s.companyId! };
      },
    },
    {
      action: 'staff_account.create',
      async run() {
        const res = await admin.inject({
          method: 'POST',
          url: url('/staff/accounts'),
          payload: { name: 'New Reviewer', email: `rev-${randomBytes(4).toString('hex')}@bansi.test`, role: 'staff_reviewer' },
        });
        expect(res.statusCode).toBe(201);
        s.staffId = res.json().id;
        return { res, actorUserId: admin.userId, actorRole: 'staff_admin', subject: { kind: 'user', id: s.staffId! }, companyId: null };
      },
    },
    {
      action: 'staff_account.disable',
      async run() {
        const res = await admin.inject({ method: 'DELETE', url: url(`/staff/accounts/${s.staffId}`) });
        expect(res.statusCode).toBe(204);
        return { res, actorUserId: admin.userId, actorRole: 'staff_admin', subject: { kind: 'user', id: s.staffId! }, companyId: null };
      },
    },
    {
      action: 'reference.sme_threshold_create',
      async run() {
        const cell = {
          sector: 'services',
          size: 'micro',
          criterion: 'labour',
          upperBound: 5,
          upperInclusive: true,
          effectiveFrom: '2031-01-01',
          sourceNote: 'TEST DATA — invented',
        };
        const res = await admin.inject({ method: 'POST', url: url('/staff/sme-thresholds'), payload: cell });
        expect(res.statusCode).toBe(201);
        return {
          res,
          actorUserId: admin.userId,
          actorRole: 'staff_admin',
          subject: { kind: 'sme_threshold_cell', id: res.json().id },
          companyId: null,
        };
      },
    },
    {
      action: 'library.create',
      async run() {
        const body = multipart(
          { category: 'law', titleLo: 'ກົດໝາຍ', titleEn: 'Law', version: '2013', documentDate: '2013-12-26', published: 'false' },
          { name: 'fileBoth', data: pdf('law'), filename: 'law.pdf' },
        );
        const res = await admin.inject({ method: 'POST', url: url('/staff/library'), ...body });
        expect(res.statusCode).toBe(201);
        s.libraryId = res.json().id;
        return { res, actorUserId: admin.userId, actorRole: 'staff_admin', subject: { kind: 'library_document', id: s.libraryId! }, companyId: null };
      },
    },
    {
      action: 'library.update',
      async run() {
        const res = await admin.inject({ method: 'PATCH', url: url(`/staff/library/${s.libraryId}`), payload: { published: true } });
        expect(res.statusCode).toBe(200);
        return { res, actorUserId: admin.userId, actorRole: 'staff_admin', subject: { kind: 'library_document', id: s.libraryId! }, companyId: null };
      },
    },
    {
      action: 'library.version_add',
      async run() {
        const body = multipart(
          { version: '2024', documentDate: '2024-07-01' },
          { name: 'fileBoth', data: pdf('law 2024'), filename: 'law-2024.pdf' },
        );
        const res = await admin.inject({ method: 'POST', url: url(`/staff/library/${s.libraryId}/versions`), ...body });
        expect(res.statusCode).toBe(201);
        return { res, actorUserId: admin.userId, actorRole: 'staff_admin', subject: { kind: 'library_document', id: s.libraryId! }, companyId: null };
      },
    },
    {
      action: 'submission.create',
      async run() {
        const res = await s.user!.inject({ method: 'POST', url: api('/submissions'), payload: { bookYear: t.config.BOOK_YEAR } });
        expect(res.statusCode).toBe(201);
        s.submissionId = res.json().id;
        s.version = res.json().version;
        return {
          res,
          actorUserId: s.user!.userId,
          actorRole: 'company_admin',
          subject: { kind: 'submission', id: s.submissionId! },
          companyId: s.companyId!,
        };
      },
    },
    {
      action: 'submission.update',
      async run() {
        const res = await s.user!.inject({
          method: 'PATCH',
          url: api(`/submissions/${s.submissionId}`),
          payload: {
            version: s.version,
            departmentId: await referenceId(t, 'departments', 'retail'),
            averageLabour: 12,
            totalAssets: 850_000_000,
            annualIncome: 1_250_000_000,
          },
        });
        expect(res.statusCode).toBe(200);
        for (const slot of ['balance-sheet', 'income-statement', 'cash-flow', 'notes'])
          expect((await uploadInto(s.user!, s.submissionId!, slot)).last.statusCode).toBe(204);
        return {
          res,
          actorUserId: s.user!.userId,
          actorRole: 'company_admin',
          subject: { kind: 'submission', id: s.submissionId! },
          companyId: s.companyId!,
        };
      },
    },
    {
      action: 'submission.submit',
      async run() {
        const current = await s.user!.inject({ url: api(`/submissions/${s.submissionId}`) });
        const res = await submit(s.user!, { id: s.submissionId!, version: current.json().version });
        expect(res.statusCode).toBe(200);
        s.version = res.json().version;
        return {
          res,
          actorUserId: s.user!.userId,
          actorRole: 'company_admin',
          subject: { kind: 'submission', id: s.submissionId! },
          companyId: s.companyId!,
        };
      },
    },
    {
      action: 'submission.start_review',
      async run() {
        s.reviewer = await loginAs(t, 'staff');
        const res = await staffAction(s.reviewer, s.submissionId!, 'start-review', { version: s.version });
        expect(res.statusCode).toBe(200);
        s.version = res.json().version;
        return {
          res,
          actorUserId: s.reviewer.userId,
          actorRole: 'staff_reviewer',
          subject: { kind: 'submission', id: s.submissionId! },
          companyId: s.companyId!,
        };
      },
    },
    {
      action: 'submission.comment',
      async run() {
        const res = await staffAction(s.reviewer!, s.submissionId!, 'comments', { version: s.version, body: 'Thank you.' });
        expect(res.statusCode).toBe(201);
        return {
          res,
          actorUserId: s.reviewer!.userId,
          actorRole: 'staff_reviewer',
          subject: { kind: 'submission', id: s.submissionId! },
          companyId: s.companyId!,
        };
      },
    },
    {
      action: 'submission.return',
      async run() {
        const res = await staffAction(s.reviewer!, s.submissionId!, 'return', {
          version: s.version,
          reasons: 'The cash-flow statement does not add up.',
        });
        expect(res.statusCode).toBe(200);
        return {
          res,
          actorUserId: s.reviewer!.userId,
          actorRole: 'staff_reviewer',
          subject: { kind: 'submission', id: s.submissionId! },
          companyId: s.companyId!,
        };
      },
    },
    {
      action: 'submission.accept',
      async run() {
        const { agent, companyId } = await registerCompany(t);
        const ready = await readySubmission(t, agent, t.config.BOOK_YEAR);
        const submitted = await submit(agent, ready);
        const review = await staffAction(s.reviewer!, ready.id, 'start-review', { version: submitted.json().version });
        const res = await staffAction(s.reviewer!, ready.id, 'accept', { version: review.json().version });
        expect(res.statusCode).toBe(200);
        return { res, actorUserId: s.reviewer!.userId, actorRole: 'staff_reviewer', subject: { kind: 'submission', id: ready.id }, companyId };
      },
    },
    {
      action: 'content.create',
      async run() {
        const res = await post({ slug: 'audited', category: 'news', titleLo: 'ຂ່າວ', bodyLo: '<p>ເນື້ອໃນ</p>' });
        expect(res.statusCode).toBe(201);
        s.postId = res.json().id;
        return { res, actorUserId: admin.userId, actorRole: 'staff_admin', subject: { kind: 'post', id: s.postId! }, companyId: null };
      },
    },
    {
      action: 'content.update',
      async run() {
        const res = await admin.inject({ method: 'PATCH', url: url(`/staff/posts/${s.postId}`), payload: { titleEn: 'News' } });
        expect(res.statusCode).toBe(200);
        return { res, actorUserId: admin.userId, actorRole: 'staff_admin', subject: { kind: 'post', id: s.postId! }, companyId: null };
      },
    },
    {
      action: 'content.schedule',
      async run() {
        const res = await act(s.postId!, 'schedule', { publishAt: new Date(Date.now() + 3_600_000).toISOString() });
        expect(res.statusCode).toBe(200);
        return { res, actorUserId: admin.userId, actorRole: 'staff_admin', subject: { kind: 'post', id: s.postId! }, companyId: null };
      },
    },
    {
      action: 'content.publish',
      async run() {
        // The scheduled post's time comes: the publish job (the system) publishes it.
        vi.useFakeTimers({ toFake: ['Date'] });
        vi.setSystemTime(Date.now() + 2 * 3_600_000);
        expect(await t.app.jobs.runDue({ kinds: ['content.publish'] })).toBe(1);
        vi.useRealTimers();
        return { res: null, actorUserId: null, actorRole: 'system', subject: { kind: 'post', id: s.postId! }, companyId: null };
      },
    },
    {
      action: 'content.unpublish',
      async run() {
        const res = await act(s.postId!, 'unpublish');
        expect(res.statusCode).toBe(200);
        return { res, actorUserId: admin.userId, actorRole: 'staff_admin', subject: { kind: 'post', id: s.postId! }, companyId: null };
      },
    },
    {
      action: 'content.delete',
      async run() {
        const res = await admin.inject({ method: 'DELETE', url: url(`/staff/posts/${s.postId}`) });
        expect(res.statusCode).toBe(204);
        return { res, actorUserId: admin.userId, actorRole: 'staff_admin', subject: { kind: 'post', id: s.postId! }, companyId: null };
      },
    },
  ];

  for (const c of cases) {
    it(`${c.action} leaves exactly one entry with actor, subject, company and request id`, async () => {
      const expected = await c.run();
      const entries = await t.db.kysely
        .selectFrom('auditLog')
        .selectAll()
        .where('action', '=', c.action)
        .where('subjectKind', '=', expected.subject.kind)
        .where('subjectId', '=', expected.subject.id)
        .execute();
      expect(entries).toHaveLength(1);
      const entry = entries[0]!;
      expect({
        actorUserId: entry.actorUserId,
        actorRole: entry.actorRole,
        companyId: entry.companyId,
        requestId: entry.requestId,
      }).toEqual({
        actorUserId: expected.actorUserId,
        actorRole: expected.actorRole,
        companyId: expected.companyId,
        requestId: expected.res ? expected.res.headers['x-request-id'] : null,
      });
      if (expected.res) expect(entry.address).toBeTruthy();
    });
  }

  it('never stores a password or token in the details', async () => {
    const all = await t.db.kysely.selectFrom('auditLog').select('details').execute();
    const text = all.map((r) => r.details ?? '').join('\n');
    expect(text).not.toContain(s.password!);
    expect(text).not.toMatch(/password|token/i);
  });

  it('is append-only: the database refuses to change or remove an entry', async () => {
    const before = await t.db.kysely
      .selectFrom('auditLog')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    await expect(t.db.kysely.updateTable('auditLog').set({ action: 'auth.nothing' }).execute()).rejects.toThrow(/append-only/);
    await expect(t.db.kysely.deleteFrom('auditLog').execute()).rejects.toThrow(/append-only/);
    const after = await t.db.kysely
      .selectFrom('auditLog')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  describe('GET /staff/audit', () => {
    const list = async (agent: Agent, query: string, lang = 'en') =>
      agent.inject({ url: url(`/staff/audit${query}`), headers: { 'accept-language': lang } });

    it('filters by action, area, actor, subject, company and time, newest first', async () => {
      const byAction = AuditPage.parse((await list(admin, '?action=auth.login')).json());
      expect(byAction.items.length).toBeGreaterThan(0);
      expect(byAction.items.every((i) => i.action === 'auth.login')).toBe(true);
      const times = byAction.items.map((i) => i.occurredAt);
      expect([...times].sort().reverse()).toEqual(times);

      const area = AuditPage.parse((await list(admin, '?action=library&limit=100')).json());
      expect(new Set(area.items.map((i) => i.action))).toEqual(new Set(['library.create', 'library.update', 'library.version_add']));

      const byActorEmail = AuditPage.parse((await list(admin, `?actor=${encodeURIComponent(s.email!)}&limit=100`)).json());
      expect(byActorEmail.items.length).toBeGreaterThan(3);
      expect(byActorEmail.items.every((i) => i.actor.email === s.email && i.actor.userId === s.user!.userId)).toBe(true);
      const byUnknownEmail = AuditPage.parse((await list(admin, `?actor=${encodeURIComponent('nobody@example.invalid')}`)).json());
      expect(byUnknownEmail).toEqual({ items: [], nextCursor: null });
      const visitors = AuditPage.parse((await list(admin, '?actor=visitor&limit=100')).json());
      expect(visitors.items.map((i) => i.action).sort()).toEqual(['auth.login_failed', 'auth.password_reset_request']);

      const bySubject = AuditPage.parse((await list(admin, `?subject=library_document:${s.libraryId}`)).json());
      expect(bySubject.items.map((i) => i.action)).toEqual(['library.version_add', 'library.update', 'library.create']);

      const byCompany = AuditPage.parse((await list(admin, `?companyId=${s.companyId}&limit=100`)).json());
      expect(byCompany.items.every((i) => i.companyId === s.companyId)).toBe(true);
      expect(byCompany.items.some((i) => i.action === 'company.register')).toBe(true);

      const future = AuditPage.parse((await list(admin, '?from=2099-01-01T00:00:00Z')).json());
      expect(future.items).toEqual([]);
      const past = AuditPage.parse((await list(admin, '?to=2000-01-01T00:00:00Z')).json());
      expect(past.items).toEqual([]);
    });

    it('pages with a cursor without losing or repeating an entry', async () => {
      const all = AuditPage.parse((await list(admin, '?limit=100')).json()).items.map((i) => i.id);
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: AuditPage = AuditPage.parse((await list(admin, `?limit=3${cursor ? `&cursor=${cursor}` : ''}`)).json());
        seen.push(...page.items.map((i) => i.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen).toEqual(all);
    });

    it('answers bad filters with a 400 in the caller language and refuses everyone but staff admins', async () => {
      const bad = await list(admin, '?from=yesterday', 'lo');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().title).toMatch(/[\u0E80-\u0EFF]/);
      expect((await list(admin, '?cursor=nonsense')).statusCode).toBe(400);
      expect((await list(await loginAs(t, 'staff'), '')).statusCode).toBe(403);
      expect((await list(await loginAs(t, 'company'), '')).statusCode).toBe(403);
      expect((await list(new Agent(t), '')).statusCode).toBe(401);
    });

    it('shows system entries (jobs, seeds) with the system role', async () => {
      await recordAudit(t.db.kysely, systemActor, 'content.publish', { kind: 'post', id: 'p-1' }, { companyId: null, details: { scheduled: true } });
      const page = AuditPage.parse((await list(admin, '?actor=system&action=content.publish&subject=post:p-1')).json());
      expect(page.items).toHaveLength(1);
      expect(page.items[0]).toMatchObject({
        actor: { role: 'system', userId: null },
        subject: { kind: 'post', id: 'p-1' },
        details: { scheduled: true },
      });
    });
  });
});
