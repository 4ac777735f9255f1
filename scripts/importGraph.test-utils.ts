/**
 * The import graph of a workspace's TypeScript sources, read with TypeScript's own pre-processor
 * (already installed for the type check): it reads `import`, `import type`, `export … from` and
 * `import()` and skips comments and strings. Shared by the checks on imports (`scripts/imports.test.ts`)
 * and on test helpers (`scripts/testUtils.test.ts`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** The repository's root folder. */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** An import graph: each file (a path relative to its folder, with `/`) and the files it imports. */
export type ImportGraph = Map<string, string[]>;

/** Every specifier a source imports or re-exports from: static, type-only, side-effect and `import()`. */
export function importSpecifiers(source: string): string[] {
  return ts.preProcessFile(source, true, true).importedFiles.map((f) => f.fileName);
}

/** The file of `files` a relative specifier names, or null (a package, a stylesheet, a file elsewhere). */
export function resolveImport(from: string, specifier: string, files: ReadonlySet<string>): string | null {
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) return null;
  const base = join(dirname(from), specifier).split(sep).join('/');
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((f) => files.has(f)) ?? null;
}

/** The graph of sources given as relative path → text: only imports between these files are edges. */
export function importGraph(sources: ReadonlyMap<string, string>): ImportGraph {
  const files = new Set(sources.keys());
  const graph: ImportGraph = new Map();
  for (const [file, text] of sources) {
    const targets = importSpecifiers(text).map((s) => resolveImport(file, s, files));
    graph.set(file, [...new Set(targets.filter((t): t is string => t !== null))].sort());
  }
  return graph;
}

// ------------------------------------------------------------------------------- the repository

/** The workspaces of the root package.json, `folder/*` read as each folder there. */
export function workspaces(): string[] {
  const { workspaces: patterns } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] };
  return patterns.flatMap((p) =>
    p.endsWith('/*')
      ? readdirSync(join(ROOT, p.slice(0, -2)), { withFileTypes: true })
          .filter((d) => d.isDirectory())
          .map((d) => `${p.slice(0, -2)}/${d.name}`)
      : [p],
  );
}

/** The .ts and .tsx files under a folder (installed and built folders left out), by path relative to it. */
export function sourcesUnder(folder: string): Map<string, string> {
  const sources = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(path);
      } else if (/\.tsx?$/.test(entry.name)) sources.set(relative(folder, path).split(sep).join('/'), readFileSync(path, 'utf8'));
    }
  };
  walk(folder);
  return sources;
}
