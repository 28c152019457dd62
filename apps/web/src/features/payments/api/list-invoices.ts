import { PaymentPaths, type InvoiceList, type InvoiceStatus } from '@bansi/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { paymentKeys } from './keys';

export const listInvoices = (filters: { status?: InvoiceStatus }) => api<InvoiceList>(PaymentPaths.invoices, { query: { ...filters, limit: 100 } });

export const invoicesQueryOptions = (filters: { status?: InvoiceStatus }) =>
  queryOptions({ queryKey: paymentKeys.list(filters), queryFn: () => listInvoices(filters) });

/** The company's invoices, newest first. */
export const useInvoices = (filters: { status?: InvoiceStatus } = {}) => useQuery(invoicesQueryOptions(filters));
