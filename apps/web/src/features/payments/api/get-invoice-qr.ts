import { PaymentPaths, type InvoiceQr } from '@bansi/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { paymentKeys } from './keys';

export const getInvoiceQr = (id: string) => api<InvoiceQr>(PaymentPaths.qr(id));

/** The LAO QR payload of an open invoice; fetched again before it expires. */
export const invoiceQrQueryOptions = (id: string) =>
  queryOptions({ queryKey: paymentKeys.qr(id), queryFn: () => getInvoiceQr(id), staleTime: 10 * 60_000, refetchInterval: 10 * 60_000 });

export const useInvoiceQr = (id: string, enabled: boolean) => useQuery({ ...invoiceQrQueryOptions(id), enabled });
