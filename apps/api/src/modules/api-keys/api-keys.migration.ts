import type { Kysely, Migration } from 'kysely';

export const apiKeysMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('api_keys')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('prefix', 'text', (c) => c.notNull())
      .addColumn('key_hash', 'text', (c) => c.notNull().unique())
      .addColumn('scopes', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text')
      .addColumn('last_used_at', 'text')
      .addColumn('last_used_address', 'text')
      .addColumn('revoked_at', 'text')
      .addColumn('revoked_by', 'text')
      .execute();
    await db.schema
      .createTable('api_key_addresses')
      .addColumn('key_id', 'text', (c) => c.notNull().references('api_keys.id'))
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('first_seen_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('api_key_addresses_pk', ['key_id', 'address'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('api_key_addresses').execute();
    await db.schema.dropTable('api_keys').execute();
  },
};
