import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, dialect, type TestDb } from '../../../test/helpers';
import { newId } from '../../lib/crypto';
import { stampedCache } from './reference.cache';
import { readReferenceStamp } from './reference.repository';

describe(`reference data kept per process (${dialect})`, () => {
  let a: TestDb;
  let b: TestDb;
  beforeAll(async () => {
    [a, b] = [await createTestDb(), await createTestDb()];
  });
  afterAll(async () => {
    await a.drop();
    await b.drop();
  });

  const addCategory = (db: TestDb, code: string) =>
    db.db.kysely
      .insertInto('referenceItems')
      .values({ id: newId(), list: 'categories', code, nameLo: code, nameEn: code, parentId: null, extra: null })
      .execute();

  it('never answers one database with another database’s items when their stamps are equal', async () => {
    const codes = stampedCache(async (db) =>
      (await db.selectFrom('referenceItems').select('code').where('list', '=', 'categories').execute()).map((r) => r.code),
    );
    await addCategory(a, 'only-in-a');
    await addCategory(b, 'only-in-b');
    // the same stamp in both: one edit each since the same migrations
    expect(await readReferenceStamp(a.db.kysely)).toBe(await readReferenceStamp(b.db.kysely));

    expect(await codes(a.db.kysely)).toContain('only-in-a');
    const fromB = await codes(b.db.kysely);
    expect(fromB).toContain('only-in-b');
    expect(fromB).not.toContain('only-in-a');
    // and each database's value is still kept: a's again, unchanged
    expect(await codes(a.db.kysely)).not.toContain('only-in-b');
  });
});
