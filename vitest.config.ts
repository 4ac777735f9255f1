import { defineConfig } from 'vitest/config';

/** Unit tests of the browser and shared packages. API tests have their own config in api/. */
export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'org-plugins/*/src/**/*.test.ts',
      'shell/src/**/*.test.{ts,tsx}',
      'mfe-*/src/**/*.test.{ts,tsx}',
      'scripts/**/*.test.ts',
    ],
    environment: 'node',
    // Generous: npm test runs these beside the API tests and the journeys, and a machine running two
    // npm tests at once was seen to stretch a property test of 8 s past 30 s. No test here measures
    // time; a limit only stops a test that hangs. Tests set no lower limit of their own.
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
