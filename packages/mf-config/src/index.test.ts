import { describe, expect, it } from 'vitest';
import { rspack } from '@rspack/core';
import { ENGINE_VERSION } from '@cpq/domain';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { buildDefines, createMfConfig, sharedModules } from './index.ts';
import { PrecompressPlugin, precompressFolder } from './precompress.ts';

/** The real shell folder: a host needs its src/index.ts. */
const SHELL_DIR = path.resolve(import.meta.dirname, '../../../shell');

describe('sharedModules', () => {
  it('shares react, react-dom and their deep imports, state libraries and the workspace packages as singletons', () => {
    const shared = sharedModules();
    for (const name of ['react', 'react/', 'react-dom', 'react-dom/', 'jotai', 'xstate', '@xstate/react', 'single-spa', '@cpq/domain', '@cpq/client', '@cpq/plugin-sdk', '@cpq/ui', '@cpq/drawing']) {
      expect(shared[name], name).toMatchObject({ singleton: true });
    }
    expect(shared.react!.requiredVersion).toBe(shared['react/']!.requiredVersion);
  });
});

describe('workspace library versions', () => {
  it('are the package version plus a hash of the source, the engine one equal to ENGINE_VERSION', () => {
    const shared = sharedModules();
    expect(shared['@cpq/domain']).toMatchObject({ requiredVersion: '0.1.0', version: ENGINE_VERSION });
    for (const pkg of ['@cpq/client', '@cpq/plugin-sdk', '@cpq/ui']) expect(shared[pkg]!.version, pkg).toMatch(/^0\.1\.0\+[0-9a-f]{12}$/);
    expect(new Set(['@cpq/domain', '@cpq/client', '@cpq/ui'].map((p) => shared[p]!.version)).size).toBe(3);
  });

  it('are compiled into every build (ENGINE_VERSION and the versions the shell compares remotes with)', () => {
    const defines = buildDefines();
    expect(JSON.parse(defines.__CPQ_DOMAIN_VERSION__!)).toBe(ENGINE_VERSION);
    expect(JSON.parse(defines.__CPQ_SHARED_VERSIONS__!)['@cpq/ui']).toBe(sharedModules()['@cpq/ui']!.version);
    const config = createMfConfig({ name: 'mfe_orders', dir: '/tmp/mfe-orders' });
    expect(config.plugins?.some((p) => p instanceof rspack.DefinePlugin)).toBe(true);
  });
});

describe('createMfConfig', () => {
  it('makes a remote with publicPath auto, a clean dist and no page entry', () => {
    const config = createMfConfig({ name: 'mfe_orders', dir: '/tmp/mfe-orders', exposes: { './spa': './src/spa.tsx' } });
    expect(config.mode).toBe('production');
    expect(config.output).toMatchObject({ publicPath: 'auto', uniqueName: 'mfe_orders', clean: true, path: '/tmp/mfe-orders/dist' });
    expect(config.entry).toEqual({});
  });
});

describe('host pages', () => {
  it('writes index.html, and each further page from the same template and entry with its own values', () => {
    const config = createMfConfig({
      name: 'shell',
      dir: SHELL_DIR,
      kind: 'host',
      html: { title: 'Configurator', parameters: { firstView: '' }, pages: [{ filename: 'home.html', parameters: { firstView: '<div>first</div>' } }] },
    });
    const pages = (config.plugins ?? []).filter((p) => p instanceof rspack.HtmlRspackPlugin) as unknown as { _args: [{ filename: string; templateParameters: Record<string, string>; chunks: string[] }] }[];
    expect(pages.map((p) => p._args[0].filename)).toEqual(['index.html', 'home.html']);
    expect(pages.map((p) => p._args[0].templateParameters)).toEqual([
      { title: 'Configurator', firstView: '' },
      { title: 'Configurator', firstView: '<div>first</div>' },
    ]);
    expect(pages.every((p) => p._args[0].chunks.join() === 'main')).toBe(true);
  });
});

describe('one federation runtime per page', () => {
  const federationOptions = (config: ReturnType<typeof createMfConfig>) => {
    const plugin = config.plugins?.find((p): p is ModuleFederationPlugin => p instanceof ModuleFederationPlugin);
    expect(plugin).toBeDefined();
    return (plugin as unknown as { _options: { experiments?: Record<string, unknown> } })._options;
  };

  it('the shell provides the runtime; remotes and plugins take it instead of carrying a copy', () => {
    const host = createMfConfig({ name: 'shell', dir: SHELL_DIR, kind: 'host', html: { title: 'Configurator' } });
    const remote = createMfConfig({ name: 'mfe_orders', dir: '/tmp/mfe-orders', exposes: { './spa': './src/spa.tsx' } });
    expect(federationOptions(host).experiments).toEqual({ provideExternalRuntime: true });
    expect(federationOptions(remote).experiments).toEqual({ externalRuntime: true });
  });
});

describe('pre-compressed assets', () => {
  it('every build compresses its output', () => {
    for (const config of [
      createMfConfig({ name: 'shell', dir: SHELL_DIR, kind: 'host', html: { title: 'Configurator' } }),
      createMfConfig({ name: 'mfe_orders', dir: '/tmp/mfe-orders' }),
    ]) {
      expect(config.plugins?.some((p) => p instanceof PrecompressPlugin)).toBe(true);
    }
  });

  it('writes a brotli and a gzip copy beside each text file of 1 KB or more, none for small or binary files', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cpq-precompress-'));
    try {
      const js = 'export const x = "a federated chunk";\n'.repeat(100);
      fs.mkdirSync(path.join(dir, 'nested'));
      fs.writeFileSync(path.join(dir, 'main.1a2b3c4d.js'), js);
      fs.writeFileSync(path.join(dir, 'nested', 'mf-manifest.json'), JSON.stringify({ pad: 'y'.repeat(3000) }));
      fs.writeFileSync(path.join(dir, 'tiny.js'), 'x()');
      fs.writeFileSync(path.join(dir, 'photo.png'), Buffer.alloc(4096, 7));
      expect(await precompressFolder(dir)).toBe(2);
      expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, 'main.1a2b3c4d.js.br'))).toString()).toBe(js);
      expect(zlib.gunzipSync(fs.readFileSync(path.join(dir, 'main.1a2b3c4d.js.gz'))).toString()).toBe(js);
      expect(fs.existsSync(path.join(dir, 'nested', 'mf-manifest.json.br'))).toBe(true);
      expect(fs.existsSync(path.join(dir, 'tiny.js.br'))).toBe(false);
      expect(fs.existsSync(path.join(dir, 'photo.png.gz'))).toBe(false);
      expect(fs.statSync(path.join(dir, 'main.1a2b3c4d.js.br')).size).toBeLessThan(js.length / 10);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
