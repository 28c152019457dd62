import { PaymentPaths, type FeeSchedule } from '@bansi/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { paymentKeys } from './keys';

export const getCurrentFees = () => api<FeeSchedule>(PaymentPaths.currentFees);

/** The fees in force today, per service and company size (anyone may read them). */
export const useCurrentFees = () => useQuery({ queryKey: paymentKeys.currentFees, queryFn: getCurrentFees, staleTime: 5 * 60_000 });
