import {
  backofficeUrl,
  type CreateReferenceItemRequest,
  type ReferenceList,
  type StaffReferenceItem,
  type UpdateReferenceItemRequest,
} from '@bansi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { backofficeKeys } from './keys';

type Save =
  | { kind: 'create'; body: CreateReferenceItemRequest }
  | { kind: 'update'; id: string; body: UpdateReferenceItemRequest }
  | { kind: 'retire' | 'restore'; id: string };

export function saveReferenceItem(list: ReferenceList, save: Save) {
  switch (save.kind) {
    case 'create':
      return api<StaffReferenceItem>(backofficeUrl.referenceList(list), { method: 'POST', body: save.body });
    case 'update':
      return api<StaffReferenceItem>(backofficeUrl.referenceItem(list, save.id), { method: 'PATCH', body: save.body });
    case 'retire':
      return api<StaffReferenceItem>(backofficeUrl.referenceRetire(list, save.id), { method: 'POST' });
    case 'restore':
      return api<StaffReferenceItem>(backofficeUrl.referenceRestore(list, save.id), { method: 'POST' });
  }
}

/**
 * Creates, edits, retires or restores a row. The staff list and the public list the forms read
 * (`['reference', list]` and its filtered variants) are fetched again, so every form sees the edit.
 */
export function useSaveReferenceItem(list: ReferenceList) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: Save) => saveReferenceItem(list, save),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: backofficeKeys.reference(list) }),
        queryClient.invalidateQueries({ queryKey: ['reference', list] }),
      ]),
  });
}
