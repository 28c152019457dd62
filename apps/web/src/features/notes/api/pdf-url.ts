import { API_BASE, NotesPaths } from '@bansi/shared';

/** The rendered PDF of a notes document (the company's or, for staff, through their route). */
export const notesPdfUrl = (id: string, options: { staff?: boolean } = {}) =>
  `${API_BASE}${options.staff ? NotesPaths.staffPdf(id) : NotesPaths.pdf(id)}?download=1`;
