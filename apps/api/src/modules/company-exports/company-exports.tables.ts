import type { Language } from '@bansi/shared';

/**
 * A company's export of all its records (decision 186): asked for by a company admin or a staff admin,
 * built by the 'company-export.build' job into one zip in the FileStore (`storageKey`), downloadable by the
 * company's users (and staff admins) until `expiresAt`; then the zip is removed and the row stays as a record.
 */
export interface CompanyExportsTable {
  id: string;
  companyId: string;
  status: 'preparing' | 'ready' | 'failed';
  /** the manifest's language */
  language: Language;
  requestedBy: string;
  requestedAt: string;
  storageKey: string | null;
  size: number | null;
  sha256: string | null;
  readyAt: string | null;
  expiresAt: string | null;
  lastError: string | null;
}

export interface CompanyExportTables {
  companyExports: CompanyExportsTable;
}
