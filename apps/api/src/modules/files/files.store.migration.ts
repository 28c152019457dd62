import type { Kysely, Migration } from 'kysely';

/**
 * The one FileStore (decision 050): cover-image variants become stored files named by storage key,
 * like submission files and library files, so that one clean-up and one download path cover them.
 */
export const filesStoreMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('content_image_variants')
      .addColumn('image_id', 'text', (c) => c.notNull().references('content_images.id'))
      .addColumn('variant', 'text', (c) => c.notNull())
      .addColumn('storage_key', 'text', (c) => c.notNull().unique())
      .addColumn('size', 'bigint', (c) => c.notNull())
      .addColumn('sha256', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('content_image_variants_pk', ['image_id', 'variant'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('content_image_variants').execute();
  },
};
