import type { Kysely, Migration } from 'kysely';

/** Staff deal with an unmatched bank notification: applied to an invoice or dismissed, by whom and when. */
export const paymentsResolutionMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('payment_notifications').addColumn('resolution', 'text').execute();
    await db.schema.alterTable('payment_notifications').addColumn('resolution_note', 'text').execute();
    await db.schema.alterTable('payment_notifications').addColumn('resolved_by', 'text').execute();
    await db.schema.alterTable('payment_notifications').addColumn('resolved_at', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    for (const column of ['resolved_at', 'resolved_by', 'resolution_note', 'resolution']) {
      await db.schema.alterTable('payment_notifications').dropColumn(column).execute();
    }
  },
};
