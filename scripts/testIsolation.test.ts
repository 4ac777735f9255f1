import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { filesNeedingTheirOwnModules, needsItsOwnModules } from './testIsolation.ts';

// A test file that changes the world around it runs in modules of its own; the rest share their
// worker's modules (decision 0074).
describe('which test files need modules of their own', () => {
  it.each([
    ['a DOM of its own', '/** @vitest-environment jsdom */\nimport { render } from "@testing-library/react";'],
    ['a mocked module', 'vi.mock("./api.ts", () => ({ post: vi.fn() }));'],
    ['a module mocked later', 'vi.doMock("./clock.ts");'],
    ['a spy', 'const warn = vi.spyOn(console, "warn");'],
    ['a stubbed global', 'vi.stubGlobal("fetch", fakeFetch);'],
    ['a stubbed environment variable', "vi.stubEnv('PUBLIC_URL', '');"],
    ['fake timers', 'beforeEach(() => { vi.useFakeTimers(); });'],
    ['a write to process.env', 'process.env.PAYMENT_SIMULATED_DELAY_MS = String(DELAY_MS);'],
    ['a write to process.env by name', "process.env['FUZZ_RUNS'] = '5';"],
    ['a write to globalThis', 'globalThis.fetch = fakeFetch;'],
  ])('%s', (_what, source) => {
    expect(needsItsOwnModules(source)).toBe(true);
  });

  it.each([
    ['pure assertions', 'import { priceOf } from "./price.ts";\nexpect(priceOf(2)).toBe(4);'],
    ['a mock function passed in', 'const send = vi.fn();\nnotify({ send });'],
    ['reading process.env', "const seed = process.env.FUZZ_SEED === 'random' ? 1 : 2;"],
    ['reading globalThis', 'const hasFetch = globalThis.fetch !== undefined;'],
    ['a comment about vitest environments', '// runs in node, like the API'],
  ])('%s share their worker', (_what, source) => {
    expect(needsItsOwnModules(source)).toBe(false);
  });

  const root = mkdtempSync(path.join(tmpdir(), 'isolation-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('lists the matched files that need them, relative to the root, and skips node_modules', () => {
    mkdirSync(path.join(root, 'src', 'deep'), { recursive: true });
    mkdirSync(path.join(root, 'node_modules', 'lib'), { recursive: true });
    writeFileSync(path.join(root, 'src', 'pure.test.ts'), 'expect(1).toBe(1);');
    writeFileSync(path.join(root, 'src', 'deep', 'mocks.test.ts'), 'vi.mock("./x.ts");');
    writeFileSync(path.join(root, 'src', 'Dom.test.tsx'), '/** @vitest-environment jsdom */');
    writeFileSync(path.join(root, 'src', 'helper.ts'), 'vi.mock("./x.ts");');
    writeFileSync(path.join(root, 'node_modules', 'lib', 'a.test.ts'), 'vi.mock("./x.ts");');
    expect(filesNeedingTheirOwnModules(root, ['src/**/*.test.{ts,tsx}', 'node_modules/**/*.test.ts'])).toEqual([
      'src/Dom.test.tsx',
      'src/deep/mocks.test.ts',
    ]);
  });
});
