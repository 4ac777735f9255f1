import { describe, expect, it } from 'vitest';
import { rspack } from '@rspack/core';
import { ENGINE_VERSION } from '@cpq/domain';
import { buildDefines, createMfConfig, sharedModules } from './index.ts';

describe('sharedModules', () => {
  it('shares react, react-dom and their deep imports, state libraries and the workspace packages as singletons', () => {
    const shared = sharedModules();
    for (const name of ['react', 'react/', 'react-dom', 'react-dom/', 'jotai', 'xstate', '@xstate/react', 'single-spa', '@cpq/domain', '@cpq/client', '@cpq/plugin-sdk', '@cpq/ui']) {
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
