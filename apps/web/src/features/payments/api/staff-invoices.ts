import { PaymentPaths, type InvoiceStatus, type ResolveNotificationBody, type StaffInvoiceList, type UnmatchedNotificationList } from '@bansi/shared';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { paymentKeys } from './keys';

export interface StaffInvoiceFilters {
  status?: InvoiceStatus;
  companyId?: string;
  year?: number;
  slip?: 'pending';
  due?: 'overdue';
}

export const listStaffInvoices = (filters: StaffInvoiceFilters, cursor?: string) =>
  api<StaffInvoiceList>(PaymentPaths.staffInvoices, { query: { ...filters, cursor, limit: 20 } });

export const staffInvoicesQueryOptions = (filters: StaffInvoiceFilters) =>
  infiniteQueryOptions({
    queryKey: paymentKeys.staffList(filters),
    queryFn: ({ pageParam }) => listStaffInvoices(filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** Every company's invoices for staff, filtered by state, company, year, a slip waiting or overdue; keyset pages. */
export const useStaffInvoices = (filters: StaffInvoiceFilters) => useInfiniteQuery(staffInvoicesQueryOptions(filters));

export const listUnmatched = () => api<UnmatchedNotificationList>(PaymentPaths.staffUnmatched, { query: { limit: 100 } });
/** Bank notifications that matched no open invoice and that staff have not dealt with yet. */
export const useUnmatched = () => useQuery({ queryKey: paymentKeys.unmatched, queryFn: listUnmatched });

export const resolveUnmatched = (id: string, body: ResolveNotificationBody) =>
  api<void>(PaymentPaths.staffResolveUnmatched(id), { method: 'POST', body });

/** Apply an unmatched notification to an invoice, or dismiss it: it leaves the list; an applied one pays the invoice. */
export function useResolveUnmatched() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; body: ResolveNotificationBody }) => resolveUnmatched(v.id, v.body),
    onSuccess: async (_, v) => {
      await queryClient.invalidateQueries({ queryKey: paymentKeys.unmatched });
      if (v.body.action === 'apply') await queryClient.invalidateQueries({ queryKey: paymentKeys.staffLists });
    },
  });
}
