import { LibraryPaths, type PageOf, PAGE_MAX_LIMIT, type StaffLibraryDocument, type LibraryCategory } from '@bansi/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

type StaffLibraryPage = PageOf<StaffLibraryDocument>;

export const listStaffLibrary = (category: LibraryCategory | null) =>
  api<StaffLibraryPage>(LibraryPaths.staffList, { query: { category: category ?? undefined, limit: PAGE_MAX_LIMIT } });

export const staffLibraryQueryOptions = (category: LibraryCategory | null) =>
  queryOptions({ queryKey: ['staff', 'library', category ?? 'all'], queryFn: () => listStaffLibrary(category) });

export const useStaffLibrary = (category: LibraryCategory | null) => useQuery(staffLibraryQueryOptions(category));
