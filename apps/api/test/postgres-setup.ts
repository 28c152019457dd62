import pg from 'pg';
import { POSTGRES_URL } from './postgres-url';

/**
 * Vitest globalSetup of the PostgreSQL project: pg_trgm installed once, in `public`, before any test file
 * runs. Each test file migrates a schema of its own and drops it with CASCADE at the end; had the first
 * migration installed the extension into its own schema, that drop would take the extension — and with
 * it every other schema's trigram index — from under the files still running beside it (seen as a
 * sequential scan in the index-use test once the files ran two at a time). The migration finds the
 * extension wherever it is (content.search.migration.ts).
 */
export default async function setup() {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    await client.query('create extension if not exists pg_trgm with schema public');
  } finally {
    await client.end();
  }
}
