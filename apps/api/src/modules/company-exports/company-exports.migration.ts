import { sql, type Kysely, type Migration } from 'kysely';

export const companyExportsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('company_exports')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('language', 'text', (c) => c.notNull())
      .addColumn('requested_by', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('requested_at', 'text', (c) => c.notNull())
      .addColumn('storage_key', 'text')
      .addColumn('size', 'bigint')
      .addColumn('sha256', 'text')
      .addColumn('ready_at', 'text')
      .addColumn('expires_at', 'text')
      .addColumn('last_error', 'text')
      .execute();
    // One export being prepared per company, even when two requests race (a partial unique index).
    await db.schema
      .createIndex('company_exports_one_preparing')
      .on('company_exports')
      .column('company_id')
      .unique()
      .where(sql.ref('status'), '=', 'preparing')
      .execute();
    await db.schema.createIndex('company_exports_company').on('company_exports').columns(['company_id', 'requested_at']).execute();
    await db.schema.createIndex('company_exports_expiry').on('company_exports').columns(['expires_at']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('company_exports').execute();
  },
};
