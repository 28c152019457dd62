import { isStaffRole } from '@bansi/shared';
import type { Principal } from '../../plugins/access';
import type { InvoicesTable } from './payments.tables';

/** Staff read every invoice; a company user only their own company's (anything else is "not found"). */
export function canReadInvoice(principal: Principal, invoice: Pick<InvoicesTable, 'companyId'>): boolean {
  return isStaffRole(principal.role) || (principal.companyId !== null && principal.companyId === invoice.companyId);
}

/** A company pays, or sends a slip for, its own open invoices only. */
export function canPayInvoice(principal: Principal, invoice: Pick<InvoicesTable, 'companyId'>): boolean {
  return principal.companyId !== null && principal.companyId === invoice.companyId;
}
