import { defineConfig } from 'vitest/config';

// The API suite runs twice, once per database; PostgreSQL must be reachable (TEST_POSTGRES_URL).
const apiProject = (dialect: 'sqlite' | 'postgres') => ({
  test: {
    name: `api-${dialect}`,
    include: ['apps/api/**/*.test.ts'],
    // the cluster test runs alone, after the build (vitest.cluster.config.ts)
    exclude: ['apps/api/cluster/**', '**/node_modules/**'],
    env: { TEST_DIALECT: dialect },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks' as const,
    // One process for all of a project's files, not a fresh one per file: each file's own import of the app
    // (Fastify, Kysely, every module) was ~2.7 s of the ~4.6 s per file (SQLite 473 → 261 s, PostgreSQL
    // 316 s on a two-core machine). Files share module state then, so nothing kept in a module may belong
    // to one database (reference.cache.ts keeps its value per database handle; decision 292).
    isolate: false,
    ...(dialect === 'postgres' ? { globalSetup: ['apps/api/test/postgres-setup.ts'] } : {}),
  },
});

export default defineConfig({
  test: {
    // One file at a time on a two-core machine (vitest's default: one fewer than the cores). Two at a time took
    // 335–371 s instead of ~450 s, but on PostgreSQL a file's migration can fail while another file drops its
    // schema: Kysely's Migrator lists tables through PostgresIntrospector.getTables, which calls
    // has_schema_privilege(ns.nspname, …) for every schema it has just read, and a schema dropped in between
    // raises `schema "t_…" does not exist` (CI, 2026-11-26). Running files side by side needs the drops and
    // the migrations kept apart first (e.g. an advisory lock, shared for migrating, exclusive for dropping).
    projects: [
      { test: { name: 'shared', include: ['packages/shared/**/*.test.ts'] } },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.ts', 'test/**/*.test.ts'] } },
      apiProject('sqlite'),
      apiProject('postgres'),
    ],
  },
});
