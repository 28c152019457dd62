import type { ReferenceList } from '@bansi/shared';
import { sql, type Updateable } from 'kysely';
import type { Executor } from '../../lib/deps';
import type { DistrictsTable, ProvincesTable, ReferenceItemsTable, VillagesTable } from './reference.tables';
import { preparedQuery } from '../../db/prepared';
import { referenceUseCounters } from './reference.uses';

export const listProvinces = (db: Executor) => db.selectFrom('provinces').selectAll().orderBy('code').execute();

/** Districts with whether a village list exists for them (where none does, the user types the village). */
export const listDistricts = (db: Executor, provinceCode: string) =>
  db
    .selectFrom('districts')
    .selectAll('districts')
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('villages')
            .select(sql`1`.as('one'))
            .whereRef('villages.districtCode', '=', 'districts.code'),
        )
        .as('hasVillages'),
    )
    .where('provinceCode', '=', provinceCode)
    .orderBy('code')
    .execute();

export const listVillages = (db: Executor, districtCode: string) =>
  db.selectFrom('villages').selectAll().where('districtCode', '=', districtCode).orderBy('nameLo').execute();

export const findProvince = (db: Executor, code: string) => db.selectFrom('provinces').selectAll().where('code', '=', code).executeTakeFirst();
export const findDistrict = (db: Executor, code: string) => db.selectFrom('districts').selectAll().where('code', '=', code).executeTakeFirst();
export const findVillage = (db: Executor, code: string) => db.selectFrom('villages').selectAll().where('code', '=', code).executeTakeFirst();

export async function districtHasVillages(db: Executor, districtCode: string): Promise<boolean> {
  const row = await db.selectFrom('villages').select('code').where('districtCode', '=', districtCode).limit(1).executeTakeFirst();
  return row !== undefined;
}

export function listItems(db: Executor, list: ReferenceList, parentId?: string) {
  let query = db.selectFrom('referenceItems').selectAll().where('list', '=', list).where('active', '=', 1);
  if (parentId) query = query.where('parentId', '=', parentId);
  return query.orderBy('sortOrder').orderBy('code').execute();
}

export const findItem = (db: Executor, list: ReferenceList, id: string) =>
  db.selectFrom('referenceItems').selectAll().where('list', '=', list).where('id', '=', id).executeTakeFirst();

export const findItemByCode = (db: Executor, list: ReferenceList, code: string) =>
  db.selectFrom('referenceItems').selectAll().where('list', '=', list).where('code', '=', code).executeTakeFirst();

/** Inserts the rows whose key is not there yet; never overwrites what staff edited. */
export async function insertMissingProvinces(db: Executor, rows: ProvincesTable[]) {
  if (rows.length)
    await db
      .insertInto('provinces')
      .values(rows)
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
}
export async function insertMissingDistricts(db: Executor, rows: DistrictsTable[]) {
  if (rows.length)
    await db
      .insertInto('districts')
      .values(rows)
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
}
export const listDistrictCodes = async (db: Executor) => (await db.selectFrom('districts').select('code').execute()).map((r) => r.code);

export async function insertMissingVillages(db: Executor, rows: VillagesTable[]) {
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('villages')
      .values(rows.slice(i, i + 500))
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
  }
}
export async function insertMissingItems(db: Executor, rows: Omit<ReferenceItemsTable, 'sortOrder' | 'active'>[] & { sortOrder?: number }[]) {
  if (rows.length)
    await db
      .insertInto('referenceItems')
      .values(rows)
      .onConflict((oc) => oc.columns(['list', 'code']).doNothing())
      .execute();
}

// --- staff editing (issue 16) --------------------------------------------------------------------

/** Reference items of these lists, inactive ones too (an old submission may name one). */
export const listItemsOfLists = (db: Executor, lists: ReferenceList[]) =>
  db.selectFrom('referenceItems').selectAll().where('list', 'in', lists).orderBy('sortOrder').orderBy('code').execute();

/** Every row of a list, retired ones too, for the staff screen. */
export const listAllItems = (db: Executor, list: ReferenceList) =>
  db.selectFrom('referenceItems').selectAll().where('list', '=', list).orderBy('active', 'desc').orderBy('sortOrder').orderBy('code').execute();

export const findItemById = (db: Executor, id: string) => db.selectFrom('referenceItems').selectAll().where('id', '=', id).executeTakeFirst();

export async function insertItem(db: Executor, row: Omit<ReferenceItemsTable, 'sortOrder' | 'active'> & { sortOrder: number; active: number }) {
  await db.insertInto('referenceItems').values(row).execute();
}

export async function updateItem(db: Executor, id: string, set: Omit<Updateable<ReferenceItemsTable>, 'id' | 'list' | 'code'>) {
  await db.updateTable('referenceItems').set(set).where('id', '=', id).execute();
}

export async function nextSortOrder(db: Executor, list: ReferenceList): Promise<number> {
  const row = await db
    .selectFrom('referenceItems')
    .select((eb) => eb.fn.max('sortOrder').as('max'))
    .where('list', '=', list)
    .executeTakeFirst();
  return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1;
}

/** How many records name each of these rows: those of the modules that provide a counter, and departments of a category. */
export async function countUses(db: Executor, list: ReferenceList, rows: { id: string; code: string }[]): Promise<Map<string, number>> {
  const uses = new Map<string, number>(rows.map((r) => [r.id, 0]));
  if (!rows.length) return uses;
  const add = (key: string | null, n: unknown) => {
    if (key && uses.has(key)) uses.set(key, uses.get(key)! + Number(n));
  };
  for (const counter of referenceUseCounters()) for (const r of await counter(db, list, rows)) add(r.id, r.n);
  if (list === 'categories') {
    const found = await db
      .selectFrom('referenceItems')
      .select(['parentId as ref', (eb) => eb.fn.countAll().as('n')])
      .where(
        'parentId',
        'in',
        rows.map((r) => r.id),
      )
      .groupBy('parentId')
      .execute();
    for (const r of found) add(r.ref, r.n);
  }
  return uses;
}

/** The version of reference data, raised by triggers on every write (docs/decisions/105). */
/** The reference stamp (reference.cache.ts reads it on every cached read: prepared once). */
export async function readReferenceStamp(db: Executor): Promise<number> {
  const [row] = await referenceStamp(db, { name: 'reference' });
  return Number(row?.version ?? 0);
}

const referenceStamp = preparedQuery((db, p: { name: string }) => db.selectFrom('referenceStamps').select('version').where('name', '=', p.name));
