import type { SubmissionStatus } from '@bansi/shared';
import type { Executor } from '../../lib/deps';

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
      'status',
      // what the filing's size is derived from (submissions.checklist sizeViewOf)
      'departmentId',
      'declaredSizeId',
      'averageLabour',
      'totalAssets',
      'annualIncome',
      'bookYear',
      'reviewerSize',
      'reviewerSizeReason',
      'reviewerSizeAt',
      'createdAt as startedAt',
      'firstSubmittedAt',
      'submittedAt',
      'acceptedAt',
    ])
    .where('bookYear', '=', bookYear)
    .execute();
