import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './index';
import { migrations } from './migrations/index';

// Migrations are imported statically (not read from a folder) so the bundled server carries them.
class StaticProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations;
  }
}

export async function migrateToLatest(db: Db): Promise<string[]> {
  // With a schema of its own, the migration bookkeeping lives in it too: otherwise Kysely may find
  // another schema's kysely_migration table through information_schema and skip creating its own.
  const migrator = new Migrator({ db: db.kysely, provider: new StaticProvider(), ...(db.schema ? { migrationTableSchema: db.schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
