import { API_BASE } from '@bansi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCompanyUser, Agent, createTestApp, dialect, loginAs, registerCompany, type TestApp } from './helpers';
import { filesAccessCases } from './access-cases/files.cases';
import { submissionsAccessCases } from './access-cases/submissions.cases';
import { contentAccessCases } from './access-cases/content.cases';
import { libraryAccessCases } from './access-cases/library.cases';
import { staffAdminOnlyRoutes } from './access-cases/audit.cases';
import { paymentsAccessCases } from './access-cases/payments.cases';
import { bookingsAccessCases } from './access-cases/bookings.cases';
import { qrAccessCases } from './access-cases/qr.cases';
import { notesAccessCases } from './access-cases/notes.cases';

/**
 * Access matrix (DESIGN §1, §7): a company never reaches another company's rows. Every company route
 * that takes an id must have a case here; the test fails for a route that has none, so a new route
 * cannot skip this check. Each case makes a row of company A and says how to see that nothing changed.
 */
interface MatrixCase {
  /** creates A's row and returns the path parameters that name it */
  arrange(ctx: { t: TestApp; a: Agent }): Promise<{ params: Record<string, string>; body?: unknown; unchanged(): Promise<void> }>;
}

const cases: Record<string, MatrixCase> = {
  ...filesAccessCases,
  ...submissionsAccessCases,
  ...contentAccessCases,
  ...libraryAccessCases,
  ...paymentsAccessCases,
  ...bookingsAccessCases,
  ...qrAccessCases,
  ...notesAccessCases,
  [`DELETE ${API_BASE}/companies/me/members/:id`]: {
    async arrange({ t, a }) {
      const colleague = await addCompanyUser(t, a);
      return {
        params: { id: colleague.userId! },
        async unchanged() {
          // Removal keeps the row (authorship) and disables it: unchanged means still enabled.
          const row = await t.db.kysely.selectFrom('users').select(['id', 'disabledAt']).where('id', '=', colleague.userId!).executeTakeFirst();
          expect(row).toMatchObject({ disabledAt: null });
        },
      };
    },
  },
};

/** Extra matrix cases registered by feature test files (they import and add to this map). */
export { cases as accessMatrixCases };

const fill = (url: string, params: Record<string, string>) =>
  url.replace(/:(\w+)/g, (_, name: string) => params[name] ?? '00000000-0000-4000-8000-000000000000');
const dummy = (url: string) => fill(url, {});

describe(`access matrix (${dialect})`, () => {
  let t: TestApp;
  let a: Agent;
  let b: Agent;
  beforeAll(async () => {
    t = await createTestApp();
    a = (await registerCompany(t)).agent;
    b = (await registerCompany(t)).agent;
  });
  afterAll(() => t.close());

  it('declares an audience on every API route', () => {
    expect(t.app.routeTable.length).toBeGreaterThan(10);
    for (const route of t.app.routeTable) expect(route.audience, `${route.method} ${route.url}`).toBeTruthy();
  });

  it('refuses a visitor on every route that is not public (401)', async () => {
    const visitor = new Agent(t);
    for (const route of t.app.routeTable.filter((r) => r.audience !== 'public')) {
      const res = await visitor.inject({
        method: route.method,
        url: dummy(route.url),
        payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('refuses a company user on every staff route (403)', async () => {
    for (const route of t.app.routeTable.filter((r) => r.audience === 'staff' || r.audience === 'staffAdmin')) {
      const res = await a.inject({
        method: route.method,
        url: dummy(route.url),
        payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });

  it('refuses a staff reviewer on every staff-admin route (403)', async () => {
    const reviewer = await loginAs(t, 'staff');
    for (const route of t.app.routeTable.filter((r) => r.audience === 'staffAdmin')) {
      const res = await reviewer.inject({
        method: route.method,
        url: dummy(route.url),
        payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });

  it('keeps the audit log and the jobs to staff admins (declared staffAdmin, so the 403 cases above cover them)', () => {
    const declared = new Map(t.app.routeTable.map((r) => [`${r.method} ${r.url}`, r.audience]));
    for (const key of staffAdminOnlyRoutes) expect(declared.get(key), key).toBe('staffAdmin');
  });

  it('refuses a plain company user on every company-admin route (403)', async () => {
    const plain = await addCompanyUser(t, a);
    for (const route of t.app.routeTable.filter((r) => r.audience === 'companyAdmin')) {
      const res = await plain.inject({
        method: route.method,
        url: dummy(route.url),
        payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });

  it('has a case for every company route that names a row by id', () => {
    const needing = t.app.routeTable.filter((r) => (r.audience === 'company' || r.audience === 'companyAdmin') && r.url.includes(':'));
    const missing = needing.map((r) => `${r.method} ${r.url}`).filter((key) => !cases[key]);
    expect(missing, 'add these routes to the access matrix').toEqual([]);
  });

  it("answers 404 to another company's ids and changes nothing", async () => {
    for (const [key, matrixCase] of Object.entries(cases)) {
      const [method, url] = key.split(' ') as [string, string];
      const { params, body, unchanged } = await matrixCase.arrange({ t, a });
      const res = await b.inject({ method, url: fill(url, params), payload: body as object | undefined });
      expect(res.statusCode, key).toBe(404);
      await unchanged();
    }
    // Each case arranges its own rows (a submission, a booking, an invoice …): the whole walk outgrows the default 30 s.
  }, 180_000);

  it('scopes /companies/me to the caller', async () => {
    const mine = await b.inject({ url: `${API_BASE}/companies/me` });
    expect(mine.json().id).toBe(b.companyId);
    const members = await b.inject({ url: `${API_BASE}/companies/me/members` });
    expect(members.json().items.every((m: { id: string }) => m.id !== a.userId)).toBe(true);
  });
});
