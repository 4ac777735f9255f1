import { defineConfig } from 'vitest/config';

/**
 * Pure logic runs in node; component tests (*.test.tsx) ask for jsdom in their first line, so the
 * root config runs them the same way.
 */
export default defineConfig({
  test: {
    name: 'mfe-documents',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
  },
});
