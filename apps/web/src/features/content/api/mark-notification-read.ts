import { type UnreadCount, contentUrl } from '@bansi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { NOTIFICATIONS_KEY } from './get-notifications';
import { UNREAD_KEY } from './get-unread-count';

export const markNotificationRead = (id: string) => api<UnreadCount>(contentUrl.markRead(id), { method: 'POST' });

/** Marks one notification read: the answer is the new unread count; the lists' read flags refresh. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: (count) => {
      queryClient.setQueryData(UNREAD_KEY, count);
      void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
    },
  });
}
