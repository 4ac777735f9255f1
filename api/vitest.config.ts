import { configDefaults, defineConfig } from 'vitest/config';
import { filesNeedingTheirOwnModules } from '../scripts/testIsolation.ts';

const include = ['test/**/*.test.ts'];
const isolated = filesNeedingTheirOwnModules(import.meta.dirname, include);

const common = {
  environment: 'node' as const,
  // Generous: npm test runs these beside the unit tests and the journeys, and a machine running two
  // npm tests at once stretches the authorisation matrix (100 s on a quiet one) far past that. No
  // test here measures time; a limit only stops a test that hangs. Tests set no lower limit of their own.
  testTimeout: 600_000,
  hookTimeout: 600_000,
  // Each test file builds its own databases, copies of one migrated and seeded template made once
  // per run (test/dbTemplates.ts); files may run in parallel.
  pool: 'forks' as const,
  globalSetup: ['test/globalSetup.ts'],
};

export default defineConfig({
  test: {
    // Every file starts its own app on its own databases, so files may share the modules they load
    // (the app's code, its schemas); a file that stubs or mocks runs in modules of its own
    // (docs/decisions/0074).
    projects: [
      { test: { ...common, name: 'api', include, exclude: [...configDefaults.exclude, ...isolated], isolate: false } },
      { test: { ...common, name: 'api (own modules)', include: isolated } },
    ],
  },
});
