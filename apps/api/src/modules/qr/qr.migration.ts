import type { Kysely, Migration } from 'kysely';

export const qrMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('qr_codes')
      .addColumn('code_hash', 'text', (c) => c.primaryKey())
      .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('subject_id', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('qr_codes_subject').on('qr_codes').columns(['kind', 'subject_id']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('qr_codes').execute();
  },
};
