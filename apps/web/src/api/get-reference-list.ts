import { type ItemsOf, type ReferenceItem, ReferencePaths, type ReferenceList } from '@bansi/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';

type ReferenceItems = ItemsOf<ReferenceItem>;

export const getReferenceList = (list: ReferenceList, categoryId?: string) =>
  api<ReferenceItems>(ReferencePaths.list(list), { query: { categoryId } });

export const referenceListQueryOptions = (list: ReferenceList, categoryId?: string) =>
  queryOptions({
    queryKey: categoryId ? ['reference', list, { categoryId }] : ['reference', list],
    queryFn: () => getReferenceList(list, categoryId),
    staleTime: 10 * 60_000,
  });

/** A list staff admins edit (categories, sizes, departments filtered by category, document types …). */
export const useReferenceList = (list: ReferenceList, categoryId?: string, enabled = true) =>
  useQuery({ ...referenceListQueryOptions(list, categoryId), enabled });
