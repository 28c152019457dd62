import { LibraryPaths, type StaffLibraryDocument } from '@bansi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Adds a version (it becomes the current one; the older ones stay). */
export const addLibraryVersion = ({ id, form }: { id: string; form: FormData }) =>
  api<StaffLibraryDocument>(LibraryPaths.staffVersions(id), { method: 'POST', body: form });

export function useAddLibraryVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addLibraryVersion,
    onSuccess: (doc) => {
      void queryClient.invalidateQueries({ queryKey: ['staff', 'library'] });
      void queryClient.invalidateQueries({ queryKey: ['library', doc.category] });
    },
  });
}
