import { API_BASE, AuthPaths, CsrfToken, Problem } from '@bansi/shared';
import i18next from 'i18next';
import type { z } from 'zod';
import { ApiError, api } from '../../../lib/api-client';

/**
 * A multipart POST (library PDFs), with the CSRF token the API hands this browser and the user's
 * language; answers like api(): the parsed body, or an ApiError with the problem.
 */
export async function postForm<T extends z.ZodType>(path: string, form: FormData, schema: T): Promise<z.infer<T>> {
  const { token } = await api(AuthPaths.csrf, { schema: CsrfToken });
  const res = await fetch(`${API_BASE}${path}`, {
    method: 'POST',
    body: form,
    credentials: 'same-origin',
    headers: { accept: 'application/json', 'accept-language': i18next.language || 'lo', 'x-csrf-token': token },
  });
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const problem = Problem.safeParse(body);
    throw new ApiError(
      problem.success ? problem.data : { type: 'about:blank', title: res.statusText, status: res.status, code: res.status >= 500 ? 'INTERNAL' : 'BAD_REQUEST' },
    );
  }
  return schema.parse(body);
}
