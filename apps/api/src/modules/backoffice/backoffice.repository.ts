import type { SubmissionStatus } from '@bansi/shared';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema';
import type { Executor } from '../../lib/deps';
import { afterKeyset } from '../../db/keyset';

/** Statuses that wait for someone: staff (submitted, resubmitted, in review) or the company (returned). */
export const WAITING_STATUSES = ['submitted', 'resubmitted', 'in_review', 'returned'] as const satisfies readonly SubmissionStatus[];

/** Per waiting status: how many, and since when the oldest waits (submitted for what staff wait on, last change otherwise). */
export const countWaitingSubmissions = (db: Executor, bookYear: number) =>
  db
    .selectFrom('submissions')
    .select([
      'status',
      (eb) => eb.fn.countAll<number | string>().as('n'),
      (eb) => eb.fn.min('submittedAt').as('minSubmitted'),
      (eb) => eb.fn.min('updatedAt').as('minUpdated'),
    ])
    .where('status', 'in', WAITING_STATUSES)
    .where('bookYear', '=', bookYear)
    .groupBy('status')
    .execute();

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

const likePattern = (fragment: string) => `%${fragment.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

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

export const listCompanyUsers = (db: Executor, companyId: string) =>
  db.selectFrom('users').selectAll().where('companyId', '=', companyId).orderBy('createdAt').execute();

export const listSubmissionsOfCompany = (db: Executor, companyId: string) =>
  db
    .selectFrom('submissions')
    .select(['id', 'bookYear', 'status', 'createdAt', 'submittedAt', 'acceptedAt', 'updatedAt'])
    .where('companyId', '=', companyId)
    .orderBy('bookYear', 'desc')
    .execute();

export const listNotesOfCompany = (db: Executor, companyId: string) =>
  db.selectFrom('notes').select(['id', 'bookYear', 'status', 'updatedAt']).where('companyId', '=', companyId).orderBy('bookYear', 'desc').execute();

export const listBookingsOfCompany = (db: Executor, companyId: string, limit: number) =>
  db
    .selectFrom('bookings')
    .select(['id', 'status', 'slotStart', 'documentCount', 'receivedAt', 'receivedCount'])
    .where('companyId', '=', companyId)
    .orderBy('slotStart', 'desc')
    .limit(limit)
    .execute();

export const listInvoicesOfCompany = (db: Executor, companyId: string, limit: number) =>
  db
    .selectFrom('invoices')
    .select(['id', 'number', 'status', 'total', 'dueDate', 'paidAt'])
    .where('companyId', '=', companyId)
    .orderBy('issuedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

export const listCompanyAudit = (db: Executor, companyId: string, limit: number) =>
  db
    .selectFrom('auditLog')
    .leftJoin('users', 'users.id', 'auditLog.actorUserId')
    .select([
      'auditLog.id',
      'auditLog.occurredAt',
      'auditLog.action',
      'auditLog.actorRole',
      'users.name as actorName',
      'auditLog.subjectKind',
      'auditLog.subjectId',
    ])
    .where((eb) =>
      eb.or([
        eb('auditLog.companyId', '=', companyId),
        eb.and([eb('auditLog.subjectKind', '=', 'company'), eb('auditLog.subjectId', '=', companyId)]),
      ]),
    )
    .orderBy('auditLog.occurredAt', 'desc')
    .orderBy('auditLog.id', 'desc')
    .limit(limit)
    .execute();

/** Every company with its submission of the year (if any), for the report and the CSV. */
export const listCompaniesWithSubmission = (db: Executor, bookYear: number) =>
  db
    .selectFrom('companies')
    .leftJoin('submissions', (join) => join.onRef('submissions.companyId', '=', 'companies.id').on('submissions.bookYear', '=', bookYear))
    .select([
      'companies.id',
      'companies.nameLo',
      'companies.nameEn',
      'companies.tin',
      'companies.registrationNo',
      'companies.provinceCode',
      'companies.sizeId',
      'companies.categoryId',
      'submissions.status',
      // what the filing's size is derived from (submissions.checklist sizeViewOf)
      'submissions.departmentId',
      'submissions.declaredSizeId',
      'submissions.averageLabour',
      'submissions.totalAssets',
      'submissions.annualIncome',
      'submissions.bookYear',
      'submissions.reviewerSize',
      'submissions.reviewerSizeReason',
      'submissions.reviewerSizeAt',
      'submissions.createdAt as startedAt',
      'submissions.firstSubmittedAt',
      'submissions.submittedAt',
      'submissions.acceptedAt',
    ])
    .orderBy('companies.nameEn')
    .orderBy('companies.id')
    .execute();

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

export const listActiveCompanyUsers = (db: Executor, companyId: string) =>
  db
    .selectFrom('users')
    .select(['id', 'email', 'language', 'name'])
    .where('companyId', '=', companyId)
    .where('disabledAt', 'is', null)
    .where('passwordHash', 'is not', null)
    .orderBy('createdAt')
    .execute();

/** Jobs that used up their attempts (staff admins look into them), with the oldest one's time. */
export const countFailedJobs = (db: Executor) =>
  db
    .selectFrom('jobs')
    .select([(eb) => eb.fn.countAll<number | string>().as('n'), (eb) => eb.fn.min('finishedAt').as('oldest')])
    .where('status', '=', 'failed')
    .executeTakeFirstOrThrow();

/** Bookings still to come in (not received, not cancelled) whose slot starts within [from, to). */
export const countBookingsBetween = (db: Executor, from: string, to: string) =>
  db
    .selectFrom('bookings')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('status', '=', 'booked')
    .where('slotStart', '>=', from)
    .where('slotStart', '<', to)
    .executeTakeFirstOrThrow();

/** Open invoices, and how many of them are past their due date (YYYY-MM-DD), with the oldest due date. */
export const countOpenInvoices = (db: Executor, today: string) =>
  db
    .selectFrom('invoices')
    .select([
      (eb) => eb.fn.countAll<number | string>().as('open'),
      (eb) => eb.fn.sum<number | string | null>(eb.case().when('dueDate', '<', today).then(1).else(0).end()).as('overdue'),
      (eb) => eb.fn.min('dueDate').as('oldestDue'),
      (eb) => eb.fn.min('issuedAt').as('oldestIssued'),
    ])
    .where('status', '=', 'open')
    .executeTakeFirstOrThrow();
