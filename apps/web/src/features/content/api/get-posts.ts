import { ContentPaths, type PostPage, type PostCategory } from '@bansi/shared';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getPosts = (q: { category?: PostCategory; cursor?: string; limit?: number }, signal?: AbortSignal) =>
  api<PostPage>(ContentPaths.posts, { query: q, signal });

/** The newest few, for the home page and the dashboard. */
export const latestPostsQueryOptions = (limit: number) =>
  queryOptions({ queryKey: ['content', 'posts', 'latest', limit], queryFn: () => getPosts({ limit }) });

export const useLatestPosts = (limit = 3) => useQuery(latestPostsQueryOptions(limit));

/** Every published post, a page at a time ("show more"). */
export const postsInfiniteQueryOptions = (category: PostCategory | undefined, limit = 9) =>
  infiniteQueryOptions({
    queryKey: ['content', 'posts', 'list', category ?? 'all', limit],
    queryFn: ({ pageParam }) => getPosts({ category, cursor: pageParam, limit }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const usePosts = (category: PostCategory | undefined, limit?: number) => useInfiniteQuery(postsInfiniteQueryOptions(category, limit));
