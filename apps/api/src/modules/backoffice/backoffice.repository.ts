import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema';
import type { Executor } from '../../lib/deps';
import { likeEscape } from '../../lib/like';
import { afterKeyset } from '../../db/keyset';

/** Companies with no submission for the year, or only a draft (nothing submitted yet). */
export async function countCompaniesNotSubmitted(db: Executor, bookYear: number): Promise<number> {
  const row = await db
    .selectFrom('companies')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where((eb) => notSubmitted(eb, bookYear))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function notSubmitted(eb: ExpressionBuilder<Database, 'companies'>, bookYear: number): Expression<SqlBool> {
  return eb.not(
    eb.exists(
      eb
        .selectFrom('submissions')
        .select(sql`1`.as('one'))
        .whereRef('submissions.companyId', '=', 'companies.id')
        .where('submissions.bookYear', '=', bookYear)
        .where('submissions.status', '!=', 'draft'),
    ),
  );
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
  withoutSubmission?: number;
  /** keyset position in (nameEn, id) order */
  after: { key: string; id: string } | null;
  limit: number;
}

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
  if (q.withoutSubmission !== undefined) {
    const year = q.withoutSubmission;
    query = query.where((eb) => notSubmitted(eb, year));
  }
  if (q.after) query = query.where(afterKeyset(['nameEn', 'id'], 'asc', [q.after.key, q.after.id]));
  return query.orderBy('nameEn').orderBy('id').limit(q.limit).execute();
}

// --- reminders -----------------------------------------------------------------------------------

/** Companies that have not submitted for the year (no submission, or a draft) and have not had this reminder. */
export const listCompaniesToRemind = (db: Executor, bookYear: number, daysBefore: number) =>
  db
    .selectFrom('companies')
    .select(['id', 'nameLo', 'nameEn'])
    .where((eb) => notSubmitted(eb, bookYear))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('reminderDeliveries')
            .select(sql`1`.as('one'))
            .whereRef('reminderDeliveries.companyId', '=', 'companies.id')
            .where('reminderDeliveries.bookYear', '=', bookYear)
            .where('reminderDeliveries.daysBefore', '=', daysBefore),
        ),
      ),
    )
    .orderBy('id')
    .execute();

/** Claims one reminder; false when it was sent already (by this run or by another process). */
export async function claimReminder(
  db: Executor,
  row: { companyId: string; bookYear: number; daysBefore: number; sentAt: string },
): Promise<boolean> {
  const result = await db
    .insertInto('reminderDeliveries')
    .values(row)
    .onConflict((oc) => oc.columns(['companyId', 'bookYear', 'daysBefore']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}
