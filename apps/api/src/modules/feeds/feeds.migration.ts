import type { Kysely, Migration } from 'kysely';

export const feedsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('feed_entries')
      .addColumn('feed', 'text', (c) => c.notNull())
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('subject_id', 'text', (c) => c.notNull())
      .addColumn('company_id', 'text', (c) => c.notNull())
      .addColumn('item', 'text', (c) => c.notNull())
      .addColumn('recorded_at', 'text', (c) => c.notNull())
      // The page read: `where feed = ? and seq > ? order by seq limit ?` walks this key.
      .addPrimaryKeyConstraint('feed_entries_pk', ['feed', 'seq'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('feed_entries').execute();
  },
};
