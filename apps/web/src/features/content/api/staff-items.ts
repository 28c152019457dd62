import {
  ContentPaths,
  contentUrl,
  type ContentKind,
  type ContentPreview,
  type ContentStatus,
  type PageOf,
  type StaffNotification,
  type StaffPage,
  type StaffPost,
} from '@bansi/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The list path of each kind of staff-written content. */
export const staffListPaths = {
  posts: ContentPaths.staffPosts,
  notifications: ContentPaths.staffNotifications,
  pages: ContentPaths.staffPages,
} as const satisfies Record<ContentKind, string>;

/** What the back office reads and writes of each kind. */
type StaffItems = { posts: StaffPost; notifications: StaffNotification; pages: StaffPage };
export type StaffItem<K extends ContentKind> = StaffItems[K];
export type AnyStaffItem = StaffPost | StaffNotification | StaffPage;

export const STAFF_KEY = ['content', 'staff'] as const;

export const getStaffItems = <K extends ContentKind>(kind: K, q: { status?: ContentStatus; cursor?: string }, signal?: AbortSignal) =>
  api<PageOf<StaffItem<K>>>(staffListPaths[kind], { query: { ...q, limit: 50 }, signal });

export const staffItemsQueryOptions = <K extends ContentKind>(kind: K, status: ContentStatus | undefined) =>
  queryOptions({
    queryKey: [...STAFF_KEY, kind, 'list', status ?? 'all'],
    queryFn: () => getStaffItems(kind, { status }),
  });

/** The back office list of one kind, most recently edited first. */
export const useStaffItems = <K extends ContentKind>(kind: K, status?: ContentStatus) => useQuery(staffItemsQueryOptions(kind, status));

export const getStaffItem = <K extends ContentKind>(kind: K, id: string, signal?: AbortSignal) =>
  api<StaffItem<K>>(contentUrl.staffItem(kind, id), { signal });

export const staffItemQueryOptions = <K extends ContentKind>(kind: K, id: string) =>
  queryOptions({ queryKey: [...STAFF_KEY, kind, 'one', id], queryFn: () => getStaffItem(kind, id) });

export const useStaffItem = <K extends ContentKind>(kind: K, id: string | null) =>
  useQuery({ ...staffItemQueryOptions(kind, id ?? ''), enabled: !!id });

export const getPreview = (kind: ContentKind, id: string, lang: 'lo' | 'en', signal?: AbortSignal) =>
  api<ContentPreview>(contentUrl.staffPreview(kind, id), { query: { lang }, signal });

/** The saved item as a reader in `lang` would see it, whatever its status. */
export const usePreview = (kind: ContentKind, id: string | null, lang: 'lo' | 'en') =>
  useQuery({ queryKey: [...STAFF_KEY, kind, 'preview', id, lang], queryFn: () => getPreview(kind, id!, lang), enabled: !!id });
