import { type InfoPage, contentUrl } from '@bansi/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getInfoPage = (key: string, signal?: AbortSignal) => api<InfoPage>(contentUrl.page(key), { signal });

export const infoPageQueryOptions = (key: string) => queryOptions({ queryKey: ['content', 'page', key], queryFn: () => getInfoPage(key) });

/** An about-us or information page written by staff; 404 when there is none. */
export const useInfoPage = (key: string) => useQuery(infoPageQueryOptions(key));
