import { type SubmissionExistence, SubmissionPaths } from '@bansi/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { submissionKeys } from './keys';

export const checkSubmission = (bookYear: number) =>
  api<SubmissionExistence>(SubmissionPaths.check, {
    query: { bookYear },
  });

export const checkSubmissionQueryOptions = (bookYear: number) =>
  queryOptions({
    queryKey: submissionKeys.check(bookYear),
    queryFn: () => checkSubmission(bookYear),
  });

/** Whether the company has a submission for the year, and whether it is submitted (without creating one). */
export const useSubmissionCheck = (bookYear: number | undefined) =>
  useQuery({
    ...checkSubmissionQueryOptions(bookYear ?? 0),
    enabled: bookYear !== undefined,
  });
