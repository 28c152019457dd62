import { AuthPaths, type CurrentSession, type Session } from '@bansi/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * The current session, or null for a visitor. Asked of the probe that answers a visitor with 200 and
 * `{ session: null }` (GET /auth/session answers 401, which every first visit would log as an error).
 */
export async function getSession(): Promise<Session | null> {
  return (await api<CurrentSession>(AuthPaths.currentSession)).session;
}

export const sessionQueryOptions = () => queryOptions({ queryKey: ['session'], queryFn: getSession, staleTime: 60_000 });

export const useSession = () => useQuery(sessionQueryOptions());
