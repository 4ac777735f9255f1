/**
 * The portal's start-up on `/` loads without @cpq/domain's shared bundle (its schema library, engine and
 * state machines): the code it runs imports values from `@cpq/domain/basics` only (decision 0113).
 * Walks the static imports (dynamic `import()` loads later and is not followed) from each start-up
 * entry through the workspace packages, and lists every value import of `@cpq/domain` itself.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

/** `@cpq/<name>[/<sub>]` -> its source file, from the package's `exports`. */
function workspaceEntry(specifier: string): string | null {
  const m = /^@cpq\/([^/]+)(?:\/(.+))?$/.exec(specifier);
  if (!m) return null;
  const folder = ['packages', 'org-plugins'].map((d) => join(ROOT, d, m[1]!)).find((f) => existsSync(join(f, 'package.json')));
  if (!folder) return null;
  const exportsMap = (JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { exports?: Record<string, string> }).exports ?? {};
  const target = exportsMap[m[2] ? `./${m[2]}` : '.'];
  return target && /\.[cm]?[jt]sx?$/.test(target) ? join(folder, target) : null;
}

/** Value imports of each reachable module (type-only imports and `import type` load nothing). */
function startupGraph(entries: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const visit = (file: string) => {
    if (graph.has(file)) return;
    const specifiers: string[] = [];
    graph.set(file, specifiers);
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(/^(?:import|export)\s+(type\s+)?(?:([^'";]*?)\bfrom\s*)?['"]([^'"]+)['"]/gm)) {
      if (m[1]) continue;
      // `import { type A, type B } from` loads nothing either.
      const names = /^\{([^}]*)\}\s*$/.exec(m[2]?.trim() ?? '')?.[1];
      if (names !== undefined && names.split(',').every((n) => !n.trim() || n.trim().startsWith('type '))) continue;
      const specifier = m[3]!;
      specifiers.push(specifier);
      const target = specifier.startsWith('.') ? resolve(dirname(file), specifier) : workspaceEntry(specifier);
      if (target && existsSync(target) && /\.[cm]?[jt]sx?$/.test(target)) visit(target);
    }
  };
  entries.forEach(visit);
  return graph;
}

const ORG_PLUGINS = readdirSync(join(ROOT, 'org-plugins'), { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(ROOT, 'org-plugins', d.name, 'src/index.ts')))
  .map((d) => join(ROOT, 'org-plugins', d.name, 'src/index.ts'));

const START_UP = [
  join(ROOT, 'shell/src/bootstrap.tsx'),
  join(ROOT, 'mfe-configurator/src/home/spa.tsx'),
  ...ORG_PLUGINS,
];

describe('the start-up of `/`', () => {
  it('imports no value from @cpq/domain itself, only from @cpq/domain/basics', () => {
    const graph = startupGraph(START_UP);
    expect(graph.size).toBeGreaterThan(40);
    const offenders = [...graph].filter(([, specifiers]) => specifiers.includes('@cpq/domain')).map(([file]) => relative(ROOT, file));
    expect(offenders).toEqual([]);
  });

  it('reaches the shared libraries it starts with (the walk follows workspace packages)', () => {
    const files = [...startupGraph(START_UP).keys()].map((f) => relative(ROOT, f));
    for (const expected of ['packages/client/src/index.ts', 'packages/ui/src/index.ts', 'packages/plugin-sdk/src/index.ts', 'packages/domain/src/basics.ts', 'org-plugins/org-850/src/engravingFit.ts']) {
      expect(files).toContain(expected);
    }
  });
});
