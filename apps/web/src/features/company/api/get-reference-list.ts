import { type ItemsOf, type ReferenceItem, ReferencePaths, type ReferenceList } from '@bansi/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

type ReferenceItems = ItemsOf<ReferenceItem>;

export const getReferenceList = (list: ReferenceList) => api<ReferenceItems>(ReferencePaths.list(list));

export const referenceListQueryOptions = (list: ReferenceList) =>
  queryOptions({ queryKey: ['reference', list], queryFn: () => getReferenceList(list), staleTime: 10 * 60_000 });

/** One of the lists staff admins edit (categories, enterprise types, sizes …). */
export const useReferenceList = (list: ReferenceList) => useQuery(referenceListQueryOptions(list));
