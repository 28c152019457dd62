import { API_BASE, SmeThresholdList, SmeThresholdPaths, deriveSmeSize, type SmeThresholdCell } from '@bansi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialect, loginAs, type TestApp } from '../../../test/helpers';
import { runSeeds } from '../../db/seed';

describe(`SME thresholds as reference data (${dialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const list = async () => SmeThresholdList.parse((await t.app.inject({ url: `${API_BASE}${SmeThresholdPaths.list}` })).json());

  it('seeds only the two verified cells (micro, commodity production), idempotently', async () => {
    await runSeeds({ db: t.db, config: t.config }, { demo: false });
    const { items, empty } = await list();
    expect(items.map((c) => [c.sector, c.size, c.criterion, c.upperBound, c.upperInclusive, c.effectiveFrom])).toEqual([
      ['commodity_production', 'micro', 'assets', 100_000_000, false, '2017-01-16'],
      ['commodity_production', 'micro', 'labour', 5, true, '2017-01-16'],
    ]);
    for (const cell of items) expect(cell.sourceNote).toMatch(/No\. 25\/GOL.*Lao Trade Portal/);
    expect(empty).toHaveLength(25);
  });

  it('derives from the served cells: micro when a verified condition is met, otherwise cannot tell yet', async () => {
    const { items } = await list();
    const at = new Date('2024-01-01T00:00:00Z');
    expect(deriveSmeSize({ sector: 'commodity_production', averageLabour: 3, totalAssets: 10 ** 10, annualIncome: null }, items, at)).toEqual({
      kind: 'size',
      size: 'micro',
      basis: ['labour'],
    });
    const undetermined = deriveSmeSize({ sector: 'commodity_production', averageLabour: 6, totalAssets: 100_000_000, annualIncome: 1 }, items, at);
    expect(undetermined).toMatchObject({ kind: 'undetermined', missingInputs: [] });
    expect(undetermined.kind === 'undetermined' && undetermined.missing).toHaveLength(7);
  });

  it('staff admins add a cell (a later date supersedes, nothing is overwritten); nobody else may', async () => {
    // TEST DATA: an invented bound, only to exercise the endpoint.
    const cell: SmeThresholdCell = {
      sector: 'trade',
      size: 'micro',
      criterion: 'labour',
      upperBound: 7,
      upperInclusive: true,
      effectiveFrom: '2030-01-01',
      sourceNote: 'TEST DATA — invented',
    };
    const url = `${API_BASE}${SmeThresholdPaths.staffCreate}`;
    const admin = await loginAs(t, 'staffAdmin');
    const created = await admin.inject({ method: 'POST', url, payload: cell });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject(cell);
    expect((await admin.inject({ method: 'POST', url, payload: cell })).statusCode).toBe(409);
    expect((await admin.inject({ method: 'POST', url, payload: { ...cell, upperBound: -1 } })).statusCode).toBe(400);
    expect((await (await loginAs(t, 'staff')).inject({ method: 'POST', url, payload: { ...cell, effectiveFrom: '2031-01-01' } })).statusCode).toBe(
      403,
    );
    expect(
      (await (await loginAs(t, 'companyAdmin')).inject({ method: 'POST', url, payload: { ...cell, effectiveFrom: '2031-01-01' } })).statusCode,
    ).toBe(403);
    const { items, empty } = await list();
    expect(items).toHaveLength(3);
    // not in force yet: still empty today
    expect(empty).toContainEqual({ sector: 'trade', size: 'micro', criterion: 'labour' });
  });
});
