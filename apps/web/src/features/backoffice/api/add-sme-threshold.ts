import { SmeThresholdPaths, type SmeThresholdCell, type SmeThresholdCellRecord } from '@bansi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { backofficeKeys } from './keys';

export const addSmeThreshold = (cell: SmeThresholdCell) => api<SmeThresholdCellRecord>(SmeThresholdPaths.staffCreate, { method: 'POST', body: cell });

/** A staff admin enters a cell; the grid (and any submission form in this browser) reads the cells again. */
export function useAddSmeThreshold() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addSmeThreshold, onSuccess: () => queryClient.invalidateQueries({ queryKey: backofficeKeys.sme() }) });
}
