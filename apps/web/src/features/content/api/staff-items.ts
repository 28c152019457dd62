import {
  ContentPaths,
  ContentPreview,
  StaffNotification,
  StaffNotificationPage,
  StaffPage,
  StaffPagePage,
  StaffPost,
  StaffPostPage,
  contentUrl,
  type ContentKind,
  type ContentStatus,
} from '@bansi/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

/** The response schemas of each kind of staff-written content. */
export const staffSchemas = {
  posts: { one: StaffPost, list: StaffPostPage, path: ContentPaths.staffPosts },
  notifications: { one: StaffNotification, list: StaffNotificationPage, path: ContentPaths.staffNotifications },
  pages: { one: StaffPage, list: StaffPagePage, path: ContentPaths.staffPages },
} as const;

export type StaffItem<K extends ContentKind> = z.infer<(typeof staffSchemas)[K]['one']>;
export type AnyStaffItem = StaffPost | StaffNotification | StaffPage;

export const STAFF_KEY = ['content', 'staff'] as const;

export const getStaffItems = <K extends ContentKind>(kind: K, q: { status?: ContentStatus; cursor?: string }, signal?: AbortSignal) =>
  api(staffSchemas[kind].path, { schema: staffSchemas[kind].list, query: { ...q, limit: 50 }, signal }) as Promise<{
    items: StaffItem<K>[];
    nextCursor: string | null;
  }>;

export const staffItemsQueryOptions = <K extends ContentKind>(kind: K, status: ContentStatus | undefined) =>
  queryOptions({
    queryKey: [...STAFF_KEY, kind, 'list', status ?? 'all'],
    queryFn: () => getStaffItems(kind, { status }),
  });

/** The back office list of one kind, most recently edited first. */
export const useStaffItems = <K extends ContentKind>(kind: K, status?: ContentStatus) => useQuery(staffItemsQueryOptions(kind, status));

export const getStaffItem = <K extends ContentKind>(kind: K, id: string, signal?: AbortSignal) =>
  api(contentUrl.staffItem(kind, id), { schema: staffSchemas[kind].one, signal }) as Promise<StaffItem<K>>;

export const staffItemQueryOptions = <K extends ContentKind>(kind: K, id: string) =>
  queryOptions({ queryKey: [...STAFF_KEY, kind, 'one', id], queryFn: () => getStaffItem(kind, id) });

export const useStaffItem = <K extends ContentKind>(kind: K, id: string | null) =>
  useQuery({ ...staffItemQueryOptions(kind, id ?? ''), enabled: !!id });

export const getPreview = (kind: ContentKind, id: string, lang: 'lo' | 'en', signal?: AbortSignal) =>
  api(contentUrl.staffPreview(kind, id), { schema: ContentPreview, query: { lang }, signal });

/** The saved item as a reader in `lang` would see it, whatever its status. */
export const usePreview = (kind: ContentKind, id: string | null, lang: 'lo' | 'en') =>
  useQuery({ queryKey: [...STAFF_KEY, kind, 'preview', id, lang], queryFn: () => getPreview(kind, id!, lang), enabled: !!id });
