import { LibraryPaths, StaffLibraryDocument } from '@bansi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postForm } from './post-form';

/** Publishes a new document: its fields and the PDF(s) of its first version, as multipart. */
export const createLibraryDocument = (form: FormData) => postForm(LibraryPaths.staffList, form, StaffLibraryDocument);

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
