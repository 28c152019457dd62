import { API_BASE, FilePaths, SubmissionPaths } from '@bansi/shared';

/** Where the browser reads a file: inline for the viewer, or as an attachment. */
export const fileContentUrl = (id: string, options: { staff?: boolean; download?: boolean } = {}) =>
  `${API_BASE}${options.staff ? FilePaths.staffContent(id) : FilePaths.content(id)}${options.download ? '?download=1' : ''}`;

/** The acknowledgement receipt PDF of an accepted submission. */
export const receiptUrl = (id: string, options: { staff?: boolean; download?: boolean } = {}) =>
  `${API_BASE}${options.staff ? SubmissionPaths.staffReceipt(id) : SubmissionPaths.receipt(id)}${options.download === false ? '' : '?download=1'}`;
