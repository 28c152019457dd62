import { type LibraryDocument, LibraryPaths, type PageOf, PAGE_MAX_LIMIT, type LibraryCategory } from '@bansi/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

type LibraryPage = PageOf<LibraryDocument>;

/** The published documents of a category, newest first (a library stays well under one page of 100). */
export const listLibrary = (category: LibraryCategory) => api<LibraryPage>(LibraryPaths.list, { query: { category, limit: PAGE_MAX_LIMIT } });

export const libraryQueryOptions = (category: LibraryCategory) =>
  queryOptions({ queryKey: ['library', category], queryFn: () => listLibrary(category) });

export const useLibrary = (category: LibraryCategory) => useQuery(libraryQueryOptions(category));
