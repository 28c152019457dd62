import { type StaffSubmissionDetail, SubmissionPaths } from '@bansi/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { submissionKeys } from './keys';

export const getStaffSubmission = (id: string) => api<StaffSubmissionDetail>(SubmissionPaths.staffOne(id));

export const staffSubmissionQueryOptions = (id: string) =>
  queryOptions({
    queryKey: submissionKeys.staffDetail(id),
    queryFn: () => getStaffSubmission(id),
  });

/** A submission as the reviewer sees it: the company, data, files, checks, comments, the whole timeline. */
export const useStaffSubmission = (id: string) => useQuery(staffSubmissionQueryOptions(id));
