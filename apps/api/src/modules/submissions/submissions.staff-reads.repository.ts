import type { SubmissionStatus } from '@bansi/shared';
import type { Executor } from '../../lib/deps';
import { countFilesInSlots } from '../files';
import { SUBMISSION_OWNER } from './submissions.repository';
import { SIZE_COLUMNS } from './submissions.tables';

// Reads of the submissions table that the back office's screens make (decision 196): its overview and a company's page.

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

export const listSubmissionsOfCompany = (db: Executor, companyId: string) =>
  db
    .selectFrom('submissions')
    .select(['id', 'bookYear', 'status', 'createdAt', 'submittedAt', 'acceptedAt', 'updatedAt'])
    .where('companyId', '=', companyId)
    .orderBy('bookYear', 'desc')
    .execute();

/** Every company's submission of the year (one per company), with what its size is derived from (the report by filing). */
export const listSubmissionsOfYear = (db: Executor, bookYear: number) =>
  db
    .selectFrom('submissions')
    .select([
      'companyId',
      // what the filing's size is derived from (submissions.checklist sizeViewOf), status included
      ...SIZE_COLUMNS,
      'createdAt as startedAt',
      'firstSubmittedAt',
      'submittedAt',
      'acceptedAt',
    ])
    .where('bookYear', '=', bookYear)
    .execute();

/** The columns of submissions that name a row of each reference list. */
const REFERENCE_COLUMNS = { departments: 'departmentId', 'special-categories': 'specialCategoryId', sizes: 'declaredSizeId' } as const;

/** How many submissions name each of these reference items, and for document types how many files sit in the type's slot. */
export async function countSubmissionsNamingItems(db: Executor, list: string, rows: { id: string; code: string }[]) {
  const uses: { id: string; n: number }[] = [];
  const column = REFERENCE_COLUMNS[list as keyof typeof REFERENCE_COLUMNS];
  if (column && rows.length) {
    const found = await db
      .selectFrom('submissions')
      .select([`${column} as ref`, (eb) => eb.fn.countAll().as('n')])
      .where(
        column,
        'in',
        rows.map((r) => r.id),
      )
      .groupBy(column)
      .execute();
    for (const r of found) if (r.ref) uses.push({ id: r.ref, n: Number(r.n) });
  }
  if (list === 'document-types') {
    const byCode = new Map(rows.map((r) => [r.code, r.id]));
    for (const r of await countFilesInSlots(db, SUBMISSION_OWNER, [...byCode.keys()])) {
      const id = byCode.get(String(r.slot));
      if (id) uses.push({ id, n: Number(r.n) });
    }
  }
  return uses;
}

/** The ids of the companies that submitted for the year (a draft is not submitted): a subquery for the companies' reads. */
export const filedCompanyIds = (db: Executor, bookYear: number) =>
  db
    .selectFrom('submissions')
    .select('submissions.companyId')
    .where('submissions.bookYear', '=', bookYear)
    .where('submissions.status', '!=', 'draft');

/** Filings by id, as the audit log names them. */
export const listSubmissionHeads = (db: Executor, ids: readonly string[]) =>
  db.selectFrom('submissions').select(['id', 'companyId', 'reference', 'bookYear']).where('id', 'in', ids).execute();

/** Every accepted submission with its receipt's file and acceptance time (the feeds' backfill, decision 241). */
export const listAcceptedSubmissions = (db: Executor) =>
  db
    .selectFrom('submissions as s')
    .innerJoin('submissionReceipts as r', 'r.submissionId', 's.id')
    .select(['s.id', 'r.fileId', 'r.acceptedAt'])
    .where('s.status', '=', 'accepted')
    .execute();
