import { type SubmissionDetail, SubmissionPaths } from '@bansi/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { submissionKeys } from './keys';

export const getSubmission = (id: string) => api<SubmissionDetail>(SubmissionPaths.one(id));

export const submissionQueryOptions = (id: string) =>
  queryOptions({
    queryKey: submissionKeys.detail(id),
    queryFn: () => getSubmission(id),
    enabled: !!id,
  });

/** One submission of the company: data, checklist with files, checks, staff comments. */
export const useSubmission = (id: string) => useQuery(submissionQueryOptions(id));
