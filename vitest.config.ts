import { defineConfig } from 'vitest/config';
import type { TestProjectInlineConfiguration } from 'vitest/config';

// The integration suite runs on embedded PGlite always, and again on PostgreSQL and Redis
// whenever DATABASE_URL is set (CI sets it).
const integration = (db: 'pglite' | 'postgres'): TestProjectInlineConfiguration => ({
  test: {
    name: `integration-${db}`,
    include: ['tests/integration/**/*.test.ts'],
    globalSetup: ['tests/support/globalSetup.ts'],
    env: { RITH_TEST_DB: db },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'] } },
      integration('pglite'),
      ...(process.env.DATABASE_URL ? [integration('postgres')] : []),
      // API nodes in processes of their own on PostgreSQL and a Redis the test restarts.
      ...(process.env.DATABASE_URL && process.env.REDIS_URL
        ? [
            {
              test: {
                name: 'scale',
                include: ['tests/scale/**/*.test.ts'],
                globalSetup: ['tests/support/globalSetup.ts'],
                env: { RITH_TEST_DB: 'postgres' },
                testTimeout: 90_000,
                hookTimeout: 90_000,
              },
            },
          ]
        : []),
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/support/globalSetup.ts'],
          env: { RITH_TEST_DB: 'pglite' },
          testTimeout: 60_000,
          hookTimeout: 90_000,
          // One browser at a time is what two cores can take.
          fileParallelism: false,
        },
      },
    ],
  },
});
