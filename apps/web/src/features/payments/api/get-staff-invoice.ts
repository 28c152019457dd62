import { PaymentPaths, type StaffInvoiceDetail } from '@bansi/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { paymentKeys } from './keys';

export const getStaffInvoice = (id: string) => api<StaffInvoiceDetail>(PaymentPaths.staffInvoice(id));

export const staffInvoiceQueryOptions = (id: string) => queryOptions({ queryKey: paymentKeys.staffOne(id), queryFn: () => getStaffInvoice(id) });

/** One invoice as staff see it: its lines, payment, slip, reversal and company. */
export const useStaffInvoice = (id: string) => useQuery(staffInvoiceQueryOptions(id));
