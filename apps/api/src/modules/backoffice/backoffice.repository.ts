import type { Executor } from '../../lib/deps';

/** The ids of the companies that had this reminder for the year (the reminders leave them out). */
export const remindedCompanyIds = (db: Executor, bookYear: number, daysBefore: number) =>
  db
    .selectFrom('reminderDeliveries')
    .select('reminderDeliveries.companyId')
    .where('reminderDeliveries.bookYear', '=', bookYear)
    .where('reminderDeliveries.daysBefore', '=', daysBefore);

/** Claims one reminder; false when it was sent already (by this run or by another process). */
export async function claimReminder(
  db: Executor,
  row: { companyId: string; bookYear: number; daysBefore: number; sentAt: string },
): Promise<boolean> {
  const result = await db
    .insertInto('reminderDeliveries')
    .values(row)
    .onConflict((oc) => oc.columns(['companyId', 'bookYear', 'daysBefore']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}
