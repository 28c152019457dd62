import type { Kysely, Migration } from 'kysely';

export const companiesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('companies')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name_lo', 'text', (c) => c.notNull())
      .addColumn('name_en', 'text', (c) => c.notNull())
      .addColumn('tin', 'text', (c) => c.notNull().unique())
      .addColumn('registration_no', 'text', (c) => c.notNull())
      .addColumn('category_id', 'text', (c) => c.notNull().references('reference_items.id'))
      .addColumn('enterprise_type_id', 'text', (c) => c.notNull().references('reference_items.id'))
      .addColumn('size_id', 'text', (c) => c.notNull().references('reference_items.id'))
      .addColumn('unit_id', 'text', (c) => c.references('reference_items.id'))
      .addColumn('special_category_id', 'text', (c) => c.references('reference_items.id'))
      .addColumn('account_program_id', 'text', (c) => c.references('reference_items.id'))
      .addColumn('province_code', 'text', (c) => c.notNull().references('provinces.code'))
      .addColumn('district_code', 'text', (c) => c.notNull().references('districts.code'))
      .addColumn('village_code', 'text', (c) => c.references('villages.code'))
      .addColumn('village_name', 'text')
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('phone', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('company_people')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('position', 'text')
      .addColumn('phone', 'text')
      .addColumn('email', 'text')
      .addColumn('holder_kind', 'text')
      .addColumn('licence_no', 'text')
      .addColumn('firm_name', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('company_people_company').on('company_people').column('company_id').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('company_people').execute();
    await db.schema.dropTable('companies').execute();
  },
};
