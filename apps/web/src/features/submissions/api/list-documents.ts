import { type DocumentPage, SubmissionPaths, type DocumentKind } from '@bansi/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { submissionKeys } from './keys';

export interface DocumentFilters {
  bookYear?: number;
  kind?: DocumentKind;
}

export const listDocuments = (filters: DocumentFilters, cursor?: string) =>
  api<DocumentPage>(SubmissionPaths.documents, {
    query: { ...filters, cursor },
  });

export const documentsQueryOptions = (filters: DocumentFilters) =>
  infiniteQueryOptions({
    queryKey: submissionKeys.documents(filters),
    queryFn: ({ pageParam }) => listDocuments(filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** Every document of the company (submissions, their files, other files, receipts), newest first. */
export const useDocuments = (filters: DocumentFilters) => useInfiniteQuery(documentsQueryOptions(filters));
