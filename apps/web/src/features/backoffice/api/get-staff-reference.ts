import { backofficeUrl, type ItemsOf, type ReferenceList, type StaffReferenceItem } from '@bansi/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { backofficeKeys } from './keys';

export const getStaffReference = (list: ReferenceList) => api<ItemsOf<StaffReferenceItem>>(backofficeUrl.referenceList(list));

export const staffReferenceQueryOptions = (list: ReferenceList) =>
  queryOptions({ queryKey: backofficeKeys.reference(list), queryFn: () => getStaffReference(list) });

/** Every row of a list, retired ones too, with how many records use each. */
export const useStaffReference = (list: ReferenceList, enabled = true) => useQuery({ ...staffReferenceQueryOptions(list), enabled });
