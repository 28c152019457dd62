import { PaymentPaths, type SimulatedPayment } from '@bansi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { paymentKeys } from './keys';

export const simulatePayment = (id: string) => api<SimulatedPayment>(PaymentPaths.simulate(id), { method: 'POST' });

/** Development only: the simulator bank pays the invoice through the signed notification. */
export function useSimulatePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: simulatePayment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentKeys.lists }),
  });
}
