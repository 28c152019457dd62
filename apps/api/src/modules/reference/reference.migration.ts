import type { Kysely, Migration } from 'kysely';

export const referenceMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('provinces')
      .addColumn('code', 'text', (c) => c.primaryKey())
      .addColumn('name_lo', 'text', (c) => c.notNull())
      .addColumn('name_en', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('districts')
      .addColumn('code', 'text', (c) => c.primaryKey())
      .addColumn('province_code', 'text', (c) => c.notNull().references('provinces.code'))
      .addColumn('name_lo', 'text', (c) => c.notNull())
      .addColumn('name_en', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('districts_province').on('districts').column('province_code').execute();
    await db.schema
      .createTable('villages')
      .addColumn('code', 'text', (c) => c.primaryKey())
      .addColumn('district_code', 'text', (c) => c.notNull().references('districts.code'))
      .addColumn('name_lo', 'text', (c) => c.notNull())
      .addColumn('name_en', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('villages_district').on('villages').column('district_code').execute();
    await db.schema
      .createTable('reference_items')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('list', 'text', (c) => c.notNull())
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('name_lo', 'text', (c) => c.notNull())
      .addColumn('name_en', 'text', (c) => c.notNull())
      .addColumn('parent_id', 'text', (c) => c.references('reference_items.id'))
      .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('extra', 'text')
      .addUniqueConstraint('reference_items_list_code', ['list', 'code'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const t of ['reference_items', 'villages', 'districts', 'provinces']) await db.schema.dropTable(t).execute();
  },
};
