/**
 * The import graph of the TypeScript sources, held to two rules
 * (docs/decisions/0076-layers-point-one-way.md):
 * - no workspace's `src` has an import cycle — a type-only import counts, and so does a lazy
 *   `import()`: either way two files can no longer be read, moved or split one without the other;
 * - in `api/src`, imports point down the layers of API_LAYERS only.
 * The specifiers come from TypeScript's own pre-processor (already installed for the type check): it
 * reads `import`, `import type`, `export … from` and `import()` and skips comments and strings. The
 * graph is built in `importGraph.test-utils.ts`, which the check on test helpers shares.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importGraph, importSpecifiers, resolveImport, ROOT, sourcesUnder, workspaces, type ImportGraph } from './importGraph.test-utils.ts';

/**
 * One cycle for each tangle of the graph (a strongly connected set of files, found by Tarjan's
 * algorithm): the shortest way from its first file back to itself, the first file written at both
 * ends. A tangle has more cycles than that; breaking the one shown and running again shows the next.
 */
export function importCycles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const tangles: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const tangle: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      tangle.push(member);
    } while (member !== file);
    if (tangle.length > 1 || (graph.get(file) ?? []).includes(file)) tangles.push(tangle.sort());
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file);
  return tangles.map((tangle) => shortestCycle(graph, tangle)).sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** Breadth first inside one tangle, from its first file back to it. */
function shortestCycle(graph: ImportGraph, tangle: readonly string[]): string[] {
  const inside = new Set(tangle);
  const start = tangle[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const file = queue[i]!;
    for (const next of graph.get(file) ?? []) {
      if (next === start) {
        const path = [file];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0]!)!);
        return [...path, start];
      }
      if (inside.has(next) && !cameFrom.has(next)) {
        cameFrom.set(next, file);
        queue.push(next);
      }
    }
  }
  return [...tangle, start]; // not reached: every file of a tangle leads back to each other one
}

/**
 * The layers of api/src, lowest first. A file may import files of its own layer and of lower ones,
 * never of a higher one: the database and the adapters know nothing of HTTP or of the rules; HTTP
 * plumbing knows nothing of sessions; and so on up to the app. A folder ends with `/`.
 */
export const API_LAYERS: ReadonlyArray<{ name: string; paths: readonly string[] }> = [
  { name: 'leaves', paths: ['config.ts', 'log.ts', 'sessionCookie.ts'] },
  { name: 'db', paths: ['db/'] },
  { name: 'adapters', paths: ['adapters/'] },
  { name: 'http', paths: ['http/'] },
  { name: 'auth', paths: ['auth/'] },
  { name: 'policy', paths: ['policy.ts'] },
  { name: 'plugins', paths: ['plugins.ts'] },
  { name: 'services', paths: ['services/'] },
  { name: 'routes', paths: ['routes/'] },
  { name: 'app', paths: ['app.ts', 'demo/'] },
  { name: 'entry points', paths: ['main.ts', 'lifecycle.ts', 'cli/'] },
];

/** The position of a file's layer in `layers` (a path relative to api/src), or -1 when none names it. */
export function layerOf(file: string, layers = API_LAYERS): number {
  return layers.findIndex((l) => l.paths.some((p) => (p.endsWith('/') ? file.startsWith(p) : file === p)));
}

/** Each import that points up the layers, as "from → to (layer may not import layer)". */
export function layerBreaks(graph: ImportGraph, layers = API_LAYERS): string[] {
  const breaks: string[] = [];
  for (const [from, targets] of graph) {
    for (const to of targets) {
      const [a, b] = [layerOf(from, layers), layerOf(to, layers)];
      if (a >= 0 && b > a) breaks.push(`${from} → ${to} (${layers[a]!.name} may not import ${layers[b]!.name})`);
    }
  }
  return breaks.sort();
}

describe('importSpecifiers', () => {
  it('reads imports, type-only imports, re-exports, side effects and import(), and skips comments and strings', () => {
    const source = [
      "import type { A } from './a.ts';",
      "import {\n  b,\n  type B,\n} from '../b.ts';",
      "export * from './c.ts';",
      "export type { D } from './d.ts';",
      "import './e.css';",
      "const F = lazy(() => import('./f.tsx'));",
      "// import { g } from './g.ts';",
      "/* import './h.ts'; */",
      "const text = \"import { i } from './i.ts'\";",
    ].join('\n');
    expect(importSpecifiers(source)).toEqual(['./a.ts', '../b.ts', './c.ts', './d.ts', './e.css', './f.tsx']);
  });
});

describe('resolveImport', () => {
  const files = new Set(['a/b.ts', 'a/c.tsx', 'a/d/index.ts', 'e.ts']);
  it('finds the file a relative specifier names, with or without its extension or index', () => {
    expect(resolveImport('a/x.ts', './b.ts', files)).toBe('a/b.ts');
    expect(resolveImport('a/x.ts', './c', files)).toBe('a/c.tsx');
    expect(resolveImport('a/x.ts', './d', files)).toBe('a/d/index.ts');
    expect(resolveImport('a/x.ts', '../e.ts', files)).toBe('e.ts');
  });
  it('leaves packages, stylesheets and files outside alone', () => {
    expect(resolveImport('a/x.ts', '@cpq/domain', files)).toBeNull();
    expect(resolveImport('a/x.ts', './x.module.css', files)).toBeNull();
    expect(resolveImport('a/x.ts', '../../elsewhere.ts', files)).toBeNull();
  });
});

describe('importCycles', () => {
  it('reports each tangle as its shortest cycle, type-only and lazy imports included', () => {
    const graph = importGraph(
      new Map([
        ['screens.tsx', "const S = lazy(() => import('./list/Screen.tsx'));"],
        ['list/Screen.tsx', "import type { Props } from '../screens.tsx';"],
        ['a.ts', "import { b } from './b.ts';"],
        ['b.ts', "import { c } from './c.ts';"],
        ['c.ts', "export { a } from './a.ts';"],
        ['self.ts', "import type { Me } from './self.ts';"],
      ]),
    );
    expect(importCycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts'], ['list/Screen.tsx', 'screens.tsx', 'list/Screen.tsx'], ['self.ts', 'self.ts']]);
  });
  it('finds none where imports point one way', () => {
    const graph = importGraph(
      new Map([
        ['screens.tsx', "import type { Props } from './types.ts';\nconst S = lazy(() => import('./list/Screen.tsx'));"],
        ['list/Screen.tsx', "import type { Props } from '../types.ts';"],
        ['types.ts', 'export interface Props { id: number }'],
      ]),
    );
    expect(importCycles(graph)).toEqual([]);
  });
});

describe('layerBreaks', () => {
  it('allows imports down and within a layer, and reports each one up', () => {
    const graph: ImportGraph = new Map([
      ['routes/a.ts', ['services/b.ts', 'routes/c.ts', 'db/d.ts']],
      ['db/migrations/0001.ts', ['services/b.ts', 'adapters/x.ts']],
      ['http/origin.ts', ['auth/session.ts']],
      ['auth/session.ts', ['http/errors.ts', 'db/d.ts']],
    ]);
    expect(layerBreaks(graph)).toEqual([
      'db/migrations/0001.ts → adapters/x.ts (db may not import adapters)',
      'db/migrations/0001.ts → services/b.ts (db may not import services)',
      'http/origin.ts → auth/session.ts (http may not import auth)',
    ]);
  });
});

describe('import cycles in the workspaces', () => {
  const folders = workspaces().filter((w) => existsSync(join(ROOT, w, 'src')));
  it('finds the workspaces with sources', () => {
    expect(folders).toEqual(expect.arrayContaining(['api', 'mfe-admin', 'mfe-spatial', 'packages/domain']));
  });
  it.each(folders)('%s/src has none', (folder) => {
    const graph = importGraph(sourcesUnder(join(ROOT, folder, 'src')));
    expect(importCycles(graph).map((cycle) => cycle.join(' → '))).toEqual([]);
  });
});

describe('api/src imports point down its layers', () => {
  const graph = importGraph(sourcesUnder(join(ROOT, 'api/src')));
  it('reads its imports', () => {
    // A parser that found nothing would pass every rule below.
    expect(graph.get('app.ts')).toEqual(expect.arrayContaining(['db/repository.ts', 'http/origin.ts', 'routes/auth.ts']));
  });
  it('gives every file a layer', () => {
    expect([...graph.keys()].filter((f) => layerOf(f) < 0)).toEqual([]);
  });
  it('has no import up the layers', () => {
    expect(layerBreaks(graph)).toEqual([]);
  });
});
