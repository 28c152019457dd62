import { sql } from 'kysely';
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
