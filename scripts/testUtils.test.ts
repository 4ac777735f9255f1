/**
 * Test helpers follow one naming rule and live beside tests, not in published entry points
 * (docs/decisions/0078-test-helpers-beside-tests.md). In a workspace's `src`:
 * - a module that exists only for tests is named `*.test-utils.ts(x)`;
 * - a file that is neither a test nor a test util imports no test util (`*.test-utils` or `@cpq/test-utils`).
 * For every workspace's package.json:
 * - `exports` names no `*.test-utils*` file and no path containing `testing`;
 * - `@cpq/test-utils` is a devDependency only.
 * The import graph comes from `importGraph.test-utils.ts`, the same reader as the check on imports.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importGraph, importSpecifiers, ROOT, sourcesUnder, workspaces, type ImportGraph } from './importGraph.test-utils.ts';

/** The package of record builders for tests: private, and never a production dependency. */
export const TEST_UTILS_PACKAGE = '@cpq/test-utils';

/**
 * Workspaces whose `src` is not held to the naming rule: every file of `packages/test-utils` is a test
 * util (it is the package of them), and `bench` is a benchmark workspace whose fixtures build records
 * with `@cpq/test-utils` and keep their names. (`api/test/` and `e2e/tests/` are outside any `src`.)
 */
export const NAMING_EXEMPT: readonly string[] = ['bench', 'packages/test-utils'];

/** A test: `*.test.ts(x)`, or a type test `*.test-d.ts`. */
export const isTest = (file: string): boolean => /\.test(-d)?\.tsx?$/.test(file);
/** A module that exists only for tests. */
export const isTestUtil = (file: string): boolean => /\.test-utils\.tsx?$/.test(file);

/** A specifier that names a test util: a `*.test-utils` module or the test-utils package. */
export function namesTestUtil(specifier: string): boolean {
  return /\.test-utils(\.tsx?)?$/.test(specifier) || specifier === TEST_UTILS_PACKAGE || specifier.startsWith(`${TEST_UTILS_PACKAGE}/`);
}

/** Each import of a test util by a file that is neither a test nor a test util, as "file → specifier". */
export function testUtilImports(sources: ReadonlyMap<string, string>): string[] {
  const found: string[] = [];
  for (const [file, text] of sources) {
    if (isTest(file) || isTestUtil(file)) continue;
    for (const specifier of importSpecifiers(text)) if (namesTestUtil(specifier)) found.push(`${file} → ${specifier}`);
  }
  return found.sort();
}

/**
 * Modules that only tests use but that are not named `*.test-utils.*`: each file (not a test, a test
 * util or an entry point) with at least one importer, all of them tests, test utils or files found
 * here already (so a misnamed helper's own misnamed helper is found in the same run). Each as
 * "file (imported only by a, b)".
 */
export function misnamedTestHelpers(graph: ImportGraph, entryPoints: ReadonlySet<string> = new Set()): string[] {
  const importers = new Map<string, string[]>();
  for (const [from, targets] of graph) for (const to of targets) importers.set(to, [...(importers.get(to) ?? []), from]);
  const testOnly = new Set<string>();
  const forTests = (file: string): boolean => isTest(file) || isTestUtil(file) || testOnly.has(file);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [file, by] of importers) {
      if (forTests(file) || entryPoints.has(file)) continue;
      if (by.every(forTests)) {
        testOnly.add(file);
        grew = true;
      }
    }
  }
  return [...testOnly].sort().map((file) => `${file} (imported only by ${[...importers.get(file)!].sort().join(', ')})`);
}

/** Each subpath or target of a package.json `exports` that names a test util or a `testing` path. */
export function testUtilExports(exports: unknown): string[] {
  const bad = (path: string): boolean => /\.test-utils/.test(path) || /testing/i.test(path);
  const found: string[] = [];
  const walk = (value: unknown, at: string): void => {
    if (typeof value === 'string') {
      if (bad(at) || bad(value)) found.push(`${at}: ${value}`);
    } else if (Array.isArray(value)) value.forEach((v) => walk(v, at));
    else if (value && typeof value === 'object') {
      for (const [key, v] of Object.entries(value)) walk(v, key.startsWith('.') ? key : at);
    }
  };
  walk(exports, '.');
  return found;
}

/** The dependency fields of a package.json, other than `devDependencies`, that list `@cpq/test-utils`. */
export function testUtilsOutsideDevDependencies(pkg: Record<string, unknown>): string[] {
  return ['dependencies', 'peerDependencies', 'optionalDependencies'].filter((field) => {
    const deps = pkg[field];
    return !!deps && typeof deps === 'object' && TEST_UTILS_PACKAGE in deps;
  });
}

/** Files of a workspace's `src` that its package.json or rspack config names (`./src/...`): entry points. */
function entryPoints(folder: string): Set<string> {
  const entries = new Set<string>();
  for (const name of ['package.json', 'rspack.config.ts']) {
    const file = join(ROOT, folder, name);
    if (!existsSync(file)) continue;
    for (const m of readFileSync(file, 'utf8').matchAll(/['"]\.\/src\/([^'"]+)['"]/g)) entries.add(m[1]!);
  }
  return entries;
}

function packageJson(folder: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(ROOT, folder, 'package.json'), 'utf8')) as Record<string, unknown>;
}

describe('testUtilImports', () => {
  it('reports a product file importing a test util, and lets tests and test utils import them', () => {
    const sources = new Map([
      ['orders/OrdersPage.tsx', "import { row } from './rows.test-utils.ts';\nimport { columns } from './columns.ts';"],
      ['orders/columns.ts', "import type { Product } from '@cpq/domain';\nimport { makeProduct } from '@cpq/test-utils';"],
      ['orders/status.ts', "const m = await import('../status/apiMock.test-utils');"],
      ['orders/format.ts', "// import { row } from './rows.test-utils.ts';\nexport const f = 1;"],
      ['orders/columns.test.ts', "import { row } from './rows.test-utils.ts';\nimport { makeProduct } from '@cpq/test-utils';"],
      ['orders/rows.test-utils.ts', "import { makeProduct } from '@cpq/test-utils';\nimport { STATUSES } from './statuses.test-utils.ts';"],
      ['types.test-d.ts', "import { makeProduct } from '@cpq/test-utils';"],
    ]);
    expect(testUtilImports(sources)).toEqual([
      'orders/OrdersPage.tsx → ./rows.test-utils.ts',
      'orders/columns.ts → @cpq/test-utils',
      'orders/status.ts → ../status/apiMock.test-utils',
    ]);
  });
});

describe('misnamedTestHelpers', () => {
  it('reports a module only tests and test utils import, and the misnamed helpers it alone serves', () => {
    const graph = importGraph(
      new Map([
        ['testRows.ts', 'export const row = 1;'],
        ['list.test.ts', "import { row } from './testRows.ts';"],
        ['page.test-utils.tsx', "import { row } from './testRows.ts';"],
        ['status/testHarness.tsx', "import { answers } from './harnessData.ts';\nimport { Status } from './Status.tsx';"],
        ['status/harnessData.ts', 'export const answers = {};'],
        ['status/Status.tsx', "import type { Props } from './types.ts';"],
        ['status/types.ts', 'export interface Props { id: number }'],
        ['status/Status.test.tsx', "import { showStatus } from './testHarness.tsx';\nimport { Status } from './Status.tsx';"],
        ['status/page.tsx', "import { Status } from './Status.tsx';"],
      ]),
    );
    expect(misnamedTestHelpers(graph)).toEqual([
      'status/harnessData.ts (imported only by status/testHarness.tsx)',
      'status/testHarness.tsx (imported only by status/Status.test.tsx)',
      'testRows.ts (imported only by list.test.ts, page.test-utils.tsx)',
    ]);
  });
  it('leaves alone test utils, modules product code imports, modules nothing imports, and entry points', () => {
    const graph = importGraph(
      new Map([
        ['fixtures.test-utils.ts', "import type { Order } from './order.ts';"],
        ['order.ts', 'export interface Order { id: number }'],
        ['order.test.ts', "import { order } from './fixtures.test-utils.ts';\nimport { columns } from './columns.ts';"],
        ['columns.ts', 'export const columns = [];'],
        ['page.tsx', "import { columns } from './columns.ts';\nimport type { Order } from './order.ts';"],
        ['spa.tsx', 'export const lifecycles = {};'],
        ['spa.test.tsx', "import { lifecycles } from './spa.tsx';"],
        ['unused.ts', 'export const nobody = 1;'],
      ]),
    );
    expect(misnamedTestHelpers(graph, new Set(['spa.tsx']))).toEqual([]);
    expect(misnamedTestHelpers(graph)).toEqual(['spa.tsx (imported only by spa.test.tsx)']);
  });
});

describe('testUtilExports', () => {
  it('reports subpaths and targets that name a test util or testing, at any depth', () => {
    expect(testUtilExports({ '.': './src/index.ts', './testing': './src/engine/testing.ts', './version': './src/version.ts' })).toEqual([
      './testing: ./src/engine/testing.ts',
    ]);
    expect(testUtilExports({ '.': { types: './src/index.ts', default: './src/fixtures.test-utils.ts' } })).toEqual(['.: ./src/fixtures.test-utils.ts']);
    expect(testUtilExports({ './helpers': './src/Testing/helpers.ts' })).toEqual(['./helpers: ./src/Testing/helpers.ts']);
    expect(testUtilExports('./src/index.test-utils.ts')).toEqual(['.: ./src/index.test-utils.ts']);
  });
  it('accepts entries that do not', () => {
    expect(testUtilExports({ '.': './src/index.ts', './react': './src/react.tsx', './tokens.css': './src/tokens.css' })).toEqual([]);
    expect(testUtilExports(undefined)).toEqual([]);
  });
});

describe('testUtilsOutsideDevDependencies', () => {
  it('reports @cpq/test-utils anywhere but devDependencies', () => {
    expect(testUtilsOutsideDevDependencies({ dependencies: { '@cpq/domain': '*', '@cpq/test-utils': '*' } })).toEqual(['dependencies']);
    expect(testUtilsOutsideDevDependencies({ peerDependencies: { '@cpq/test-utils': '*' } })).toEqual(['peerDependencies']);
    expect(testUtilsOutsideDevDependencies({ dependencies: { '@cpq/domain': '*' }, devDependencies: { '@cpq/test-utils': '*' } })).toEqual([]);
  });
});

// ------------------------------------------------------------------------------- the repository

describe('test helpers in the workspaces', () => {
  const all = workspaces().filter((w) => existsSync(join(ROOT, w, 'package.json')));
  const checked = all.filter((w) => existsSync(join(ROOT, w, 'src')) && !NAMING_EXEMPT.includes(w));
  it('finds the workspaces and reads their imports', () => {
    expect(checked).toEqual(expect.arrayContaining(['api', 'mfe-orders', 'packages/domain']));
    // A reader that found nothing would pass every rule below.
    expect(importGraph(sourcesUnder(join(ROOT, 'mfe-orders/src'))).get('columns.test.ts')).toContain('rows.test-utils.ts');
    expect(entryPoints('mfe-orders')).toContain('spa.tsx');
  });
  it.each(checked)('%s/src: no product file imports a test util', (folder) => {
    expect(testUtilImports(sourcesUnder(join(ROOT, folder, 'src')))).toEqual([]);
  });
  it.each(checked)('%s/src: every module only tests use is named *.test-utils.*', (folder) => {
    expect(misnamedTestHelpers(importGraph(sourcesUnder(join(ROOT, folder, 'src'))), entryPoints(folder))).toEqual([]);
  });
  it.each(all)('%s/package.json exports no test util', (folder) => {
    expect(testUtilExports(packageJson(folder).exports)).toEqual([]);
  });
  it.each(['.', ...all])('%s/package.json lists @cpq/test-utils in devDependencies only', (folder) => {
    expect(testUtilsOutsideDevDependencies(packageJson(folder))).toEqual([]);
  });
  it('@cpq/test-utils is private and reaches @cpq/domain through its public entry only', () => {
    const pkg = packageJson('packages/test-utils');
    expect(pkg).toMatchObject({ name: TEST_UTILS_PACKAGE, private: true, exports: { '.': './src/index.ts' } });
    const deep = [...sourcesUnder(join(ROOT, 'packages/test-utils/src'))].flatMap(([file, text]) =>
      importSpecifiers(text)
        .filter((s) => s.startsWith('@cpq/domain/') || s.startsWith('../'))
        .map((s) => `${file} → ${s}`),
    );
    expect(deep).toEqual([]);
  });
});
