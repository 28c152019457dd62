import type { Executor } from '../../lib/deps';
import { definePort } from '../../lib/port';

/** The company a session shows beside its user (null for staff). */
export interface SessionCompany {
  id: string;
  nameLo: string;
  nameEn: string;
}

export type SessionCompanyLookup = (db: Executor, companyId: string) => Promise<SessionCompany | undefined>;

/**
 * Auth and companies both stand on the core floor (decisions 196, 221): auth does not read the companies table,
 * the composition (modules/providers.ts) gives this port the companies module's read function once, at load.
 */
export const sessionCompanies = definePort<SessionCompanyLookup>('the companies of sessions');

export async function sessionCompanyOf(db: Executor, companyId: string | null): Promise<SessionCompany | null> {
  if (!companyId) return null;
  return (await sessionCompanies.use()(db, companyId)) ?? null;
}
