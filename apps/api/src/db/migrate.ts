import { Migrator, type Migration, type MigrationProvider, type MigrationResultSet } from 'kysely';
import type { Db } from './index';
import { migrations } from './migrations/index';

// Migrations are imported statically (not read from a folder) so the bundled server carries them.
class StaticProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations;
  }
}

// With a schema of its own, the migration bookkeeping lives in it too: otherwise Kysely may find
// another schema's kysely_migration table through information_schema and skip creating its own.
const migratorOf = (db: Db) =>
  new Migrator({ db: db.kysely, provider: new StaticProvider(), ...(db.schema ? { migrationTableSchema: db.schema } : {}) });

export async function migrateToLatest(db: Db): Promise<string[]> {
  return applied(await migratorOf(db).migrateToLatest());
}

/** Migrates up (or down) to the named migration (a restore builds the schema its archive was made with). */
export async function migrateTo(db: Db, name: string): Promise<string[]> {
  return applied(await migratorOf(db).migrateTo(name));
}

function applied({ error, results }: MigrationResultSet): string[] {
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
