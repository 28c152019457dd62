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
  },
});

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', include: ['packages/shared/**/*.test.ts'] } },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.ts', 'test/**/*.test.ts'] } },
      apiProject('sqlite'),
      apiProject('postgres'),
    ],
  },
});
