import type { Kysely, Migration } from 'kysely';

/** Failed log-ins counted per login and client address, so a stranger cannot lock someone else out. */
export const securityMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('login_failures')
      .addColumn('login_key', 'text', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('failures', 'integer', (c) => c.notNull())
      .addColumn('locked_until', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('login_failures_pk', ['login_key', 'address'])
      .execute();
    await db.schema.createIndex('login_failures_updated').on('login_failures').column('updated_at').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('login_failures').execute();
  },
};
