import { PaymentPaths, type InvoiceStatus, type StaffInvoiceList, type UnmatchedNotificationList } from '@bansi/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { paymentKeys } from './keys';

export interface StaffInvoiceFilters {
  status?: InvoiceStatus;
  companyId?: string;
  year?: number;
  slip?: 'pending';
}

export const listStaffInvoices = (filters: StaffInvoiceFilters) =>
  api<StaffInvoiceList>(PaymentPaths.staffInvoices, { query: { ...filters, limit: 100 } });

export const staffInvoicesQueryOptions = (filters: StaffInvoiceFilters) =>
  queryOptions({ queryKey: paymentKeys.staffList(filters), queryFn: () => listStaffInvoices(filters) });

/** Every company's invoices for staff, filtered by state, company, year or a slip waiting. */
export const useStaffInvoices = (filters: StaffInvoiceFilters) => useQuery(staffInvoicesQueryOptions(filters));

export const listUnmatched = () => api<UnmatchedNotificationList>(PaymentPaths.staffUnmatched, { query: { limit: 100 } });
/** Bank notifications that matched no open invoice, for staff to follow up. */
export const useUnmatched = () => useQuery({ queryKey: paymentKeys.unmatched, queryFn: listUnmatched });
