import { WebPaths } from '@bansi/shared/paths';
import type { SubjectNamer } from '../audit';
import { listInvoiceNumbers } from './payments.staff-reads.repository';

/** Invoices as the audit log names them: by number, opening the company's invoices. */
export const nameInvoices: SubjectNamer = async (db, ids) =>
  new Map((await listInvoiceNumbers(db, ids)).map((r) => [r.id, { nameLo: r.number, nameEn: r.number, link: WebPaths.staff.invoice(r.id) }]));
