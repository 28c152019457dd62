import type { Executor } from '../../lib/deps';

/** The company a session shows beside its user (null for staff). */
export interface SessionCompany {
  id: string;
  nameLo: string;
  nameEn: string;
}

export type SessionCompanyLookup = (db: Executor, companyId: string) => Promise<SessionCompany | undefined>;

let lookup: SessionCompanyLookup | null = null;

/**
 * Auth sits below companies (decision 196): it does not read the companies table, the composition
 * (modules/providers.ts) hands it the companies module's read function once, at load.
 */
export function provideSessionCompanies(fn: SessionCompanyLookup): void {
  lookup = fn;
}

export async function sessionCompanyOf(db: Executor, companyId: string | null): Promise<SessionCompany | null> {
  if (!companyId) return null;
  if (!lookup) throw new Error('no module provides the companies of sessions (modules/providers.ts)');
  return (await lookup(db, companyId)) ?? null;
}
