import type { Kysely, Migration } from 'kysely';

export const webhooksMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('webhook_endpoints')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('events', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('secret', 'text', (c) => c.notNull())
      .addColumn('active', 'integer', (c) => c.notNull())
      .addColumn('created_by', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('disabled_at', 'text')
      .execute();
    await db.schema
      .createTable('webhook_deliveries')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('endpoint_id', 'text', (c) => c.notNull().references('webhook_endpoints.id'))
      .addColumn('event', 'text', (c) => c.notNull())
      .addColumn('event_id', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull())
      .addColumn('last_status_code', 'integer')
      .addColumn('last_answer', 'text')
      .addColumn('last_attempt_at', 'text')
      .addColumn('next_attempt_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    // One event → one delivery per endpoint, whichever process publishes it.
    await db.schema.createIndex('webhook_deliveries_once').on('webhook_deliveries').columns(['event_id', 'endpoint_id']).unique().execute();
    // The staff list: newest first, optionally of one status.
    await db.schema.createIndex('webhook_deliveries_list').on('webhook_deliveries').columns(['created_at', 'id']).execute();
    await db.schema.createIndex('webhook_deliveries_status').on('webhook_deliveries').columns(['status', 'created_at', 'id']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('webhook_deliveries').execute();
    await db.schema.dropTable('webhook_endpoints').execute();
  },
};
