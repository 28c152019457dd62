import { API_BASE, AuthPaths, ContentImage, ContentPaths, CsrfToken, Problem } from '@bansi/shared';
import { useMutation } from '@tanstack/react-query';
import i18next from 'i18next';
import { ApiError, api } from '../../../lib/api-client';

/**
 * Uploads a cover image as the raw request body (the API judges its type by content, resizes it and
 * answers the stored image). The JSON client cannot send a file, so this call is written out here.
 */
export async function uploadCover(file: File): Promise<ContentImage> {
  const { token } = await api(AuthPaths.csrf, { schema: CsrfToken });
  const res = await fetch(`${API_BASE}${ContentPaths.staffImages}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: {
      'content-type': file.type || 'application/octet-stream',
      'x-csrf-token': token,
      'accept-language': i18next.language || 'lo',
      accept: 'application/json',
    },
    body: file,
  });
  const data: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const problem = Problem.safeParse(data);
    throw new ApiError(
      problem.success
        ? problem.data
        : { type: 'about:blank', title: res.statusText, status: res.status, code: res.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'INTERNAL' },
    );
  }
  return ContentImage.parse(data);
}

export const useUploadCover = () => useMutation({ mutationFn: uploadCover });
