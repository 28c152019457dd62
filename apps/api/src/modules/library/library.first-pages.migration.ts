import type { Kysely, Migration } from 'kysely';
import { onPostgres } from '../../db/dialect';

/** The first page of each library file as a WebP, in the database beside its file's row (decision 287). */
export const libraryFirstPagesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('library_first_pages')
      .addColumn('file_id', 'text', (c) => c.primaryKey().references('library_files.id').onDelete('cascade'))
      // bytes: SQLite's blob, PostgreSQL's bytea (both drivers answer a Buffer)
      .addColumn('webp', onPostgres(db) ? 'bytea' : 'blob')
      .addColumn('width', 'integer')
      .addColumn('height', 'integer')
      .addColumn('failure', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('library_first_pages').execute();
  },
};
