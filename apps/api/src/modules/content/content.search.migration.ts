import { sql, type Kysely, type Migration } from 'kysely';
import type { Database } from '../../db/schema';
import { audienceToken } from './content.repository';
import { excerptOf, notificationSource, pageSource, postSource, searchDocumentOf, type SearchSource } from './content.search';
import { onPostgres } from '../../db/dialect';

// Search through a substring index, and list indexes that match the lists' WHERE and ORDER BY
// (issue 17; decisions 100 and 101).

/** The schema pg_trgm's operator classes live in (it may have been installed before, anywhere). */
async function trgmSchema(db: Kysely<unknown>): Promise<string> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
  return rows[0]!.schema;
}

export const contentSearchMigration: Migration = {
  async up(db: Kysely<unknown>) {
    const pg = onPostgres(db);
    await db.schema.dropTable('search_terms').execute();
    await db.schema
      .createTable('search_documents')
      .addColumn('id', pg ? 'bigserial' : 'integer', (c) => c.primaryKey())
      .addColumn('doc_kind', 'text', (c) => c.notNull())
      .addColumn('doc_id', 'text', (c) => c.notNull())
      .addColumn('ref', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('publish_at', 'text')
      .addColumn('audience_kind', 'text', (c) => c.notNull())
      .addColumn('audience_value', 'text')
      .addColumn('shown_at', 'text', (c) => c.notNull())
      // Short columns first: ranking reads the titles and summaries of every candidate, and SQLite
      // reads a row's overflow pages only as far as the last column asked for.
      .addColumn('title_lo', 'text', (c) => c.notNull())
      .addColumn('title_en', 'text', (c) => c.notNull())
      .addColumn('match_title', 'text', (c) => c.notNull())
      .addColumn('match_summary', 'text', (c) => c.notNull())
      .addColumn('text_lo', 'text', (c) => c.notNull())
      .addColumn('text_en', 'text', (c) => c.notNull())
      .addColumn('match_all', 'text', (c) => c.notNull())
      .addUniqueConstraint('search_documents_doc', ['doc_kind', 'doc_id'])
      .execute();
    if (pg) {
      const schema = await trgmSchema(db);
      await sql`create index search_documents_trgm on search_documents using gin (match_all ${sql.raw(`"${schema}".gin_trgm_ops`)})`.execute(db);
    }
    if (!pg) {
      // Contentless (the text is in search_documents), deletable by rowid; trigram: any substring of ≥ 3 characters.
      await sql`create virtual table search_index using fts5(match_all, audience, content='', contentless_delete=1, tokenize='trigram')`.execute(db);
    }

    // Lists show plain-text excerpts stored with the body, not HTML cleaned for every row read.
    for (const table of ['content_posts', 'content_notifications']) {
      await db.schema
        .alterTable(table)
        .addColumn('excerpt_lo', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .alterTable(table)
        .addColumn('excerpt_en', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
    }
    // Public and all-company notifications name no value (the index below finds them by kind and null).
    await sql`update content_notifications set audience_value = null where audience_kind in ('public', 'companies')`.execute(db);

    // Readers' lists: newest first by publish time (drafts have none), per category, per audience.
    await db.schema.dropIndex('content_posts_visible').execute();
    await db.schema.createIndex('content_posts_live').on('content_posts').columns(['publish_at', 'id']).execute();
    await db.schema.createIndex('content_posts_category_live').on('content_posts').columns(['category', 'publish_at', 'id']).execute();
    await db.schema.dropIndex('content_notifications_audience').execute();
    await db.schema
      .createIndex('content_notifications_audience_live')
      .on('content_notifications')
      .columns(['audience_kind', 'audience_value', 'publish_at', 'id'])
      .execute();
    // Public and all-company notifications (no value): PostgreSQL does not take `audience_value IS NULL`
    // as an equality that would keep the index above in (publish_at, id) order, so they have their own.
    await sql`create index content_notifications_broad_live on content_notifications (audience_kind, publish_at, id) where audience_value is null`.execute(
      db,
    );
    // Staff lists: last edited first.
    for (const table of ['content_posts', 'content_notifications', 'content_pages']) {
      await db.schema.createIndex(`${table}_edited`).on(table).columns(['updated_at', 'id']).execute();
    }

    await backfill(db as unknown as Kysely<Database>);
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['content_posts', 'content_notifications', 'content_pages']) await db.schema.dropIndex(`${table}_edited`).execute();
    await db.schema.dropIndex('content_notifications_broad_live').execute();
    await db.schema.dropIndex('content_notifications_audience_live').execute();
    await db.schema.createIndex('content_notifications_audience').on('content_notifications').columns(['audience_kind', 'audience_value']).execute();
    await db.schema.dropIndex('content_posts_category_live').execute();
    await db.schema.dropIndex('content_posts_live').execute();
    await db.schema.createIndex('content_posts_visible').on('content_posts').columns(['status', 'publish_at']).execute();
    for (const table of ['content_posts', 'content_notifications']) {
      await db.schema.alterTable(table).dropColumn('excerpt_lo').execute();
      await db.schema.alterTable(table).dropColumn('excerpt_en').execute();
    }
    if (!onPostgres(db)) await db.schema.dropTable('search_index').execute();
    await db.schema.dropTable('search_documents').execute();
    await db.schema
      .createTable('search_terms')
      .addColumn('doc_kind', 'text', (c) => c.notNull())
      .addColumn('doc_id', 'text', (c) => c.notNull())
      .addColumn('lang', 'text', (c) => c.notNull())
      .addColumn('field_weight', 'integer', (c) => c.notNull())
      .addColumn('term', 'text', (c) => c.notNull())
      .addColumn('hits', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('search_terms_term').on('search_terms').column('term').execute();
    await db.schema.createIndex('search_terms_doc').on('search_terms').columns(['doc_kind', 'doc_id']).execute();
  },
};

/** Search rows and excerpts of the content written before this migration (the term table is gone). */
async function backfill(db: Kysely<Database>) {
  const pg = onPostgres(db as unknown as Kysely<unknown>);
  const write = async (kind: 'post' | 'notification' | 'page', id: string, source: SearchSource) => {
    const doc = searchDocumentOf(kind, id, source);
    const { id: rowid } = await db.insertInto('searchDocuments').values(doc).returning('id').executeTakeFirstOrThrow();
    if (!pg)
      await db
        .insertInto('searchIndex')
        .values({ rowid: Number(rowid), matchAll: doc.matchAll, audience: audienceToken(doc.audienceKind, doc.audienceValue) })
        .execute();
    if (kind === 'page') return;
    await db
      .updateTable(kind === 'post' ? 'contentPosts' : 'contentNotifications')
      .set({ excerptLo: excerptOf(kind, source.lo.body), excerptEn: excerptOf(kind, source.en.body) })
      .where('id', '=', id)
      .execute();
  };
  for (const row of await db.selectFrom('contentPosts').selectAll().execute()) await write('post', row.id, postSource(row));
  for (const row of await db.selectFrom('contentNotifications').selectAll().execute()) await write('notification', row.id, notificationSource(row));
  for (const row of await db.selectFrom('contentPages').selectAll().execute()) await write('page', row.id, pageSource(row));
}
