import { ContentPaths, type ContentImage } from '@bansi/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Uploads a cover image as the raw request body; the API judges its type by content, resizes it and answers the stored image. */
export const uploadCover = (file: File) => api<ContentImage>(ContentPaths.staffImages, { method: 'POST', body: file });

export const useUploadCover = () => useMutation({ mutationFn: uploadCover });
