import { sql } from 'kysely';
import type { Executor } from '../../lib/deps';
import type { FilesTable } from './files.tables';
import { preparedQuery } from '../../db/prepared';

export const findFileById = (db: Executor, id: string) => db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();

export async function insertFile(db: Executor, row: FilesTable) {
  await db.insertInto('files').values(row).execute();
}

/** The current (not superseded) file of an owner's slot, if any. */
export const findCurrentInSlot = (db: Executor, ownerKind: string, ownerId: string, slot: string) =>
  db
    .selectFrom('files')
    .selectAll()
    .where('ownerKind', '=', ownerKind)
    .where('ownerId', '=', ownerId)
    .where('slot', '=', slot)
    .where('supersededById', 'is', null)
    .orderBy('createdAt', 'desc')
    .executeTakeFirst();

/** Marks `oldId` as replaced by `newId`; false when it was already replaced (a concurrent upload). */
export async function supersedeFile(db: Executor, oldId: string, newId: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('files')
    .set({ supersededById: newId, supersededAt: at })
    .where('id', '=', oldId)
    .where('supersededById', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Every file of an owner, newest first (current and replaced ones: the history). */
export const listFilesOfOwner = (db: Executor, ownerKind: string, ownerId: string) =>
  db
    .selectFrom('files')
    .selectAll()
    .where('ownerKind', '=', ownerKind)
    .where('ownerId', '=', ownerId)
    .orderBy('createdAt', 'desc')
    .orderBy('id')
    .execute();

/** Which of these storage keys have a row (start-up clean-up deletes the others). */
export async function existingStorageKeys(db: Executor, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db.selectFrom('files').select('storageKey').where('storageKey', 'in', keys).execute();
  return new Set(rows.map((r) => r.storageKey));
}

/** Which of these ids have a row. */
export async function existingFileIds(db: Executor, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('files').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

/** Every row with its key and hash (the crash test checks each against the disk). */
export const listAllFiles = (db: Executor) => db.selectFrom('files').select(['id', 'storageKey', 'sha256', 'size']).orderBy('id').execute();

/** How many current (not replaced) files each of these owners has (index files_current). */
export async function countCurrentFilesOf(db: Executor, ownerKind: string, ownerIds: string[]): Promise<Map<string, number>> {
  if (ownerIds.length === 0) return new Map();
  const rows = await currentFileCounts(db, { ownerKind, ownerIds });
  return new Map(rows.map((r) => [r.ownerId, Number(r.n)]));
}

const currentFileCounts = preparedQuery((db, p: { ownerKind: string; ownerIds: string[] }) =>
  db
    .selectFrom('files')
    .select(['ownerId'])
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ownerKind', '=', p.ownerKind)
    .where('ownerId', 'in', p.ownerIds)
    .where('supersededById', 'is', null)
    .groupBy('ownerId'),
);

/** File rows by id (a history page's files). */
export const findFilesByIds = (db: Executor, ids: string[]) => (ids.length === 0 ? Promise.resolve([]) : filesByIds(db, { ids }));

const filesByIds = preparedQuery((db, p: { ids: string[] }) => db.selectFrom('files').selectAll().where('id', 'in', p.ids));

/** How many files of this owner kind sit in each of these slots, every version counted. */
export const countFilesInSlots = (db: Executor, ownerKind: string, slots: string[]) =>
  slots.length
    ? db
        .selectFrom('files')
        .select(['slot', (eb) => eb.fn.countAll().as('n')])
        .where('ownerKind', '=', ownerKind)
        .where('slot', 'in', slots)
        .groupBy('slot')
        .execute()
    : Promise.resolve([]);

/** Every stored file of a company, oldest first, with what owns it (the company's own export). */
export const listCompanyFiles = (db: Executor, companyId: string) =>
  db
    .selectFrom('files')
    .select(['id', 'ownerKind', 'ownerId', 'slot', 'originalName', 'kind', 'size', 'sha256', 'storageKey', 'createdAt', 'supersededById'])
    .where('companyId', '=', companyId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();

/**
 * A company's files of these owner kinds, as a subquery that the owner's all-document history source selects
 * from (decision 102): the SQL over the files table stays in this module (decision 210). The kinds are written
 * as literals, so a partial index whose predicate names one (files_invoice_receipts) can serve it.
 */
export const companyFilesOf = (db: Executor, companyId: string, ownerKinds: readonly string[]) =>
  db
    .selectFrom('files')
    .select(['id', 'ownerKind', 'ownerId', 'slot', 'createdAt', 'supersededById'])
    .where('companyId', '=', companyId)
    .where((eb) => eb.or(ownerKinds.map((kind) => eb('ownerKind', '=', sql.lit(kind)))));
