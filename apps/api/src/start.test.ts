import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_BASE } from '@bansi/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDb, dialect, testConfig, type TestDb } from '../test/helpers';
import { startApp } from './start';

const HEADER = 'village_code,district_code,province_code,village_name_en,village_name_lo,code_matches_district';

/** A fresh, empty database URL: a new SQLite file, or a new PostgreSQL schema (migrated, nothing seeded). */
async function emptyDatabase(dir: string): Promise<{ url: string; drop(): Promise<void> }> {
  if (dialect === 'sqlite') return { url: `sqlite:${join(dir, 'bansi.sqlite')}`, drop: async () => {} };
  const testDb: TestDb = await createTestDb();
  return { url: testDb.url, drop: () => testDb.drop() };
}

/** Starts the server's start-up code (what `npm start` runs) on the folder's database; returns what it logged. */
async function start(dataDir: string, url: string, villagesDir: string, demo = false) {
  const warnings: string[] = [];
  const infos: string[] = [];
  const config = testConfig({ DATABASE_URL: url, DATA_DIR: dataDir, VILLAGES_DIR: villagesDir, SEED_DEMO: String(demo) });
  const { app, db } = await startApp(config, {
    serveWeb: false,
    startWorkers: false,
    housekeeping: false,
    log: { info: (m: unknown) => void infos.push(String(m)), warn: (_o: unknown, m?: string) => void warnings.push(String(m)) } as never,
  });
  const ready = await app.inject({ url: '/readyz' });
  const villages = (await app.inject({ url: `${API_BASE}/reference/districts/0101/villages` })).json().items as {
    code: string;
    nameLo: string;
    nameEn: string;
  }[];
  const companies = await db.kysely.selectFrom('companies').select(['nameEn', 'districtCode', 'villageCode', 'villageName']).execute();
  await app.close();
  await db.destroy();
  return { ready: ready.statusCode, villages, warnings, infos, companies };
}

describe('the first start with villages to import', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bansi-start-'));
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups) await c();
    rmSync(dir, { recursive: true, force: true });
  });

  it('seeds provinces and districts before the villages and the demo, serves /readyz, offers the villages; a second start adds nothing', async () => {
    const villagesDir = join(dir, 'lao-admin');
    const dataDir = join(dir, 'data-ok');
    const { url, drop } = await emptyDatabase(dir);
    cleanups.push(drop);
    mkdirSync(villagesDir);
    writeFileSync(
      join(villagesDir, 'villages.csv'),
      [HEADER, '0101001,0101,01,NONGPING,ໜອງປິງ,yes', '0101002,0101,01,BORNANGOUA,ບໍ່ນາງົວ,yes', '1601001,1601,16,PHONSAVANG,ໂພນສະຫວ່າງ,yes'].join('\n'),
    );
    const first = await start(dataDir, url, villagesDir, true);
    expect(first.ready).toBe(200);
    expect(first.warnings).toEqual([]);
    expect(first.villages.map((v) => [v.code, v.nameLo, v.nameEn])).toEqual([
      ['0101002', 'ບໍ່ນາງົວ', 'BORNANGOUA'],
      ['0101001', 'ໜອງປິງ', 'NONGPING'],
    ]);
    // demo companies registered in a district that now has a list took a village from it
    expect(first.companies.find((c) => c.districtCode === '1601')).toMatchObject({ villageCode: '1601001' });
    expect(first.companies.find((c) => c.districtCode === '0101')).toMatchObject({ villageCode: '0101001' });
    expect(first.companies.length).toBeGreaterThanOrEqual(6);
    const second = await start(dataDir, url, villagesDir, true);
    expect(second.ready).toBe(200);
    expect(second.companies).toHaveLength(first.companies.length);
    expect(second.villages).toEqual(first.villages);
  });

  it('reports a malformed village file with its file and line, and starts without villages', async () => {
    const villagesDir = join(dir, 'broken');
    const dataDir = join(dir, 'data-broken');
    mkdirSync(join(dir, 'broken-db'));
    const { url, drop } = await emptyDatabase(join(dir, 'broken-db'));
    cleanups.push(drop);
    mkdirSync(villagesDir);
    writeFileSync(join(villagesDir, 'villages.csv'), [HEADER, '0101001,0101,01,NONGPING,ໜອງປິງ,yes', '0101002,0101,BORNANGOUA'].join('\n'));
    const run = await start(dataDir, url, villagesDir);
    expect(run.ready).toBe(200);
    expect(run.villages).toEqual([]);
    expect(run.warnings).toHaveLength(1);
    expect(run.warnings[0]).toContain(`${join(villagesDir, 'villages.csv')}:3: 3 fields where the header has 6`);
  });
});
