import { defineConfig } from 'vitest/config';

// The cluster test (DESIGN §8.6): three built API processes on a private PostgreSQL and s3rver behind
// the round-robin proxy. Heavy, so it runs alone, after the build (scripts/test.mjs), not beside the
// API suites; `npx vitest run --config vitest.cluster.config.ts` runs it by hand.
export default defineConfig({
  test: {
    name: 'cluster',
    include: ['apps/api/cluster/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
