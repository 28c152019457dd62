import { type PostDetail, contentUrl } from '@bansi/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getPost = (slug: string, signal?: AbortSignal) => api<PostDetail>(contentUrl.post(slug), { signal });

export const postQueryOptions = (slug: string) => queryOptions({ queryKey: ['content', 'post', slug], queryFn: () => getPost(slug) });

/** One published article, in the reader's language (English falls back to Lao). */
export const usePost = (slug: string) => useQuery(postQueryOptions(slug));
