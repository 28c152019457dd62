import { PaymentPaths, type ConfirmInvoiceBody, type CreateInvoiceBody, type StaffInvoice } from '@bansi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { paymentKeys } from './keys';

export const issueInvoice = (body: CreateInvoiceBody) => api<StaffInvoice>(PaymentPaths.staffInvoices, { method: 'POST', body });
export const voidInvoice = (id: string, reason: string) =>
  api<StaffInvoice>(PaymentPaths.staffAction(id, 'void'), { method: 'POST', body: { reason } });
export const reversePayment = (id: string, reason: string) =>
  api<StaffInvoice>(PaymentPaths.staffAction(id, 'reverse'), { method: 'POST', body: { reason } });
export const decideSlip = (id: string, body: ConfirmInvoiceBody) =>
  api<StaffInvoice>(PaymentPaths.staffAction(id, 'confirm'), { method: 'POST', body });

/** Staff billing actions; each changes the staff invoice lists only. */
export function useStaffInvoiceActions() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: paymentKeys.staffLists });
  return {
    issue: useMutation({ mutationFn: issueInvoice, onSuccess }),
    void: useMutation({ mutationFn: (v: { id: string; reason: string }) => voidInvoice(v.id, v.reason), onSuccess }),
    reverse: useMutation({ mutationFn: (v: { id: string; reason: string }) => reversePayment(v.id, v.reason), onSuccess }),
    decide: useMutation({ mutationFn: (v: { id: string; body: ConfirmInvoiceBody }) => decideSlip(v.id, v.body), onSuccess }),
  };
}
