import { sql, type Kysely, type Migration } from 'kysely';
import { onPostgres } from '../../db/dialect';

export const auditMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('audit_log')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('occurred_at', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('actor_user_id', 'text')
      .addColumn('actor_role', 'text', (c) => c.notNull())
      .addColumn('actor_company_id', 'text')
      .addColumn('subject_kind', 'text', (c) => c.notNull())
      .addColumn('subject_id', 'text', (c) => c.notNull())
      .addColumn('company_id', 'text')
      .addColumn('request_id', 'text')
      .addColumn('address', 'text')
      .addColumn('details', 'text')
      .execute();
    // Newest first, keyed by (occurred_at, id); the filters each have an index of their own.
    await db.schema.createIndex('audit_log_time').on('audit_log').columns(['occurred_at', 'id']).execute();
    await db.schema.createIndex('audit_log_action').on('audit_log').columns(['action', 'occurred_at']).execute();
    await db.schema.createIndex('audit_log_actor').on('audit_log').columns(['actor_user_id', 'occurred_at']).execute();
    await db.schema.createIndex('audit_log_company').on('audit_log').columns(['company_id', 'occurred_at']).execute();
    await db.schema.createIndex('audit_log_subject').on('audit_log').columns(['subject_id', 'occurred_at']).execute();
    // Append-only in the database too: an UPDATE or DELETE fails whoever sends it.
    if (onPostgres(db)) {
      await sql`create function audit_log_append_only() returns trigger language plpgsql as $$
        begin raise exception 'audit_log is append-only'; end $$`.execute(db);
      await sql`create trigger audit_log_append_only before update or delete on audit_log
        for each row execute function audit_log_append_only()`.execute(db);
    } else {
      await sql`create trigger audit_log_no_update before update on audit_log
        begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
      await sql`create trigger audit_log_no_delete before delete on audit_log
        begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
    }
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('audit_log').execute();
    if (onPostgres(db)) await sql`drop function if exists audit_log_append_only()`.execute(db);
  },
};
