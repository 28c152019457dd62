import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialect, loginAs, registerCompany, type Agent, type TestApp } from '../../../../test/helpers';
import { readySubmission, submit } from '../../../../test/submissions';
import type { Actor } from '../../../lib/actor';
import type { Principal } from '../../../plugins/access';
import { insertEvents } from '../submissions.repository';
import { newEvent } from '../submissions.events';
import { createSubmission } from './create-submission';
import { staffTransition } from './staff-transition';
import { updateSubmission } from './update-submission';

// The commands called directly (the HTTP behaviour is in submissions.test.ts): each change is one
// transaction, so a failure half-way leaves nothing behind.

describe(`submission commands (${dialect})`, () => {
  let t: TestApp;
  let company: Agent;
  let companyPrincipal: Principal;
  let staffPrincipal: Principal;

  beforeAll(async () => {
    t = await createTestApp();
    company = (await registerCompany(t)).agent;
    const staff = await loginAs(t, 'staff');
    companyPrincipal = { sessionId: 's1', userId: company.userId!, role: 'company_admin', companyId: company.companyId, language: 'lo' };
    staffPrincipal = { sessionId: 's2', userId: staff.userId!, role: 'staff_admin', companyId: null, language: 'lo' };
  });
  afterAll(() => t?.close());

  const actorOf = (p: Principal): Actor => ({ userId: p.userId, role: p.role, companyId: p.companyId, requestId: null, address: null });

  const row = (id: string) => t.db.kysely.selectFrom('submissions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const actions = async (id: string) =>
    (await t.db.kysely.selectFrom('reviewEvents').select('action').where('kind', '=', 'submission').where('subjectId', '=', id).execute()).map(
      (e) => e.action,
    );

  it('a staff transition whose effects fail changes neither the status, the version nor the timeline', async () => {
    const ready = await readySubmission(t, company, t.config.BOOK_YEAR);
    expect((await submit(company, ready)).statusCode).toBe(200);
    const before = await row(ready.id);
    const eventsBefore = await actions(ready.id);

    const failing = staffTransition(
      t.app.deps,
      staffPrincipal,
      actorOf(staffPrincipal),
      ready.id,
      Number(before.version),
      'startReview',
      async (trx, r, to, now, name) => {
        await insertEvents(trx, [newEvent(staffPrincipal, name, r.id, 'review_started', now, { fromStatus: r.status, toStatus: to })]);
        throw new Error('mail queue down');
      },
    );
    await expect(failing).rejects.toThrow('mail queue down');

    const after = await row(ready.id);
    expect({ status: after.status, version: Number(after.version) }).toEqual({ status: 'submitted', version: Number(before.version) });
    expect(await actions(ready.id)).toEqual(eventsBefore);
  });

  it('two first-creates at once give one draft and one "created" event', async () => {
    const { agent } = await registerCompany(t);
    const principal: Principal = { sessionId: 's3', userId: agent.userId!, role: 'company_admin', companyId: agent.companyId, language: 'lo' };
    const results = await Promise.all([
      createSubmission(t.app.deps, principal, actorOf(principal), t.config.BOOK_YEAR, 'en'),
      createSubmission(t.app.deps, principal, actorOf(principal), t.config.BOOK_YEAR, 'en'),
    ]);
    expect(results.map((r) => r.created).sort()).toEqual([false, true]);
    expect(results[0].detail.id).toBe(results[1].detail.id);
    expect(await actions(results[0].detail.id)).toEqual(['created']);
  });

  it('an update that changes nothing writes nothing', async () => {
    const { detail } = await createSubmission(t.app.deps, companyPrincipal, actorOf(companyPrincipal), t.config.BOOK_YEAR - 1, 'en');
    const again = await updateSubmission(
      t.app.deps,
      companyPrincipal,
      actorOf(companyPrincipal),
      detail.id,
      { version: detail.version, averageLabour: null },
      'en',
    );
    expect(again.version).toBe(detail.version);
    expect(await actions(detail.id)).toEqual(['created']);
    const changed = await updateSubmission(
      t.app.deps,
      companyPrincipal,
      actorOf(companyPrincipal),
      detail.id,
      { version: detail.version, averageLabour: 7 },
      'en',
    );
    expect(changed.version).toBe(detail.version + 1);
    expect(await actions(detail.id)).toEqual(['created', 'updated']);
  });
});
