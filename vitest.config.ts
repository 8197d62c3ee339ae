import { defineConfig } from 'vitest/config';
import type { TestProjectInlineConfiguration } from 'vitest/config';
import { missingFor } from './tests/support/projects.ts';

// The integration suite runs on embedded PGlite always, and again on PostgreSQL and Redis
// whenever DATABASE_URL is set (CI sets it). A project left out is named in the closing
// lines of `npm test` (tests/support/projectsReporter.ts).
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
      ...(missingFor('integration-postgres').length === 0 ? [integration('postgres')] : []),
      // API nodes in processes of their own on PostgreSQL and a Redis the test restarts.
      ...(missingFor('scale').length === 0
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
