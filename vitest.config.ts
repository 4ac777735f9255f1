import { configDefaults, defineConfig } from 'vitest/config';
import { filesNeedingTheirOwnModules } from './scripts/testIsolation.ts';

/** Unit tests of the browser and shared packages. API tests have their own config in api/. */
const include = [
  'packages/*/src/**/*.test.{ts,tsx}',
  'org-plugins/*/src/**/*.test.ts',
  'shell/src/**/*.test.{ts,tsx}',
  'mfe-*/src/**/*.test.{ts,tsx}',
  'scripts/**/*.test.ts',
];
const isolated = filesNeedingTheirOwnModules(import.meta.dirname, include);

const common = {
  environment: 'node' as const,
  // Generous: npm test runs these beside the API tests and the journeys, and a machine running two
  // npm tests at once was seen to stretch a property test of 8 s past 30 s. No test here measures
  // time; a limit only stops a test that hangs. Tests set no lower limit of their own.
  testTimeout: 180_000,
  hookTimeout: 180_000,
};

export default defineConfig({
  test: {
    // A file with a DOM, mocks, spies or stubs runs in modules of its own; the rest share their
    // worker's, which halves the processor time the unit tests take (docs/decisions/0074).
    projects: [
      { test: { ...common, name: 'unit', include, exclude: [...configDefaults.exclude, ...isolated], isolate: false } },
      // vmThreads: each file in a fresh VM context of a long-lived worker, rather than a fresh process
      // (the forks default) that loads Node, vitest, jsdom and React again for every file. Just as
      // isolated (globals, mocks and modules per file); the project's processor time 322 s → 117 s
      // (docs/decisions/0103).
      { test: { ...common, name: 'unit (own modules)', include: isolated, pool: 'vmThreads' as const } },
    ],
  },
});
