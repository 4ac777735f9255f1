import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import zlib from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { rspack, type Configuration } from '@rspack/core';
import { preloadTags, startupFileList } from './startupPreload.ts';

/** Chunks as rspack's stats describe them: a provider, a fallback copy of the same library, the lazy code. */
const CHUNKS = [
  { files: ['17.aaaa.js'], origins: [{ moduleName: './src/index.ts', request: './bootstrap.tsx' }] },
  { files: ['470.bbbb.js'], origins: [{ moduleName: 'provide shared module (default) react-dom@19.3.1 = /x/react-dom/index.js' }] },
  { files: ['89.cccc.js'], origins: [{ moduleName: 'consume shared module (default) react-dom@19.3.1 (strict) (fallback: /x/react-dom/index.js)' }] },
  { files: ['275.dddd.js'], origins: [{ moduleName: 'provide shared module (default) react-dom/client@19.3.1 = /x/react-dom/client.js' }] },
  { files: ['206.eeee.js'], origins: [{ moduleName: 'provide shared module (default) @cpq/domain@0.1.0+abc = /x/domain/index.ts' }] },
  { files: [], origins: [{ moduleName: 'provide shared module (default) react-dom@19.3.1 = /x/react-dom/index.js' }] },
  { files: ['360.ffff.js'], origins: [{ moduleName: './src/chrome/Chrome.tsx', request: '../tour/ShareeTour.tsx' }] },
];

describe('startupFileList', () => {
  it('lists the named imports’ chunks, then each shared library’s providing chunks, not their fallback copies', () => {
    expect(startupFileList(CHUNKS, { imports: ['./bootstrap.tsx'], shared: ['react-dom', 'react-dom/client'] })).toEqual(['17.aaaa.js', '470.bbbb.js', '275.dddd.js']);
  });

  it('tells a shared library no chunk provides (a start-up list gone stale) instead of leaving it out', () => {
    expect(() => startupFileList(CHUNKS, { imports: [], shared: ['jotai'] })).toThrow(/jotai/);
  });

  it('makes low-priority script preloads under the page’s public path', () => {
    expect(preloadTags(['17.aaaa.js'], '/')).toBe('<link rel="preload" href="/17.aaaa.js" as="script" fetchpriority="low">');
  });
});

describe('the shell’s pages', () => {
  it('preload the start-up’s files (its own code, react-dom, the shared libraries it imports) and not @cpq/domain', async () => {
    const shellDir = path.resolve(import.meta.dirname, '../../../shell');
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'cpq-shell-preload-'));
    try {
      const { default: config } = (await import(path.join(shellDir, 'rspack.config.ts'))) as { default: Configuration };
      const compiler = rspack({ ...config, output: { ...config.output, path: out } });
      const stats = await new Promise<import('@rspack/core').Stats>((resolve, reject) => compiler.run((err, s) => (err || !s ? reject(err) : resolve(s))));
      await new Promise<void>((resolve) => compiler.close(() => resolve()));
      expect(stats.hasErrors()).toBe(false);
      const chunks = stats.toJson({ all: false, chunks: true, chunkOrigins: true }).chunks ?? [];
      const fileOf = (test: (name: string) => boolean) => chunks.find((c) => c.origins?.some((o) => test(`${o.moduleName ?? ''} -> ${o.request ?? ''}`)) && c.files?.length)?.files?.[0];
      const bootstrap = fileOf((n) => n.endsWith('-> ./bootstrap.tsx'));
      const reactDomClient = fileOf((n) => n.startsWith('provide shared module (default) react-dom/client@'));
      const domain = chunks.filter((c) => c.origins?.some((o) => o.moduleName?.startsWith('provide shared module (default) @cpq/domain@'))).flatMap((c) => c.files ?? []);
      expect(bootstrap && reactDomClient && domain.length).toBeTruthy();
      for (const page of ['index.html', 'home.html']) {
        const html = fs.readFileSync(path.join(out, page), 'utf8');
        const preloaded = [...html.matchAll(/<link rel="preload" href="\/([^"]+\.js)" as="script"/g)].map((m) => m[1]);
        expect(preloaded, page).toContain(bootstrap);
        expect(preloaded, page).toContain(reactDomClient);
        for (const f of domain) expect(preloaded, page).not.toContain(f);
        // The compressed copy the server sends is made after the tags were added.
        const br = path.join(out, `${page}.br`);
        if (fs.existsSync(br)) expect(zlib.brotliDecompressSync(fs.readFileSync(br)).toString(), page).toBe(html);
      }
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  }, 120_000);
});
