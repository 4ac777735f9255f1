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
  },
});
