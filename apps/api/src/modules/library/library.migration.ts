import type { Kysely, Migration } from 'kysely';

export const libraryMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('library_documents')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('slug', 'text', (c) => c.unique())
      .addColumn('category', 'text', (c) => c.notNull())
      .addColumn('title_lo', 'text', (c) => c.notNull())
      .addColumn('title_en', 'text', (c) => c.notNull())
      .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('published_at', 'text')
      .addColumn('current_version_id', 'text')
      .addColumn('created_by', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('library_documents_listing').on('library_documents').columns(['category', 'published', 'created_at']).execute();
    await db.schema
      .createTable('library_versions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('document_id', 'text', (c) => c.notNull().references('library_documents.id').onDelete('cascade'))
      .addColumn('version', 'text', (c) => c.notNull())
      .addColumn('document_date', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('library_versions_document_version', ['document_id', 'version'])
      .execute();
    await db.schema
      .createTable('library_files')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('version_id', 'text', (c) => c.notNull().references('library_versions.id').onDelete('cascade'))
      .addColumn('language', 'text', (c) => c.notNull())
      .addColumn('storage_key', 'text', (c) => c.notNull())
      .addColumn('file_name', 'text', (c) => c.notNull())
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('size', 'bigint', (c) => c.notNull())
      .addColumn('sha256', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('library_files_version_language', ['version_id', 'language'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('library_files').execute();
    await db.schema.dropTable('library_versions').execute();
    await db.schema.dropTable('library_documents').execute();
  },
};
