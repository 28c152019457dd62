import { sql, type Kysely, type Migration } from 'kysely';

export const jobsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('jobs')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('max_attempts', 'integer', (c) => c.notNull())
      .addColumn('run_at', 'text', (c) => c.notNull())
      .addColumn('unique_key', 'text', (c) => c.unique())
      .addColumn('locked_by', 'text')
      .addColumn('locked_until', 'text')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('finished_at', 'text')
      .execute();
    await db.schema.createIndex('jobs_due').on('jobs').columns(['status', 'run_at']).execute();
    await db.schema.createIndex('jobs_kind').on('jobs').columns(['kind', 'status']).execute();
    // Mail moved onto jobs and gained attachments (a stored file's id or bytes, as JSON).
    await db.schema.alterTable('outbox').addColumn('attachments', 'text').execute();
    // Mail queued before this migration still gets sent: one job per unsent mail.
    await sql`insert into jobs (id, kind, payload, status, attempts, max_attempts, run_at, unique_key, created_at, updated_at)
      select id, 'mail.send', '{"mailId":"' || id || '"}', 'pending', 0, 8, next_attempt_at, 'mail:' || id, created_at, created_at
      from outbox where status in ('pending', 'sending')`.execute(db);
    // Posts, notifications and pages scheduled before jobs existed get their publish job too.
    for (const [table, kind] of [
      ['content_posts', 'post'],
      ['content_notifications', 'notification'],
      ['content_pages', 'page'],
    ] as const) {
      await sql`insert into jobs (id, kind, payload, status, attempts, max_attempts, run_at, unique_key, created_at, updated_at)
        select id, 'content.publish', '{"kind":"' || ${kind} || '","id":"' || id || '","publishAt":"' || publish_at || '"}', 'pending', 0, 5,
          publish_at, 'publish:' || ${kind} || ':' || id || ':' || publish_at, updated_at, updated_at
        from ${sql.table(table)} where status = 'scheduled' and publish_at is not null`.execute(db);
    }
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('outbox').dropColumn('attachments').execute();
    await db.schema.dropTable('jobs').execute();
  },
};
