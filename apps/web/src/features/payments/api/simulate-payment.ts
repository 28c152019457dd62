import { PaymentPaths, type SimulatePaymentBody, type SimulatedPayment } from '@bansi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { paymentKeys } from './keys';

export const simulatePayment = (body: SimulatePaymentBody) => api<SimulatedPayment>(PaymentPaths.staffSimulator, { method: 'POST', body });

/** Staff, with PAYMENT_SIMULATOR=true: the simulator bank pays an invoice through the signed notification. */
export function useSimulatePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: simulatePayment,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: paymentKeys.staffLists }),
        queryClient.invalidateQueries({ queryKey: paymentKeys.unmatched }),
      ]),
  });
}
