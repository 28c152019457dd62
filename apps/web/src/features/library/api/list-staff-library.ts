import { LibraryPaths, Page, PAGE_MAX_LIMIT, StaffLibraryDocument, type LibraryCategory } from '@bansi/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const StaffLibraryPage = Page(StaffLibraryDocument);

export const listStaffLibrary = (category: LibraryCategory | null) =>
  api(LibraryPaths.staffList, { query: { category: category ?? undefined, limit: PAGE_MAX_LIMIT }, schema: StaffLibraryPage });

export const staffLibraryQueryOptions = (category: LibraryCategory | null) =>
  queryOptions({ queryKey: ['staff', 'library', category ?? 'all'], queryFn: () => listStaffLibrary(category) });

export const useStaffLibrary = (category: LibraryCategory | null) => useQuery(staffLibraryQueryOptions(category));
