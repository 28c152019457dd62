import { API_BASE, BackofficePaths, type SubmissionReport } from '@bansi/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { backofficeKeys } from './keys';

export const getReport = (bookYear: number) => api<SubmissionReport>(BackofficePaths.report, { query: { bookYear } });

export const reportQueryOptions = (bookYear: number) =>
  queryOptions({ queryKey: backofficeKeys.report(bookYear), queryFn: () => getReport(bookYear) });

/** Companies by submission state × size × province for a book year. */
export const useReport = (bookYear: number | undefined) => useQuery({ ...reportQueryOptions(bookYear ?? 0), enabled: Boolean(bookYear) });

/** The CSV is a download the browser fetches itself (the session cookie goes with it). */
export const reportCsvUrl = (bookYear: number) => `${API_BASE}${BackofficePaths.reportCsv}?bookYear=${bookYear}`;
