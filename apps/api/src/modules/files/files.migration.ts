import type { Kysely, Migration } from 'kysely';

export const filesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('files')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
      .addColumn('owner_kind', 'text', (c) => c.notNull())
      .addColumn('owner_id', 'text', (c) => c.notNull())
      .addColumn('slot', 'text', (c) => c.notNull())
      .addColumn('original_name', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('media_type', 'text', (c) => c.notNull())
      .addColumn('size', 'bigint', (c) => c.notNull())
      .addColumn('sha256', 'text', (c) => c.notNull())
      .addColumn('storage_key', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('replaces_id', 'text', (c) => c.references('files.id'))
      .addColumn('superseded_by_id', 'text', (c) => c.references('files.id'))
      .addColumn('superseded_at', 'text')
      .execute();
    await db.schema.createIndex('files_owner_slot').on('files').columns(['owner_kind', 'owner_id', 'slot']).execute();
    await db.schema.createIndex('files_company_created').on('files').columns(['company_id', 'created_at']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('files').execute();
  },
};
