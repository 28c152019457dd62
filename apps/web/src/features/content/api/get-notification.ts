import { type NotificationDetail, contentUrl } from '@bansi/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { NOTIFICATIONS_KEY } from './get-notifications';

export const getNotification = (id: string, signal?: AbortSignal) => api<NotificationDetail>(contentUrl.notification(id), { signal });

export const notificationQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...NOTIFICATIONS_KEY, 'one', id], queryFn: () => getNotification(id) });

export const useNotification = (id: string | null) => useQuery({ ...notificationQueryOptions(id ?? ''), enabled: !!id });
