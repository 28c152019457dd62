import type { Kysely, Migration } from 'kysely';

/**
 * Secrets an instance makes for itself (issue 28): the payment-notification key of an instance started
 * without PAYMENT_WEBHOOK_SECRET. In the database, so it survives restarts and every process of a cluster
 * reads the same one; the primary key lets the first process's insert win a race at first start.
 */
export const instanceSecretsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('instance_secrets')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('instance_secrets').execute();
  },
};
