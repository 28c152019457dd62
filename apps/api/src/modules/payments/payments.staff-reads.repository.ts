import type { Executor } from '../../lib/deps';

// Reads of the invoices table that the back office's screens make (decision 196): its overview and a company's page.

export const listInvoicesOfCompany = (db: Executor, companyId: string, limit: number) =>
  db
    .selectFrom('invoices')
    .select(['id', 'number', 'status', 'total', 'dueDate', 'paidAt'])
    .where('companyId', '=', companyId)
    .orderBy('issuedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

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

/** Invoices by id, as the audit log names them. */
export const listInvoiceNumbers = (db: Executor, ids: readonly string[]) =>
  db.selectFrom('invoices').select(['id', 'number', 'companyId']).where('id', 'in', ids).execute();

/** Every invoice of a company, oldest first (the company's own export). */
export const listAllInvoicesOfCompany = (db: Executor, companyId: string) =>
  db
    .selectFrom('invoices')
    .select(['id', 'number', 'status', 'total', 'bookYear', 'issuedAt', 'paidAt', 'dueDate', 'receiptFileId'])
    .where('companyId', '=', companyId)
    .orderBy('issuedAt')
    .orderBy('id')
    .execute();

/** Every payment, reversed or not, with its invoice's number and company (the feeds' backfill, decision 241). */
export const listPaymentsOfInvoices = (db: Executor) =>
  db
    .selectFrom('payments as p')
    .innerJoin('invoices as i', 'i.id', 'p.invoiceId')
    .select(['p.id', 'p.invoiceId', 'i.number', 'i.companyId', 'p.amount', 'p.method', 'p.paidAt', 'p.reversedAt', 'p.reversalReason'])
    .execute();

/** The invoice each slip belongs to (the review queue links a slip to its invoice's screen). */
export const listInvoicesOfSlips = (db: Executor, slipIds: readonly string[]) =>
  slipIds.length === 0 ? Promise.resolve([]) : db.selectFrom('invoiceSlips').select(['id', 'invoiceId']).where('id', 'in', slipIds).execute();
