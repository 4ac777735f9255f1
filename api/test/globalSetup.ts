import type { TestProject } from 'vitest/node';
import { createTemplates, type DbTemplates } from './dbTemplates.ts';

/** Once per run: the migrated and seeded databases every test app starts as a copy of (test/dbTemplates.ts). */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { templates, drop } = await createTemplates(process.env.TEST_DATABASE_URL);
  project.provide('dbTemplates', templates);
  return drop;
}

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplates: DbTemplates;
  }
}
