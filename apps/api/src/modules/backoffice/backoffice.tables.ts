/**
 * One row per reminder sent: a company, a book year and a reminder day (days before 31 March). The
 * primary key makes "exactly once" hold even when two workers run the reminder job at the same time.
 */
export interface ReminderDeliveriesTable {
  companyId: string;
  bookYear: number;
  daysBefore: number;
  sentAt: string;
}

export interface BackofficeTables {
  reminderDeliveries: ReminderDeliveriesTable;
}
