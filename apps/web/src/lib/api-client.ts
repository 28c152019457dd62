import { API_BASE, type Problem } from '@bansi/shared';
import i18next from 'i18next';

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

/**
 * The problem document in an error answer, or null when the body is not one. A structural check, not
 * a zod parse: the browser trusts the API's shapes (see `api()`), and zod stays out of the first load.
 */
export function asProblem(data: unknown): Problem | null {
  if (typeof data !== 'object' || data === null) return null;
  const p = data as Partial<Problem>;
  return typeof p.status === 'number' && typeof p.code === 'string' && typeof p.title === 'string' ? (data as Problem) : null;
}

async function problemOf(res: Response): Promise<Problem> {
  const data: unknown = await res.json().catch(() => null);
  return asProblem(data) ?? { type: 'about:blank', title: res.statusText, status: res.status, code: res.status >= 500 ? 'INTERNAL' : 'BAD_REQUEST' };
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** JSON-encoded, except a File/Blob (sent as the raw body with its type) and FormData (multipart). */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
}

/**
 * Calls the API under its base path, with the user's language and, for writes, the CSRF token.
 *
 * `T` is the response type from packages/shared (`api<CurrentSession>(AuthPaths.currentSession)`). The answer is not
 * parsed again here: the server validates every response against the same zod schema before sending it
 * (fastify-type-provider-zod's serializer), so a browser-side parse would only repeat that check and put
 * zod in every page's first load (docs/decisions/009).
 */
export async function api<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const url = new URL(`${API_BASE}${path}`, window.location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': i18next.language || 'lo' };
  if (method !== 'GET') headers['x-csrf-token'] = await csrf();
  const { body } = options;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body instanceof Blob) {
    payload = body;
    headers['content-type'] = body.type || 'application/octet-stream';
  } else if (body !== undefined) {
    payload = JSON.stringify(body);
    headers['content-type'] = 'application/json';
  }
  let res: Response;
  try {
    res = await fetch(url, { method, headers, credentials: 'same-origin', body: payload, signal: options.signal });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError({ type: 'about:blank', title: 'network', status: 0, code: 'INTERNAL' });
  }
  if (!res.ok) {
    const problem = await problemOf(res);
    if (problem.code === 'CSRF') resetCsrf();
    throw new ApiError(problem);
  }
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}
