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
    // Generous: on a loaded 2-core machine a property test that takes 3 s alone can pass 5 s (vitest's
    // default) and fail for no fault of the code. No test here measures time.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
