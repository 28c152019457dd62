import { sql, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema';
import { afterKeyset } from '../../db/keyset';
import { preparedQuery } from '../../db/prepared';
import type { Executor } from '../../lib/deps';
import { likeEscape } from '../../lib/like';
import type { CompaniesTable, CompanyInvitationsTable, CompanyPeopleTable } from './companies.tables';

export const findCompanySummary = (db: Executor, id: string) =>
  db.selectFrom('companies').select(['id', 'nameLo', 'nameEn']).where('id', '=', id).executeTakeFirst();

/** Names, TIN, province, size and category of these companies (lists of other modules' rows show them): one query for a page. */
export const listCompanyNames = async (db: Executor, ids: readonly string[]) =>
  ids.length
    ? await db
        .selectFrom('companies')
        .select(['id', 'nameLo', 'nameEn', 'tin', 'provinceCode', 'sizeId', 'categoryId'])
        .where('id', 'in', [...new Set(ids)])
        .execute()
    : [];

/**
 * The ids of the companies in this province and of this size, as a subquery another module's list filters
 * by (`where companyId in …`): the rows of the page stay that module's, the condition on companies stays here.
 */
export const companyIdsWhere = (db: Executor, q: { provinceCode?: string; sizeId?: string }) => {
  let query = db.selectFrom('companies').select('companies.id');
  if (q.provinceCode) query = query.where('companies.provinceCode', '=', q.provinceCode);
  if (q.sizeId) query = query.where('companies.sizeId', '=', q.sizeId);
  return query;
};

/** Every company, by English name (the back office's report by filing). */
export const listAllCompanies = (db: Executor) =>
  db
    .selectFrom('companies')
    .select(['id', 'nameLo', 'nameEn', 'tin', 'registrationNo', 'provinceCode', 'sizeId', 'categoryId'])
    .orderBy('nameEn')
    .orderBy('id')
    .execute();

export const findCompany = (db: Executor, id: string) => db.selectFrom('companies').selectAll().where('id', '=', id).executeTakeFirst();

export const findCompanyByTin = (db: Executor, tin: string) => db.selectFrom('companies').select('id').where('tin', '=', tin).executeTakeFirst();

export const listPeople = (db: Executor, companyId: string) =>
  db.selectFrom('companyPeople').selectAll().where('companyId', '=', companyId).orderBy('role').execute();

export async function insertCompany(db: Executor, company: CompaniesTable) {
  await db.insertInto('companies').values(company).execute();
}

export async function updateCompany(db: Executor, id: string, patch: Partial<CompaniesTable>) {
  await db.updateTable('companies').set(patch).where('id', '=', id).execute();
}

/** Replaces the company's three signatories. */
export async function replacePeople(db: Executor, companyId: string, people: CompanyPeopleTable[]) {
  await db.deleteFrom('companyPeople').where('companyId', '=', companyId).execute();
  if (people.length) await db.insertInto('companyPeople').values(people).execute();
}

// --- invitations to addresses that already have an account (decision 141) ---------------------------

export async function insertInvitation(db: Executor, row: CompanyInvitationsTable) {
  await db.insertInto('companyInvitations').values(row).execute();
}

export const listInvitations = (db: Executor, companyId: string) =>
  db.selectFrom('companyInvitations').selectAll().where('companyId', '=', companyId).orderBy('createdAt').execute();

export const findInvitation = (db: Executor, companyId: string, id: string) =>
  db.selectFrom('companyInvitations').selectAll().where('companyId', '=', companyId).where('id', '=', id).executeTakeFirst();

export const findInvitationByEmail = (db: Executor, companyId: string, email: string) =>
  db.selectFrom('companyInvitations').selectAll().where('companyId', '=', companyId).where('email', '=', email).executeTakeFirst();

export async function deleteInvitation(db: Executor, id: string) {
  await db.deleteFrom('companyInvitations').where('id', '=', id).execute();
}

// Reads content makes to address notifications (decision 196).

/** What targeting needs to know about a company (DESIGN §4: category, size, province): on every notification list, unread count and search. */
export const findCompanyTarget = async (db: Executor, companyId: string) => (await companyTarget(db, { companyId }))[0];
const companyTarget = preparedQuery((db, q: { companyId: string }) =>
  db.selectFrom('companies').select(['id', 'categoryId', 'sizeId', 'provinceCode']).where('id', '=', q.companyId),
);

/** Up to 20 companies whose name or tax ID contains `q` (or the one with `id`), for the audience picker. */
export function findAudienceCompanies(db: Executor, q: { text: string; id?: string }) {
  const like = `%${likeEscape(q.text.toLowerCase())}%`;
  return db
    .selectFrom('companies')
    .select(['id', 'nameLo', 'nameEn', 'tin'])
    .$if(!!q.id, (qb) => qb.where('id', '=', q.id!))
    .$if(!q.id && q.text !== '', (qb) =>
      qb.where((eb) =>
        eb.or([
          sql<boolean>`lower(${eb.ref('nameEn')}) like ${like} escape '\\'`,
          sql<boolean>`${eb.ref('nameLo')} like ${like} escape '\\'`,
          sql<boolean>`${eb.ref('tin')} like ${like} escape '\\'`,
        ]),
      ),
    )
    .orderBy('nameEn')
    .limit(20)
    .execute();
}

/** The columns of companies that name a row of each reference list. */
const REFERENCE_COLUMNS = {
  categories: 'categoryId',
  'enterprise-types': 'enterpriseTypeId',
  sizes: 'sizeId',
  units: 'unitId',
  'special-categories': 'specialCategoryId',
  'account-programs': 'accountProgramId',
} as const;

/** How many companies name each of these reference items (whether a staff member may retire one). */
export async function countCompaniesNamingItems(db: Executor, list: string, rows: { id: string }[]) {
  const column = REFERENCE_COLUMNS[list as keyof typeof REFERENCE_COLUMNS];
  if (!column || !rows.length) return [];
  const found = await db
    .selectFrom('companies')
    .select([`${column} as ref`, (eb) => eb.fn.countAll().as('n')])
    .where(
      column,
      'in',
      rows.map((r) => r.id),
    )
    .groupBy(column)
    .execute();
  return found.flatMap((r) => (r.ref ? [{ id: r.ref, n: Number(r.n) }] : []));
}

// --- the back office's reads ---------------------------------------------------------------------

/** A subquery of company ids another module hands over (those that filed for a year, those already reminded). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type CompanyIdsQuery = SelectQueryBuilder<Database, any, { companyId: string }>;

/** How many companies are not among these ids (companies that have not filed for the year). */
export async function countCompaniesExcept(db: Executor, except: CompanyIdsQuery): Promise<number> {
  const row = await db
    .selectFrom('companies')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('id', 'not in', except)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Companies that are among none of these subqueries' ids, by id (the filing reminders). */
export function listCompaniesExcept(db: Executor, excepts: CompanyIdsQuery[]) {
  let query = db.selectFrom('companies').select(['id', 'nameLo', 'nameEn']);
  for (const except of excepts) query = query.where('id', 'not in', except);
  return query.orderBy('id').execute();
}

/**
 * The text the search compares: lower case, with the Lao spellings the search folds (ໍາ → ຳ, ຫນ → ໜ,
 * ຫມ → ໝ, as packages/shared/src/domain/search-text.ts) unified in SQL, so a fragment typed either way
 * is found anywhere inside unspaced Lao. Both databases have `replace` and `lower`.
 */
const folded = (column: string) =>
  sql<string>`lower(replace(replace(replace(${sql.ref(column)}, ${'\u0ECD\u0EB2'}, ${'\u0EB3'}), ${'\u0EAB\u0E99'}, ${'\u0EDC'}), ${'\u0EAB\u0EA1'}, ${'\u0EDD'}))`;

const likePattern = (fragment: string) => `%${likeEscape(fragment)}%`;

export interface CompanySearch {
  /** normalised fragments; every one must be found in a name, the TIN or the registration number */
  terms: string[];
  provinceCode?: string;
  sizeId?: string;
  categoryId?: string;
  /** companies whose ids this subquery gives are left out (those that filed for a year) */
  except?: CompanyIdsQuery;
  /** keyset position in (nameEn, id) order */
  after: { key: string; id: string } | null;
  limit: number;
}

/** The back office's company search, by English name. */
export function searchCompanies(db: Executor, q: CompanySearch) {
  let query = db
    .selectFrom('companies')
    .select(['id', 'nameLo', 'nameEn', 'tin', 'registrationNo', 'provinceCode', 'sizeId', 'categoryId', 'createdAt']);
  for (const term of q.terms) {
    const pattern = likePattern(term);
    query = query.where((eb) =>
      eb.or([
        sql<SqlBool>`${folded('companies.nameLo')} like ${pattern} escape '\\'`,
        sql<SqlBool>`${folded('companies.nameEn')} like ${pattern} escape '\\'`,
        sql<SqlBool>`lower(${sql.ref('companies.tin')}) like ${pattern} escape '\\'`,
        sql<SqlBool>`lower(${sql.ref('companies.registrationNo')}) like ${pattern} escape '\\'`,
      ]),
    );
  }
  if (q.provinceCode) query = query.where('provinceCode', '=', q.provinceCode);
  if (q.sizeId) query = query.where('sizeId', '=', q.sizeId);
  if (q.categoryId) query = query.where('categoryId', '=', q.categoryId);
  if (q.except) query = query.where('id', 'not in', q.except);
  if (q.after) query = query.where(afterKeyset(['nameEn', 'id'], 'asc', [q.after.key, q.after.id]));
  return query.orderBy('nameEn').orderBy('id').limit(q.limit).execute();
}
