import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each test file builds its own databases, copies of one migrated and seeded template made once
    // per run (test/dbTemplates.ts); files may run in parallel.
    pool: 'forks',
    globalSetup: ['test/globalSetup.ts'],
  },
});
