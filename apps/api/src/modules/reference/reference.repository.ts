import type { ReferenceList } from '@bansi/shared';
import { sql } from 'kysely';
import type { Executor } from '../../lib/deps';
import type { DistrictsTable, ProvincesTable, ReferenceItemsTable, VillagesTable } from './reference.tables';

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
