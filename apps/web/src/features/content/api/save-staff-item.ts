import { contentUrl, type ContentKind, type PublishAction } from '@bansi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { STAFF_KEY, staffListPaths, type StaffItem } from './staff-items';

/** Creates a draft (no id) or saves changes (with the version the editor started from). */
export const saveStaffItem = <K extends ContentKind>(kind: K, id: string | null, body: Record<string, unknown>) =>
  id
    ? api<StaffItem<K>>(contentUrl.staffItem(kind, id), { method: 'PATCH', body })
    : api<StaffItem<K>>(staffListPaths[kind], { method: 'POST', body });

export const staffItemAction = <K extends ContentKind>(kind: K, id: string, action: PublishAction, publishAt?: string) =>
  api<StaffItem<K>>(contentUrl.staffAction(kind, id, action), { method: 'POST', body: action === 'schedule' ? { publishAt } : undefined });

export const deleteStaffItem = (kind: ContentKind, id: string) => api(contentUrl.staffItem(kind, id), { method: 'DELETE' });

/**
 * The back office writes of one kind. A write changes that kind's staff lists and what readers see
 * of it; the public caches of that kind are invalidated too.
 */
export function useStaffWrites<K extends ContentKind>(kind: K) {
  const queryClient = useQueryClient();
  const publicKey = kind === 'posts' ? ['content', 'posts'] : kind === 'notifications' ? ['content', 'notifications'] : ['content', 'page'];
  const changed = (item?: StaffItem<K>) => {
    void queryClient.invalidateQueries({ queryKey: [...STAFF_KEY, kind, 'list'] });
    void queryClient.invalidateQueries({ queryKey: [...STAFF_KEY, kind, 'preview'] });
    void queryClient.invalidateQueries({ queryKey: publicKey });
    if (item) queryClient.setQueryData([...STAFF_KEY, kind, 'one', item.id], item);
  };
  return {
    save: useMutation({
      mutationFn: (v: { id: string | null; body: Record<string, unknown> }) => saveStaffItem(kind, v.id, v.body),
      onSuccess: changed,
    }),
    act: useMutation({
      mutationFn: (v: { id: string; action: PublishAction; publishAt?: string }) => staffItemAction(kind, v.id, v.action, v.publishAt),
      onSuccess: changed,
    }),
    remove: useMutation({ mutationFn: (id: string) => deleteStaffItem(kind, id), onSuccess: () => changed() }),
  };
}
