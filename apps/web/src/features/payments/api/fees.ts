import { PaymentPaths, type FeeSchedule, type PutFeesBody } from '@bansi/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { paymentKeys } from './keys';

export const getFees = () => api<FeeSchedule>(PaymentPaths.fees);
export const putFees = (body: PutFeesBody) => api<FeeSchedule>(PaymentPaths.fees, { method: 'PUT', body });

/** The fee schedule (staff admins). */
export const useFees = (enabled = true) => useQuery({ queryKey: paymentKeys.fees, queryFn: getFees, enabled });

export function usePutFees() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: putFees, onSuccess: (data) => queryClient.setQueryData(paymentKeys.fees, data) });
}
