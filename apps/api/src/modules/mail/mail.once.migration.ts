import type { Kysely, Migration } from 'kysely';

/**
 * A mail is queued once (decision 200): its sending state lives only in its 'mail.send' job, and the
 * outbox keeps the rendered message, written once. The state columns and their index go; the jobs of
 * mail not yet sent were made by the jobs migration and carry on.
 */
export const mailOnceMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.dropIndex('outbox_status').execute();
    for (const column of ['status', 'attempts', 'last_error', 'next_attempt_at', 'sent_at'])
      await db.schema.alterTable('outbox').dropColumn(column).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema
      .alterTable('outbox')
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
      .execute();
    await db.schema
      .alterTable('outbox')
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('outbox').addColumn('last_error', 'text').execute();
    await db.schema
      .alterTable('outbox')
      .addColumn('next_attempt_at', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema.alterTable('outbox').addColumn('sent_at', 'text').execute();
    await db.schema.createIndex('outbox_status').on('outbox').columns(['status', 'next_attempt_at']).execute();
  },
};
