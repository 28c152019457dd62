import { availableParallelism } from 'node:os';
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
    ...(dialect === 'postgres' ? { globalSetup: ['apps/api/test/postgres-setup.ts'] } : {}),
  },
});

export default defineConfig({
  test: {
    // Two files at a time, also on a two-core machine (vitest's default is one fewer than the cores: one here).
    // The API files wait on PostgreSQL and the file store much of the time: 454 s one at a time, 346–371 s two at a
    // time on the CI machine. Every file has a database of its own (test/helpers.ts createTestDb).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { name: 'shared', include: ['packages/shared/**/*.test.ts'] } },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.ts', 'test/**/*.test.ts'] } },
      apiProject('sqlite'),
      apiProject('postgres'),
    ],
  },
});
