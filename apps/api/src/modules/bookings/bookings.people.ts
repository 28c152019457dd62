import type { Executor } from '../../lib/deps';
import { definePort } from '../../lib/port';
import { findCompany } from '../companies';

/** A booking's company (names, TIN, e-mail), through the companies face; a booking's company always exists. */
export async function companyOfBooking(db: Executor, companyId: string) {
  const company = await findCompany(db, companyId);
  if (!company) throw new Error(`company ${companyId} of a booking not found`);
  return company;
}

/** Whose filing a booking names: the submissions module answers (a feature beside this one, decision 222). */
export const bookingFilings = definePort<(db: Executor, submissionId: string) => Promise<{ companyId: string } | undefined>>(
  'the owners of filings that bookings name',
);

export const ownerOfFiling = (db: Executor, submissionId: string) => bookingFilings.use()(db, submissionId);
