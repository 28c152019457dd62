import { z } from 'zod';

/** A company's export of all its records (one zip, prepared by a job; decision 186). */
export const CompanyExportStatus = z.enum(['preparing', 'ready', 'failed']);
export type CompanyExportStatus = z.infer<typeof CompanyExportStatus>;

export const CompanyExport = z.object({
  id: z.uuid(),
  status: CompanyExportStatus,
  requestedAt: z.string(),
  readyAt: z.string().nullable(),
  /** the link stops working then (EXPORT_LINK_DAYS after it was ready) */
  expiresAt: z.string().nullable(),
  /** bytes of the zip, once ready */
  size: z.number().int().nullable(),
  /** the download path under the API base, once ready */
  downloadUrl: z.string().nullable(),
});
export type CompanyExport = z.infer<typeof CompanyExport>;

export const CompanyExportList = z.object({ items: z.array(CompanyExport) });
export type CompanyExportList = z.infer<typeof CompanyExportList>;
