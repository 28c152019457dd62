import { LibraryPaths, type StaffLibraryDocument, type UpdateLibraryDocument } from '@bansi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Edits titles or category, publishes or unpublishes. */
export const updateLibraryDocument = ({ id, patch }: { id: string; patch: UpdateLibraryDocument }) =>
  api<StaffLibraryDocument>(LibraryPaths.staffOne(id), { method: 'PATCH', body: patch });

export function useUpdateLibraryDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLibraryDocument,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['staff', 'library'] });
      // The category may have changed: both the old and the new list of readers.
      void queryClient.invalidateQueries({ queryKey: ['library'] });
    },
  });
}
