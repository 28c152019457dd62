import { ContentPaths, type NotificationPage } from '@bansi/shared';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { NOTIFICATIONS_KEY } from '../../../api/notification-keys';

export const getNotifications = (q: { cursor?: string; limit?: number }, signal?: AbortSignal) =>
  api<NotificationPage>(ContentPaths.notifications, { query: q, signal });

export { NOTIFICATIONS_KEY };

export const latestNotificationsQueryOptions = (limit: number) =>
  queryOptions({ queryKey: [...NOTIFICATIONS_KEY, 'latest', limit], queryFn: () => getNotifications({ limit }) });

export const useLatestNotifications = (limit = 5) => useQuery(latestNotificationsQueryOptions(limit));

export const notificationsInfiniteQueryOptions = (limit = 10) =>
  infiniteQueryOptions({
    queryKey: [...NOTIFICATIONS_KEY, 'list', limit],
    queryFn: ({ pageParam }) => getNotifications({ cursor: pageParam, limit }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** The notifications the caller may read: public ones, and for a company user those addressed to them. */
export const useNotifications = (limit?: number) => useInfiniteQuery(notificationsInfiniteQueryOptions(limit));
