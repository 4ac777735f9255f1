import { readFileSync } from 'node:fs';
import path from 'node:path';
import { globSync } from 'tinyglobby';

/**
 * What makes a test file change the world around it: a DOM of its own, mocked modules, spies,
 * stubbed globals or environment variables, fake timers, or a write to process.env or globalThis.
 * Such a file runs in a module graph of its own. Every other file shares its worker's modules with the
 * files before it, which saves loading the same code again for each file (decision 0074).
 */
const CHANGES_ITS_SURROUNDINGS =
  /@vitest-environment|\bvi\.(?:mock|doMock|spyOn|stubGlobal|stubEnv|useFakeTimers)\b|\bprocess\.env(?:\.\w+|\[[^\]]+\])\s*=(?!=)|\bglobalThis\.\w+\s*=(?!=)/;

/** Whether a test file's source changes something outside itself (see CHANGES_ITS_SURROUNDINGS). */
export function needsItsOwnModules(source: string): boolean {
  return CHANGES_ITS_SURROUNDINGS.test(source);
}

/**
 * The test files matched by `include` (globs relative to `root`) that need a module graph of their
 * own, as paths relative to `root`: a vitest project runs them isolated, another shares modules
 * among the rest.
 */
export function filesNeedingTheirOwnModules(root: string, include: string[]): string[] {
  return globSync(include, { cwd: root, ignore: ['**/node_modules/**', '**/dist/**'] })
    .filter((file) => needsItsOwnModules(readFileSync(path.join(root, file), 'utf8')))
    .sort();
}
