import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // Generous: npm test runs these beside the unit tests and the journeys, and a machine running two
    // npm tests at once stretches the authorisation matrix (100 s on a quiet one) far past that. No
    // test here measures time; a limit only stops a test that hangs. Tests set no lower limit of their own.
    testTimeout: 600_000,
    hookTimeout: 600_000,
    // Each test file builds its own databases, copies of one migrated and seeded template made once
    // per run (test/dbTemplates.ts); files may run in parallel.
    pool: 'forks',
    globalSetup: ['test/globalSetup.ts'],
  },
});
