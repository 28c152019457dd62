import { sql, type Kysely, type Migration } from 'kysely';

export const bookingsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('booking_settings')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('slot_minutes', 'integer', (c) => c.notNull())
      .addColumn('capacity', 'integer', (c) => c.notNull())
      .addColumn('min_notice_hours', 'integer', (c) => c.notNull())
      .addColumn('horizon_days', 'integer', (c) => c.notNull())
      .addColumn('cutoff_hours', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('updated_by', 'text')
      .execute();

    await db.schema
      .createTable('booking_holidays')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('date', 'text', (c) => c.notNull().unique())
      .addColumn('name_lo', 'text', (c) => c.notNull())
      .addColumn('name_en', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text')
      .execute();

    await db.schema
      .createTable('booking_slots')
      .addColumn('start', 'text', (c) => c.primaryKey())
      .addColumn('booked', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await db.schema
      .createTable('bookings')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
      .addColumn('code', 'text', (c) => c.notNull().unique())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('slot_start', 'text', (c) => c.notNull())
      .addColumn('slot_end', 'text', (c) => c.notNull())
      .addColumn('method', 'text', (c) => c.notNull())
      .addColumn('document_count', 'integer', (c) => c.notNull())
      .addColumn('contact_name', 'text', (c) => c.notNull())
      .addColumn('contact_phone', 'text', (c) => c.notNull())
      .addColumn('submission_id', 'text', (c) => c.references('submissions.id'))
      .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('cancelled_at', 'text')
      .addColumn('cancelled_by', 'text')
      .addColumn('received_at', 'text')
      .addColumn('received_by', 'text')
      .addColumn('received_by_name', 'text')
      .addColumn('received_count', 'integer')
      .addColumn('received_note', 'text')
      .execute();
    // One active booking per company and slot: a partial unique index (SQLite and PostgreSQL both have them).
    await db.schema
      .createIndex('bookings_one_active')
      .on('bookings')
      .columns(['company_id', 'slot_start'])
      .unique()
      .where(sql.ref('status'), '<>', 'cancelled')
      .execute();
    await db.schema.createIndex('bookings_company_status').on('bookings').columns(['company_id', 'status', 'slot_start']).execute();
    await db.schema.createIndex('bookings_slot').on('bookings').columns(['slot_start']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('bookings').execute();
    await db.schema.dropTable('booking_slots').execute();
    await db.schema.dropTable('booking_holidays').execute();
    await db.schema.dropTable('booking_settings').execute();
  },
};
