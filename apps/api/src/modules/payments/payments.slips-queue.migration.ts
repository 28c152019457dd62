import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The slips' source of the one review queue (decision 270) lists slips oldest upload first, keyset on
 * (uploaded_at, id): the waiting view ('pending', a literal as payments.repository slipsQueueSelect writes it)
 * from a partial index of the few pending slips, every other view from the whole (uploaded_at, id) range.
 */
export const slipsQueueMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create index invoice_slips_pending on invoice_slips (uploaded_at, id) where status = 'pending'`.execute(db);
    await db.schema.createIndex('invoice_slips_queue').on('invoice_slips').columns(['uploaded_at', 'id']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('invoice_slips_queue').execute();
    await db.schema.dropIndex('invoice_slips_pending').execute();
  },
};
