import { type ItemsOf, type Place, ReferencePaths } from '@bansi/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { withPlaceNameEn } from '@bansi/shared/domain/place-name';
import { api } from '../lib/api-client';

// English names in title case, however the import wrote them (packages/shared domain/place-name).
export const getProvinces = () => api<ItemsOf<Place>>(ReferencePaths.provinces).then((r) => ({ ...r, items: r.items.map(withPlaceNameEn) }));

// Reference data changes rarely (staff edit it): keep it for the visit.
export const provincesQueryOptions = () => queryOptions({ queryKey: ['reference', 'provinces'], queryFn: getProvinces, staleTime: 10 * 60_000 });

/** The 18 provinces (addresses, filters, notification audiences). */
export const useProvinces = (enabled = true) => useQuery({ ...provincesQueryOptions(), enabled });
