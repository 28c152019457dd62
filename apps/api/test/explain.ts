import {
  CamelCasePlugin,
  CompiledQuery,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql,
} from 'kysely';
import type { Database } from '../src/db/schema';
import type { Db } from '../src/db/index';

/**
 * The plan the database chooses for the queries a repository function sends (index-use tests,
 * decision 101). The function runs once against a compiling-only Kysely of the same dialect (no
 * rows come back), which records the SQL; each statement is then EXPLAINed on the real database:
 * `EXPLAIN QUERY PLAN` on SQLite, `EXPLAIN` with `enable_seqscan = off` on PostgreSQL (a test
 * database holds a few rows, where a sequential scan would always win).
 */
export async function plansOf(
  db: Db,
  run: (k: Kysely<Database>) => Promise<unknown>,
  pgSettings: string[] = [],
  /** PostgreSQL: the generic plan a named statement may settle on (decision 110), not the plan for these values */
  { generic = false } = {},
): Promise<string[]> {
  const captured: CompiledQuery[] = [];
  const pg = db.dialect === 'postgres';
  const recorder = new Kysely<Database>({
    dialect: {
      createAdapter: () => (pg ? new PostgresAdapter() : new SqliteAdapter()),
      createDriver: () => new DummyDriver(),
      createIntrospector: (k) => (pg ? new PostgresIntrospector(k) : new SqliteIntrospector(k)),
      createQueryCompiler: () => (pg ? new PostgresQueryCompiler() : new SqliteQueryCompiler()),
    },
    plugins: [new CamelCasePlugin()],
    log: (event) => {
      if (event.level === 'query') captured.push(event.query);
    },
  });
  // No rows come back: a function that insists on one throws after its query was recorded.
  await run(recorder).catch(() => undefined);
  const plans: string[] = [];
  for (const query of captured) {
    if (!/^\s*(select|with)/i.test(query.sql)) continue;
    if (pg) {
      const plan = await db.kysely.connection().execute(async (conn) => {
        for (const setting of ['enable_seqscan = off', ...pgSettings]) await sql.raw(`set ${setting}`).execute(conn);
        try {
          if (!generic) {
            const result = await conn.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]));
            return result.rows.map((r) => r['QUERY PLAN']).join('\n');
          }
          // PostgreSQL 15 has no EXPLAIN (GENERIC_PLAN): prepare the text, force its generic plan, explain an execution.
          await sql.raw(`prepare bansi_explain as ${query.sql}`).execute(conn);
          await sql`set plan_cache_mode = force_generic_plan`.execute(conn);
          // EXECUTE takes no bind parameters: the values as literals (the test's own values, strings and numbers).
          const literal = (v: unknown) => (v === null ? 'null' : typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`);
          const args = query.parameters.map(literal).join(', ');
          const result = await conn.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain execute bansi_explain(${args})`));
          return result.rows.map((r) => r['QUERY PLAN']).join('\n');
        } finally {
          if (generic) await sql`deallocate all`.execute(conn);
          await sql`reset all`.execute(conn);
        }
      });
      plans.push(plan);
    } else {
      const result = await db.kysely.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]));
      plans.push(result.rows.map((r) => r.detail).join('\n'));
    }
  }
  return plans;
}
