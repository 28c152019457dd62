import { AuthPaths, type Session } from '@bansi/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';

/** The current session, or null for a visitor (the API answers 401). */
export async function getSession(): Promise<Session | null> {
  try {
    return await api<Session>(AuthPaths.session);
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

export const sessionQueryOptions = () => queryOptions({ queryKey: ['session'], queryFn: getSession, staleTime: 60_000 });

export const useSession = () => useQuery(sessionQueryOptions());
