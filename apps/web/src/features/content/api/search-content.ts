import { ContentPaths, type SearchPage } from '@bansi/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const searchContent = (q: string, cursor: string | undefined, signal?: AbortSignal) =>
  api<SearchPage>(ContentPaths.search, { query: { q, cursor, limit: 10 }, signal });

export const searchQueryOptions = (q: string) =>
  infiniteQueryOptions({
    queryKey: ['content', 'search', q],
    queryFn: ({ pageParam }) => searchContent(q, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: q.trim() !== '',
  });

/** Lao-aware search across news, notifications and information pages. */
export const useSearch = (q: string) => useInfiniteQuery(searchQueryOptions(q));
