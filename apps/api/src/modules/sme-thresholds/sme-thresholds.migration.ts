import type { Kysely, Migration } from 'kysely';

export const smeThresholdsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('sme_threshold_cells')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('sector', 'text', (c) => c.notNull())
      .addColumn('size', 'text', (c) => c.notNull())
      .addColumn('criterion', 'text', (c) => c.notNull())
      .addColumn('upper_bound', 'bigint', (c) => c.notNull())
      .addColumn('upper_inclusive', 'integer', (c) => c.notNull())
      .addColumn('effective_from', 'text', (c) => c.notNull())
      .addColumn('source_note', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text', (c) => c.references('users.id'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('sme_threshold_cells_key', ['sector', 'size', 'criterion', 'effective_from'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('sme_threshold_cells').execute();
  },
};
