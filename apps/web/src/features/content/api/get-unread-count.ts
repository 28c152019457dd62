import { ContentPaths, type UnreadCount } from '@bansi/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { UNREAD_KEY } from '../../../api/notification-keys';

export const getUnreadCount = (signal?: AbortSignal) => api<UnreadCount>(ContentPaths.unreadCount, { signal });

export { UNREAD_KEY };

export const unreadCountQueryOptions = () =>
  queryOptions({ queryKey: UNREAD_KEY, queryFn: () => getUnreadCount(), refetchInterval: 60_000, staleTime: 15_000 });

/** How many notifications the logged-in company user has not opened (the bell's badge). */
export const useUnreadCount = () => useQuery(unreadCountQueryOptions());
