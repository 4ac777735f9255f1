import { defineConfig } from 'vitest/config';

/** Pure logic only: the node environment is enough. */
export default defineConfig({
  test: {
    name: 'mfe-configurator',
    root: import.meta.dirname,
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
