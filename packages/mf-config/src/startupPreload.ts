import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Compiler, RspackPluginInstance } from '@rspack/core';

/** What a host's page loads at start-up before any of its code runs: its own lazy imports and shared libraries. */
export interface StartupFiles {
  /** Requests of the entry's dynamic imports loaded at once (e.g. './bootstrap.tsx'). */
  imports: string[];
  /** Shared libraries the start-up imports (share keys, e.g. 'react-dom/client'). */
  shared: string[];
}

type ChunkStats = { files?: string[]; origins?: { moduleName?: string; request?: string }[] };

/** The `<link rel="preload">` tags of these files, in this order, for a page served at `publicPath`. */
export function preloadTags(files: readonly string[], publicPath: string): string {
  return files.map((f) => `<link rel="preload" href="${publicPath}${f}" as="script" fetchpriority="low">`).join('');
}

/**
 * The files of the start-up: the chunks of the named imports, then the chunks that provide each shared
 * library (not the fallback copies a remote would load when no host provides it).
 */
export function startupFileList(chunks: readonly ChunkStats[], wanted: StartupFiles): string[] {
  const files: string[] = [];
  const jsOf = (c: ChunkStats) => (c.files ?? []).filter((f) => f.endsWith('.js'));
  for (const c of chunks) {
    if (c.origins?.some((o) => o.request !== undefined && wanted.imports.includes(o.request))) files.push(...jsOf(c));
  }
  for (const key of wanted.shared) {
    const provides = (o: { moduleName?: string }) => o.moduleName?.startsWith('provide shared module') === true && o.moduleName.includes(` ${key}@`);
    const providers = chunks.filter((c) => c.origins?.some(provides) && jsOf(c).length > 0);
    if (providers.length === 0) throw new Error(`startup preload: no chunk provides the shared library "${key}"`);
    for (const c of providers) files.push(...jsOf(c));
  }
  return [...new Set(files)];
}

/**
 * Adds preload tags for the start-up's files to the host's pages, once everything is written: the
 * entry script otherwise discovers them in two waves (the shared libraries it negotiates, then the
 * code that imports the rest), two round trips before anything is drawn on a slow connection.
 */
export class StartupPreloadPlugin implements RspackPluginInstance {
  name = 'CpqStartupPreloadPlugin';

  constructor(
    private readonly wanted: StartupFiles,
    private readonly pages: readonly string[],
    private readonly publicPath: string,
  ) {}

  apply(compiler: Compiler): void {
    compiler.hooks.afterEmit.tapPromise(this.name, async (compilation) => {
      const dir = compilation.outputOptions.path;
      if (!dir) return;
      const stats = compilation.getStats().toJson({ all: false, chunks: true, chunkOrigins: true });
      const tags = preloadTags(startupFileList(stats.chunks ?? [], this.wanted), this.publicPath);
      for (const page of this.pages) {
        const file = join(dir, page);
        const html = await readFile(file, 'utf8');
        if (!html.includes('</head>')) throw new Error(`startup preload: ${page} has no </head>`);
        await writeFile(file, html.replace('</head>', `${tags}</head>`));
      }
    });
  }
}
