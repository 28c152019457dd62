import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Slip evidence and payment reversal (decision 120). A reversed payment stays as a row (the record),
 * so an invoice may have several payments over time but one standing one: the column-level unique
 * key on invoice_id becomes a partial unique index over the payments not reversed. SQLite cannot drop
 * a column constraint, so the table is rebuilt (the same statements on both databases).
 */
export const paymentsReversalMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('payments_next')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('invoice_id', 'text', (c) => c.notNull().references('invoices.id'))
      .addColumn('method', 'text', (c) => c.notNull())
      .addColumn('provider', 'text')
      .addColumn('transaction_id', 'text')
      .addColumn('notification_id', 'text')
      .addColumn('slip_id', 'text')
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('paid_at', 'text', (c) => c.notNull())
      .addColumn('recorded_by', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      // the day of the transfer staff read from a confirmed slip (YYYY-MM-DD, Vientiane)
      .addColumn('transfer_date', 'text')
      // the receipt made for this payment, kept when it is reversed, and its cancelled copy
      .addColumn('receipt_file_id', 'text')
      .addColumn('cancelled_receipt_file_id', 'text')
      .addColumn('reversed_at', 'text')
      .addColumn('reversed_by', 'text', (c) => c.references('users.id'))
      .addColumn('reversal_reason', 'text')
      .execute();
    await sql`insert into payments_next (id, invoice_id, method, provider, transaction_id, notification_id, slip_id, amount, paid_at, recorded_by, created_at, receipt_file_id)
      select p.id, p.invoice_id, p.method, p.provider, p.transaction_id, p.notification_id, p.slip_id, p.amount, p.paid_at, p.recorded_by, p.created_at,
        (select i.receipt_file_id from invoices i where i.id = p.invoice_id)
      from payments p`.execute(db);
    await db.schema.dropTable('payments').execute();
    await db.schema.alterTable('payments_next').renameTo('payments').execute();
    await sql`create unique index payments_standing on payments (invoice_id) where reversed_at is null`.execute(db);
    await db.schema.createIndex('payments_invoice').on('payments').columns(['invoice_id', 'created_at']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('payments_invoice').execute();
    await db.schema.dropIndex('payments_standing').execute();
    for (const column of ['reversal_reason', 'reversed_by', 'reversed_at', 'cancelled_receipt_file_id', 'receipt_file_id', 'transfer_date']) {
      await db.schema.alterTable('payments').dropColumn(column).execute();
    }
  },
};
