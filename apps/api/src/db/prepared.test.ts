import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, dialect, type TestDb } from '../../test/helpers';
import type { Executor } from '../lib/deps';
import { preparedQuery } from './prepared';

// Queries compiled once per shape (decision 103): every call must answer for its own values, the
// shape must follow the values that decide the SQL, and a value can never end up inside the SQL.

describe(`preparedQuery (${dialect})`, () => {
  let t: TestDb;
  const names = ['bench-a', 'bench-b', 'bench-c'];

  beforeAll(async () => {
    t = await createTestDb();
    await t.db.kysely
      .insertInto('referenceStamps')
      .values(names.map((name, i) => ({ name, version: 10 + i })))
      .execute();
  });
  afterAll(() => t.drop());

  const byName = preparedQuery((db, p: { name: string; minVersion?: number }) => {
    let q = db.selectFrom('referenceStamps').select(['name', 'version']).where('name', '=', p.name);
    if (p.minVersion !== undefined) q = q.where('version', '>=', p.minVersion);
    return q;
  });

  it('answers each call with its own values, however often the compiled query is reused', async () => {
    for (let round = 0; round < 3; round++) {
      for (const [i, name] of names.entries()) {
        expect(await byName(t.db.kysely, { name })).toEqual([{ name, version: 10 + i }]);
      }
    }
    expect(await byName(t.db.kysely, { name: 'nobody' })).toEqual([]);
  });

  it('compiles another shape when a value that decides the SQL changes', async () => {
    expect(await byName(t.db.kysely, { name: 'bench-b', minVersion: 12 })).toEqual([]);
    expect(await byName(t.db.kysely, { name: 'bench-b', minVersion: 11 })).toEqual([{ name: 'bench-b', version: 11 }]);
    // 0 is passed as it is (a falsy value may decide the SQL) and still filters correctly
    expect(await byName(t.db.kysely, { name: 'bench-b', minVersion: 0 })).toEqual([{ name: 'bench-b', version: 11 }]);
    expect(await byName(t.db.kysely, { name: 'bench-b' })).toEqual([{ name: 'bench-b', version: 11 }]);
  });

  it('fits lists of every length', async () => {
    const inList = preparedQuery((db, p: { names: string[] }) =>
      db.selectFrom('referenceStamps').select('name').where('name', 'in', p.names).orderBy('name'),
    );
    expect(await inList(t.db.kysely, { names: ['bench-c'] })).toEqual([{ name: 'bench-c' }]);
    expect(await inList(t.db.kysely, { names: ['bench-a', 'bench-c'] })).toEqual([{ name: 'bench-a' }, { name: 'bench-c' }]);
    expect(await inList(t.db.kysely, { names: ['bench-b', 'bench-a'] })).toEqual([{ name: 'bench-a' }, { name: 'bench-b' }]);
  });

  it('passes shape keys as they are and keys the cache by their value', async () => {
    const literal = preparedQuery(
      (db, p: { names: readonly string[] }) =>
        db
          .selectFrom('referenceStamps')
          .select('name')
          .where(sql<boolean>`name in (${sql.join(p.names.map((n) => sql.lit(n)))})`)
          .orderBy('name'),
      { shapeKeys: ['names'] },
    );
    expect(await literal(t.db.kysely, { names: ['bench-a'] })).toEqual([{ name: 'bench-a' }]);
    expect(await literal(t.db.kysely, { names: ['bench-c'] })).toEqual([{ name: 'bench-c' }]);
  });

  it('refuses a builder that turns a parameter into text, instead of freezing the first value into the SQL', async () => {
    const prefix = preparedQuery((db, p: { name: string }) => db.selectFrom('referenceStamps').select('name').where('name', 'like', `${p.name}%`));
    await expect(prefix(t.db.kysely, { name: 'bench' })).rejects.toThrow(/parameter name was used as a value/);
  });

  it('runs inside a transaction with the same compiled query', async () => {
    await t.db.kysely.transaction().execute(async (trx) => {
      await trx.updateTable('referenceStamps').set({ version: 99 }).where('name', '=', 'bench-a').execute();
      expect(await byName(trx, { name: 'bench-a' })).toEqual([{ name: 'bench-a', version: 99 }]);
    });
  });

  // Decision 110: on SQLite a prepared read outside a transaction runs at once on the connection, beside
  // Kysely. While another flow holds a transaction open on that one connection, it must wait instead:
  // run at once, it would read that transaction's uncommitted rows.
  it('never reads rows of a transaction another flow still holds open', async () => {
    let outside: Promise<unknown> | undefined;
    await t.db.kysely
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('referenceStamps').set({ version: 77 }).where('name', '=', 'bench-c').execute();
        outside = byName(t.db.kysely, { name: 'bench-c' });
        await new Promise((resolve) => setTimeout(resolve, 20));
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await outside).toEqual([{ name: 'bench-c', version: 12 }]);
    // and outside any transaction, the same read answers at once with the camel-case keys Kysely gives
    expect(await byName(t.db.kysely, { name: 'bench-c', minVersion: 12 })).toEqual([{ name: 'bench-c', version: 12 }]);
  });

  // Decision 113: on SQLite a prepared read builds its rows from arrays with a function compiled per
  // statement; the objects must be the ones Kysely itself answers.
  it('answers wide rows exactly as Kysely does: aliases, nulls, numbers, a repeated name', async () => {
    const build = (db: Executor, p: { names: string[] }) =>
      db
        .selectFrom('referenceStamps as a')
        .innerJoin('referenceStamps as b', 'b.name', 'a.name')
        .select(['a.name', 'a.version', 'b.version as otherVersion'])
        .select(sql<null>`null`.as('nothingHere'))
        .select(sql<number>`a.version * 2.5`.as('scaledVersion'))
        // the same name again: the later column wins
        .select(sql<number>`a.version + 1`.as('version'))
        .where('a.name', 'in', p.names)
        .orderBy('a.name');
    const viaKysely = await build(t.db.kysely, { names }).execute();
    expect(viaKysely).toHaveLength(3);
    expect(Object.keys(viaKysely[0]!).sort()).toEqual(['name', 'nothingHere', 'otherVersion', 'scaledVersion', 'version']);
    expect(viaKysely[0]!.version).toBe(viaKysely[0]!.otherVersion + 1);
    expect(Number(viaKysely[0]!.scaledVersion)).toBe(viaKysely[0]!.otherVersion * 2.5); // numeric: text on PostgreSQL
    const wide = preparedQuery(build);
    for (let round = 0; round < 2; round++) expect(await wide(t.db.kysely, { names })).toEqual(viaKysely);
  });

  it.runIf(dialect === 'sqlite')('reads the columns a migration added on the very next call', async () => {
    const db = t.db.kysely as unknown as Kysely<{ probeRows: { id: number; noteText?: string | null } }>;
    await db.schema.createTable('probe_rows').addColumn('id', 'integer').execute();
    await db.insertInto('probeRows').values({ id: 1 }).execute();
    const all = preparedQuery((k, p: { id: number }) => (k as unknown as typeof db).selectFrom('probeRows').selectAll().where('id', '>=', p.id));
    expect(await all(t.db.kysely, { id: 1 })).toEqual([{ id: 1 }]);
    await db.schema.alterTable('probe_rows').addColumn('note_text', 'text').execute();
    await db.updateTable('probeRows').set({ noteText: 'added' }).execute();
    // the statement kept from before the change would answer { id: 1 } with a row builder of one column
    expect(await all(t.db.kysely, { id: 1 })).toEqual([{ id: 1, noteText: 'added' }]);
  });

  // Decision 110: on PostgreSQL a compiled text is a named statement, parsed once per connection; an
  // ad-hoc query stays unnamed. pg_prepared_statements lists what this connection keeps.
  it.runIf(dialect === 'postgres')('keeps the compiled text as a named statement on the connection, and nothing else', async () => {
    const kept = await t.db.kysely.connection().execute(async (conn) => {
      for (const name of names) expect(await byName(conn, { name, minVersion: 1 })).toHaveLength(1);
      await conn.selectFrom('referenceStamps').select(['name', 'version']).where('version', '=', 12).execute();
      const rows = await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(conn);
      return rows.rows;
    });
    const withMinimum = kept.filter((r) => r.statement.includes('"version" >='));
    expect(withMinimum).toHaveLength(1);
    expect(withMinimum[0]!.name).toMatch(/^bansi_[0-9a-f]{40}$/);
    expect(kept.filter((r) => r.statement.includes('where "version" ='))).toEqual([]);
  });
});
