import type { Executor } from '../../lib/deps';
import { findCompany } from '../companies';

/** A booking's company (names, TIN, e-mail), through the companies face; a booking's company always exists. */
export async function companyOfBooking(db: Executor, companyId: string) {
  const company = await findCompany(db, companyId);
  if (!company) throw new Error(`company ${companyId} of a booking not found`);
  return company;
}

/** Whose filing a booking names: the submissions module answers (a feature beside this one, decision 196). */
export type FilingOwnerLookup = (db: Executor, submissionId: string) => Promise<{ companyId: string } | undefined>;

let filingOwner: FilingOwnerLookup | null = null;

/** The composition (modules/providers.ts) hands the submissions module's read function down once, at load. */
export function provideFilingOwners(fn: FilingOwnerLookup): void {
  filingOwner = fn;
}

export async function ownerOfFiling(db: Executor, submissionId: string) {
  if (!filingOwner) throw new Error('no module provides the owners of filings (modules/providers.ts)');
  return filingOwner(db, submissionId);
}
