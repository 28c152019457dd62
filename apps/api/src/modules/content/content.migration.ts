import type { CreateTableBuilder, Kysely, Migration } from 'kysely';

const publishable = <T extends string>(t: CreateTableBuilder<T, never>) =>
  t
    .addColumn('title_lo', 'text', (c) => c.notNull())
    .addColumn('title_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('body_lo', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('body_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('publish_at', 'text')
    .addColumn('published_at', 'text')
    .addColumn('created_by', 'text')
    .addColumn('updated_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull());

export const contentMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('content_images')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('width', 'integer', (c) => c.notNull())
      .addColumn('height', 'integer', (c) => c.notNull())
      .addColumn('bytes', 'integer', (c) => c.notNull())
      .addColumn('sha256', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await publishable(
      db.schema
        .createTable('content_posts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('summary_lo', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('summary_en', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('cover_image_id', 'text', (c) => c.references('content_images.id')),
    ).execute();
    await db.schema.createIndex('content_posts_visible').on('content_posts').columns(['status', 'publish_at']).execute();

    await publishable(
      db.schema
        .createTable('content_notifications')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('audience_kind', 'text', (c) => c.notNull())
        .addColumn('audience_value', 'text'),
    ).execute();
    await db.schema.createIndex('content_notifications_audience').on('content_notifications').columns(['audience_kind', 'audience_value']).execute();

    await db.schema
      .createTable('content_notification_reads')
      .addColumn('notification_id', 'text', (c) => c.notNull().references('content_notifications.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('read_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('content_notification_reads_pk', ['notification_id', 'user_id'])
      .execute();
    await db.schema.createIndex('content_notification_reads_user').on('content_notification_reads').column('user_id').execute();

    await publishable(
      db.schema
        .createTable('content_pages')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('key', 'text', (c) => c.notNull().unique()),
    ).execute();

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
  async down(db: Kysely<unknown>) {
    for (const t of ['search_terms', 'content_pages', 'content_notification_reads', 'content_notifications', 'content_posts', 'content_images']) {
      await db.schema.dropTable(t).execute();
    }
  },
};
