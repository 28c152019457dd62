import type { Kysely, Migration } from 'kysely';

/**
 * Service payment (issue 15). Amounts are bigint kip. Invoice numbers are gapless per year: the
 * counter row is bumped in the same transaction as the invoice insert (a rollback takes both back),
 * and (year, seq) and number are unique. A notification is unique per (provider, transaction id):
 * concurrent duplicates collide there and only one has an effect; one payment per invoice.
 */
export const paymentsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('fee_schedule')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('service', 'text', (c) => c.notNull())
      .addColumn('size_code', 'text', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('effective_from', 'text', (c) => c.notNull())
      .addColumn('demo', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('updated_by', 'text', (c) => c.references('users.id'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('fee_schedule_key', ['service', 'size_code', 'effective_from'])
      .execute();

    await db.schema
      .createTable('invoice_counters')
      .addColumn('year', 'integer', (c) => c.primaryKey())
      .addColumn('last_seq', 'integer', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('invoices')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
      .addColumn('number', 'text', (c) => c.notNull().unique())
      .addColumn('year', 'integer', (c) => c.notNull())
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('total', 'bigint', (c) => c.notNull())
      .addColumn('due_date', 'text', (c) => c.notNull())
      .addColumn('book_year', 'integer')
      .addColumn('source_key', 'text', (c) => c.unique())
      .addColumn('issued_by', 'text', (c) => c.references('users.id'))
      .addColumn('issued_at', 'text', (c) => c.notNull())
      .addColumn('paid_at', 'text')
      .addColumn('method', 'text')
      .addColumn('void_reason', 'text')
      .addColumn('voided_by', 'text', (c) => c.references('users.id'))
      .addColumn('voided_at', 'text')
      .addColumn('receipt_file_id', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('invoices_year_seq', ['year', 'seq'])
      .execute();
    await db.schema.createIndex('invoices_company').on('invoices').columns(['company_id', 'issued_at']).execute();
    await db.schema.createIndex('invoices_status').on('invoices').columns(['status', 'issued_at']).execute();

    await db.schema
      .createTable('invoice_lines')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('invoice_id', 'text', (c) => c.notNull().references('invoices.id'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('service', 'text')
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('invoice_lines_position', ['invoice_id', 'position'])
      .execute();

    await db.schema
      .createTable('invoice_slips')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('invoice_id', 'text', (c) => c.notNull().references('invoices.id'))
      .addColumn('file_id', 'text', (c) => c.notNull())
      .addColumn('file_name', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('reject_reason', 'text')
      .addColumn('uploaded_by', 'text', (c) => c.notNull())
      .addColumn('uploaded_at', 'text', (c) => c.notNull())
      .addColumn('decided_by', 'text')
      .addColumn('decided_at', 'text')
      .execute();
    await db.schema.createIndex('invoice_slips_invoice').on('invoice_slips').columns(['invoice_id', 'uploaded_at']).execute();

    await db.schema
      .createTable('payment_notifications')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('transaction_id', 'text', (c) => c.notNull())
      .addColumn('bill_number', 'text', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('paid_at', 'text', (c) => c.notNull())
      .addColumn('raw_body', 'text', (c) => c.notNull())
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('reason', 'text')
      .addColumn('invoice_id', 'text')
      .addColumn('received_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('payment_notifications_tx', ['provider', 'transaction_id'])
      .execute();
    await db.schema.createIndex('payment_notifications_outcome').on('payment_notifications').columns(['outcome', 'received_at']).execute();

    await db.schema
      .createTable('payments')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('invoice_id', 'text', (c) => c.notNull().unique().references('invoices.id'))
      .addColumn('method', 'text', (c) => c.notNull())
      .addColumn('provider', 'text')
      .addColumn('transaction_id', 'text')
      .addColumn('notification_id', 'text')
      .addColumn('slip_id', 'text')
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('paid_at', 'text', (c) => c.notNull())
      .addColumn('recorded_by', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['payments', 'payment_notifications', 'invoice_slips', 'invoice_lines', 'invoices', 'invoice_counters', 'fee_schedule']) {
      await db.schema.dropTable(table).execute();
    }
  },
};
