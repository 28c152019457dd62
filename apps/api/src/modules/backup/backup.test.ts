import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { BackupPaths, FilePaths, QrPaths } from '@bansi/shared';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Config } from '../../config';
import { openDb, type Db } from '../../db/index';
import { migrateToLatest } from '../../db/migrate';
import { migrations } from '../../db/migrations/index';
import { runSeeds } from '../../db/seed';
import { createFileStore } from '../../lib/create-file-store';
import { sha256OfStream, type FileStore } from '../../lib/file-store';
import { receiptCode } from '../../../test/access-cases/qr.cases';
import { sha256Hex } from '../../../test/file-fixtures';
import { Agent, createTestApp, createTestDb, dialect, loginAs, registerCompany, testConfig, type TestApp, type TestDb } from '../../../test/helpers';
import { startS3, type TestS3 } from '../../../test/s3';
import { acceptedSubmission, api, readySubmission, submit, uploadInto } from '../../../test/submissions';
import { writeBackup, type Manifest } from './backup.archive';
import { restoreBackup } from './backup.restore';
import { lastBackup, nextDailyRun, runBackup } from './backup.service';
import { withSnapshot } from './backup.snapshot';

/** Every table's rows, each as canonical JSON, sorted: two databases hold the same data when these are equal. */
async function contentsOf(db: Db, dir: string): Promise<Record<string, string[]>> {
  return withSnapshot(db, dir, async (snapshot) => {
    const out: Record<string, string[]> = {};
    for (const table of snapshot.tables) {
      const rows: string[] = [];
      for await (const row of snapshot.rows(table)) {
        // Numbers and booleans alike on both databases (0/1), keys in one order.
        const canonical = Object.fromEntries(
          Object.keys(row)
            .sort()
            .map((k) => [k, typeof row[k] === 'boolean' ? Number(row[k]) : row[k]]),
        );
        rows.push(JSON.stringify(canonical));
      }
      out[table] = rows.sort();
    }
    return out;
  });
}

/** The whole API over a database and configuration of the test's choosing. */
async function appOn(db: Db, config: Config): Promise<TestApp> {
  const app = await buildApp({ config, db, serveWeb: false, startWorkers: false });
  await app.ready();
  return { app, db, config, close: () => app.close() };
}

/** Rewrites an archive entry by entry (the archives of these tests are small). */
async function rewrite(from: string, to: string, change: (name: string, data: Buffer) => Buffer): Promise<void> {
  const extract = tar.extract();
  const pack = tar.pack();
  const writing = pipeline(pack, createGzip(), createWriteStream(to));
  const reading = pipeline(createReadStream(from), createGunzip(), extract);
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry as AsyncIterable<Buffer>) chunks.push(chunk);
    const data = change(entry.header.name, Buffer.concat(chunks));
    pack.entry({ name: entry.header.name, size: data.length }, data);
  }
  await reading;
  pack.finalize();
  await writing;
}

async function storedKeys(store: FileStore): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of store.keys()) keys.push(key);
  return keys.sort();
}

/** Keys named by rows (files, library files, image variants). */
async function referencedKeys(db: Db): Promise<string[]> {
  const k = db.kysely;
  const keys = [
    ...(await k.selectFrom('files').select('storageKey').execute()),
    ...(await k.selectFrom('libraryFiles').select('storageKey').execute()),
    ...(await k.selectFrom('contentImageVariants').select('storageKey').execute()),
  ].map((r) => r.storageKey);
  return keys.sort();
}

describe(`backup and restore (${dialect})`, () => {
  let t: TestApp;
  let work: string;
  let archive: string;
  let manifest: Manifest;
  let login: { email: string; password: string };
  let a: Agent;
  let submissionId: string;
  let code: string;

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'bansi-backup-test-'));
    t = await createTestApp();
    const registered = await registerCompany(t);
    a = registered.agent;
    login = { email: registered.body.user.email, password: registered.body.user.password };
    const staff = await loginAs(t, 'staff');
    submissionId = (await acceptedSubmission(t, a, staff, t.config.BOOK_YEAR)).id;
    code = await receiptCode(a, submissionId);
    // The guide's first page: a row with bytes (a blob / bytea column) in the archive.
    await t.app.jobs.runDue({ kinds: ['library.first-page'] });
    const result = await writeBackup({ db: t.db, store: t.app.deps.store }, join(work, 'archives'));
    archive = result.path;
    manifest = result.manifest;
  });
  afterAll(async () => {
    await t.close();
    await rm(work, { recursive: true, force: true });
  });

  it('writes a manifest: version, schema, counts per table and every stored file with its SHA-256', async () => {
    expect(manifest.schemaVersion).toBe(
      (
        (await t.db.kysely
          .selectFrom('kyselyMigration' as never)
          .select('name' as never)
          .orderBy('name' as never, 'desc')
          .executeTakeFirstOrThrow()) as { name: string }
      ).name,
    );
    const files = await t.db.kysely.selectFrom('files').select(['storageKey', 'sha256']).execute();
    expect(files.length).toBeGreaterThanOrEqual(4);
    for (const f of files) expect(manifest.files).toContainEqual(expect.objectContaining({ key: f.storageKey, sha256: f.sha256 }));
    expect(manifest.tables.library_first_pages).toBeGreaterThanOrEqual(1);
    expect(manifest.tables.companies).toBe(
      Number(
        (
          await t.db.kysely
            .selectFrom('companies')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    );
  });

  it('restores into a fresh instance: the same rows, the same bytes; receipts check genuine; a company logs in and downloads', async () => {
    const target: TestDb = await createTestDb();
    const config = testConfig();
    const store = createFileStore(config);
    try {
      const result = await restoreBackup({ db: target.db, store }, archive);
      expect(result.files).toBe(manifest.files.length);
      expect(result.tables).toEqual(manifest.tables);
      expect(await contentsOf(target.db, work)).toEqual(await contentsOf(t.db, work));
      for (const f of manifest.files) expect(await sha256OfStream(await store.openRead(f.key))).toBe(f.sha256);

      const restored = await appOn(target.db, config);
      try {
        const check = await restored.app.inject({ url: api(QrPaths.check(a.companyId!, code)) });
        expect(check.statusCode).toBe(200);
        expect(check.json()).toMatchObject({ kind: 'receipt', genuine: true });
        const agent = await new Agent(restored).login(login.email, login.password);
        const file = await t.db.kysely.selectFrom('files').select(['id', 'sha256']).where('ownerId', '=', submissionId).executeTakeFirstOrThrow();
        const download = await agent.inject({ url: api(FilePaths.content(file.id)) });
        expect(download.statusCode).toBe(200);
        expect(sha256Hex(download.rawPayload)).toBe(file.sha256);
      } finally {
        await restored.close();
      }
    } finally {
      await target.drop();
      await rm(config.DATA_DIR, { recursive: true, force: true });
    }
  });

  it('refuses a database with rows, a changed file (named) and a newer schema, restoring nothing', async () => {
    // the source itself is not empty
    await expect(restoreBackup({ db: t.db, store: t.app.deps.store }, archive)).rejects.toThrow(/database is not empty/);

    const target = await createTestDb();
    const config = testConfig();
    const store = createFileStore(config);
    try {
      const victim = manifest.files[0]!.key;
      const tampered = join(work, 'tampered.tar.gz');
      await rewrite(archive, tampered, (name, data) =>
        name === `files/${victim}` ? Buffer.concat([data.subarray(0, -1), Buffer.from([data.at(-1)! ^ 1])]) : data,
      );
      await expect(restoreBackup({ db: target.db, store }, tampered)).rejects.toThrow(new RegExp(`${victim} \\(changed\\)`));

      const newer = join(work, 'newer.tar.gz');
      await rewrite(archive, newer, (name, data) =>
        name === 'manifest.json'
          ? Buffer.from(JSON.stringify({ ...(JSON.parse(data.toString()) as Manifest), schemaVersion: '999912310000_future' }))
          : data,
      );
      await expect(restoreBackup({ db: target.db, store }, newer)).rejects.toThrow(/newer than this version/);

      // An archive of an older schema (made before the backups table existed): restored, then migrated.
      const names = Object.keys(migrations);
      const before = names[names.indexOf('202611290100_backups') - 1]!;
      const oldSource = await createTestDb(before);
      const oldTarget = await createTestDb(null);
      try {
        const old = await writeBackup({ db: oldSource.db, store }, join(work, 'older'));
        expect(old.manifest.schemaVersion).toBe(before);
        expect(old.manifest.tables.backups).toBeUndefined();
        const restoredOld = await restoreBackup({ db: oldTarget.db, store }, old.path);
        expect(restoredOld.migrated).toContain('202611290100_backups');
        expect(restoredOld.tables).toEqual(old.manifest.tables);
        expect(await lastBackup(oldTarget.db.kysely)).toBeNull();
      } finally {
        await oldSource.drop();
        await oldTarget.drop();
      }

      // nothing was written: no rows, no files
      expect(
        Number(
          (
            await target.db.kysely
              .selectFrom('companies')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
      ).toBe(0);
      expect(await storedKeys(store)).toEqual([]);
      // and with --force a non-empty database is replaced
      await restoreBackup({ db: target.db, store }, archive);
      const again = await restoreBackup({ db: target.db, store }, archive, { force: true });
      expect(again.tables).toEqual(manifest.tables);
    } finally {
      await target.drop();
      await rm(config.DATA_DIR, { recursive: true, force: true });
    }
  });

  it('a backup made while 20 uploads and 20 submissions commit holds no row without its file and no file without its row', async () => {
    const agents: Agent[] = [];
    const drafts: { id: string; version: number }[] = [];
    for (let i = 0; i < 20; i++) {
      const agent = (await registerCompany(t)).agent;
      agents.push(agent);
      drafts.push(await readySubmission(t, agent, t.config.BOOK_YEAR));
    }
    const during = join(work, 'during');
    const [result] = await Promise.all([
      (async () => {
        await new Promise((r) => setTimeout(r, 20));
        return writeBackup({ db: t.db, store: t.app.deps.store }, during);
      })(),
      ...agents.map((agent, i) => uploadInto(agent, drafts[i]!.id, 'other', `extra-${i}.pdf`)),
      ...agents.map((agent, i) => submit(agent, drafts[i]!)),
    ]);
    // uploads committed after the snapshot left orphans in the source store; the archive has none
    const target = await createTestDb();
    const config = testConfig();
    const store = createFileStore(config);
    try {
      await restoreBackup({ db: target.db, store }, result.path);
      expect(await storedKeys(store)).toEqual(await referencedKeys(target.db));
      expect(new Set(await referencedKeys(target.db)).size).toBe(result.manifest.files.length);
    } finally {
      await target.drop();
      await rm(config.DATA_DIR, { recursive: true, force: true });
    }
  });

  it('keeps BACKUP_KEEP archives and records the last run (time, size, result) for the back office and metrics', async () => {
    const dir = join(work, 'kept');
    const config = { ...t.config, BACKUP_DIR: dir, BACKUP_KEEP: 2 };
    expect(await lastBackup(t.db.kysely)).toBeNull();
    const runs = [];
    for (let i = 0; i < 3; i++) runs.push(await runBackup({ db: t.db, store: t.app.deps.store, config }));
    expect((await readdir(dir)).filter((n) => n.endsWith('.tar.gz')).sort()).toEqual(runs.slice(1).map((r) => basename(r.path)));
    const last = await lastBackup(t.db.kysely);
    expect(last).toMatchObject({ result: 'ok', size: runs[2]!.size, error: null });
    expect(Date.now() - Date.parse(last!.at)).toBeLessThan(60_000);

    const staffAdmin = await loginAs(t, 'staffAdmin');
    const shown = await staffAdmin.inject({ url: api(BackupPaths.last) });
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual({ backup: { at: last!.at, size: runs[2]!.size, result: 'ok', error: null } });

    await expect(
      runBackup({ db: t.db, store: t.app.deps.store, config: { ...config, BACKUP_DIR: join(archive, 'not-a-folder') } }),
    ).rejects.toThrow();
    expect(await lastBackup(t.db.kysely)).toMatchObject({ result: 'failed', size: 0 });
    expect((await staffAdmin.inject({ url: api(BackupPaths.last) })).json()).toMatchObject({ backup: { result: 'failed', size: 0 } });
  });

  it('BACKUP_SCHEDULE queues a nightly backup job; its run writes an archive and queues the next night', async () => {
    const dir = join(work, 'nightly');
    const nightly = await createTestApp({ BACKUP_SCHEDULE: '02:30', BACKUP_DIR: dir });
    try {
      const pending = () =>
        nightly.db.kysely.selectFrom('jobs').selectAll().where('kind', '=', 'backup.nightly').where('status', '=', 'pending').execute();
      const [first] = await pending();
      expect(first!.runAt).toBe(nextDailyRun('02:30', new Date(first!.createdAt)));
      await nightly.db.kysely
        .updateTable('jobs')
        .set({ runAt: new Date(Date.now() - 1000).toISOString() })
        .where('id', '=', first!.id)
        .execute();
      expect(await nightly.app.jobs.runDue({ kinds: ['backup.nightly'] })).toBe(1);
      expect((await readdir(dir)).filter((n) => n.endsWith('.tar.gz'))).toHaveLength(1);
      expect(await lastBackup(nightly.db.kysely)).toMatchObject({ result: 'ok' });
      const [next] = await pending();
      expect(next!.runAt).toBe(nextDailyRun('02:30', new Date(first!.runAt)));
    } finally {
      await nightly.close();
    }
  });

  it('the nightly backup runs at the next BACKUP_SCHEDULE time of day', () => {
    expect(nextDailyRun('02:30', new Date('2026-11-28T01:00:00Z'))).toBe('2026-11-28T02:30:00.000Z');
    expect(nextDailyRun('02:30', new Date('2026-11-28T02:30:00Z'))).toBe('2026-11-29T02:30:00.000Z');
  });

  // Across databases and file stores, both ways: the documented move of a small office onto the cluster, and back.
  const stores = {
    'SQLite and local files': async () => {
      const db = openDb('sqlite::memory:');
      await migrateToLatest(db);
      return { db, config: testConfig(), close: () => db.destroy() };
    },
    'PostgreSQL and S3': async () => {
      const s3: TestS3 = await startS3();
      const test = await createTestDb();
      return {
        db: test.db,
        config: testConfig(s3.env),
        close: async () => {
          await test.drop();
          await s3.close();
        },
      };
    },
  };
  it.runIf(dialect === 'postgres').each([
    ['SQLite and local files', 'PostgreSQL and S3'],
    ['PostgreSQL and S3', 'SQLite and local files'],
  ] as const)('moves an instance across stores: %s → %s', async (from, to) => {
    const source = await stores[from]();
    const target = await stores[to]();
    await runSeeds({ db: source.db, config: source.config }, { demo: false });
    const sourceApp = await appOn(source.db, source.config);
    try {
      const registered = await registerCompany(sourceApp);
      const staff = await loginAs(sourceApp, 'staff');
      const accepted = await acceptedSubmission(sourceApp, registered.agent, staff, source.config.BOOK_YEAR);
      const qr = await receiptCode(registered.agent, accepted.id);
      await sourceApp.app.jobs.runDue({ kinds: ['library.first-page'] }); // bytes (blob ⇄ bytea) cross too
      const { path, manifest: m } = await writeBackup(
        { db: source.db, store: sourceApp.app.deps.store },
        join(work, `cross-${randomBytes(4).toString('hex')}`),
      );
      expect(m.tables.library_first_pages).toBeGreaterThanOrEqual(1);
      const store = createFileStore(target.config);
      await restoreBackup({ db: target.db, store }, path);
      expect(await contentsOf(target.db, work)).toEqual(await contentsOf(source.db, work));
      for (const f of m.files) expect(await sha256OfStream(await store.openRead(f.key))).toBe(f.sha256);
      const restored = await appOn(target.db, target.config);
      try {
        expect((await restored.app.inject({ url: api(QrPaths.check(registered.agent.companyId!, qr)) })).json()).toMatchObject({ genuine: true });
        const agent = await new Agent(restored).login(registered.body.user.email, registered.body.user.password);
        const file = await source.db.kysely.selectFrom('files').select(['id', 'sha256']).where('ownerId', '=', accepted.id).executeTakeFirstOrThrow();
        const download = await agent.inject({ url: api(FilePaths.content(file.id)) });
        expect(sha256Hex(download.rawPayload)).toBe(file.sha256);
      } finally {
        await restored.close();
      }
    } finally {
      await sourceApp.close();
      await source.close();
      await target.close();
      await rm(source.config.DATA_DIR, { recursive: true, force: true });
      await rm(target.config.DATA_DIR, { recursive: true, force: true });
    }
  });
});
