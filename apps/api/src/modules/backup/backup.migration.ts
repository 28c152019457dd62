import type { Kysely, Migration } from 'kysely';

/** The history of backups (issue 31): the last one's time, size and result. */
export const backupsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('backups')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('started_at', 'text', (c) => c.notNull())
      .addColumn('finished_at', 'text', (c) => c.notNull())
      .addColumn('file_name', 'text')
      .addColumn('size', 'bigint', (c) => c.notNull())
      .addColumn('result', 'text', (c) => c.notNull())
      .addColumn('error', 'text')
      .execute();
    await db.schema.createIndex('backups_finished').on('backups').column('finished_at').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('backups').execute();
  },
};
