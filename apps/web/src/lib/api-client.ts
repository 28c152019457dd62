import { API_BASE, Problem } from '@bansi/shared';
import i18next from 'i18next';
import type { z } from 'zod';

/** A failed API call: the problem document the server sent (or one made up for a network error). */
export class ApiError extends Error {
  constructor(public readonly problem: Problem) {
    super(problem.title);
    this.name = 'ApiError';
  }
  get status() {
    return this.problem.status;
  }
  get code() {
    return this.problem.code;
  }
}

let csrfToken: string | null = null;

/** The CSRF token of this browser's session, for requests that do not go through api() (tus uploads). */
export async function csrf(): Promise<string> {
  if (csrfToken) return csrfToken;
  const res = await fetch(`${API_BASE}/auth/csrf`, { credentials: 'same-origin' });
  if (!res.ok) throw new ApiError(await problemOf(res));
  csrfToken = ((await res.json()) as { token: string }).token;
  return csrfToken;
}

/** Forget the CSRF token (it changes with the session, e.g. after login or logout). */
export function resetCsrf() {
  csrfToken = null;
}

async function problemOf(res: Response): Promise<Problem> {
  try {
    const parsed = Problem.safeParse(await res.json());
    if (parsed.success) return parsed.data;
  } catch {
    // not JSON: fall through to a generic problem
  }
  return { type: 'about:blank', title: res.statusText, status: res.status, code: res.status >= 500 ? 'INTERNAL' : 'BAD_REQUEST' };
}

interface RequestOptions<T extends z.ZodType> {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** Response schema from packages/shared; the answer is parsed with it. */
  schema?: T;
  signal?: AbortSignal;
}

/** Calls the API under its base path, with the user's language and, for writes, the CSRF token. */
export async function api<T extends z.ZodType = z.ZodUnknown>(path: string, options: RequestOptions<T> = {}): Promise<z.infer<T>> {
  const method = options.method ?? 'GET';
  const url = new URL(`${API_BASE}${path}`, window.location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': i18next.language || 'lo' };
  if (method !== 'GET') headers['x-csrf-token'] = await csrf();
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers,
      credentials: 'same-origin',
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError({ type: 'about:blank', title: 'network', status: 0, code: 'INTERNAL' });
  }
  if (!res.ok) {
    const problem = await problemOf(res);
    if (problem.code === 'CSRF') resetCsrf();
    throw new ApiError(problem);
  }
  if (res.status === 204) return undefined as z.infer<T>;
  const data: unknown = await res.json();
  return options.schema ? options.schema.parse(data) : (data as z.infer<T>);
}
