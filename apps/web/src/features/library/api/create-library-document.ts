import { LibraryPaths, type StaffLibraryDocument } from '@bansi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Publishes a new document: its fields and the PDF(s) of its first version, as multipart. */
export const createLibraryDocument = (form: FormData) => api<StaffLibraryDocument>(LibraryPaths.staffList, { method: 'POST', body: form });

export function useCreateLibraryDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLibraryDocument,
    onSuccess: (doc) => {
      void queryClient.invalidateQueries({ queryKey: ['staff', 'library'] });
      void queryClient.invalidateQueries({ queryKey: ['library', doc.category] });
    },
  });
}
