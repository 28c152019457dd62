import { Items, ReferenceItem, ReferencePaths, type ReferenceList } from '@bansi/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const ReferenceItems = Items(ReferenceItem);

export const getReferenceList = (list: ReferenceList, categoryId?: string) =>
  api(ReferencePaths.list(list), {
    schema: ReferenceItems,
    query: { categoryId },
  });

export const referenceListQueryOptions = (list: ReferenceList, categoryId?: string) =>
  queryOptions({
    queryKey: categoryId ? ['reference', list, { categoryId }] : ['reference', list],
    queryFn: () => getReferenceList(list, categoryId),
    staleTime: 10 * 60_000,
  });

/** A list staff admins edit (departments filtered by category, special categories, document types …). */
export const useReferenceList = (list: ReferenceList, categoryId?: string, enabled = true) =>
  useQuery({ ...referenceListQueryOptions(list, categoryId), enabled });
