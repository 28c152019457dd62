import { API_BASE, FilePaths } from '@bansi/shared';

/** A transfer slip's bytes for staff: inline to show it in place, or as a download. */
export const slipFileUrl = (fileId: string, options: { download?: boolean } = {}) =>
  `${API_BASE}${FilePaths.staffContent(fileId)}${options.download ? '?download=1' : ''}`;
