import { describe, expect, it } from 'vitest';
import { createMfConfig, sharedModules } from './index.ts';

describe('sharedModules', () => {
  it('shares react, react-dom and their deep imports, state libraries and the workspace packages as singletons', () => {
    const shared = sharedModules();
    for (const name of ['react', 'react/', 'react-dom', 'react-dom/', 'jotai', 'xstate', '@xstate/react', 'single-spa', '@cpq/domain', '@cpq/client', '@cpq/plugin-sdk', '@cpq/ui']) {
      expect(shared[name], name).toMatchObject({ singleton: true });
    }
    expect(shared.react!.requiredVersion).toBe(shared['react/']!.requiredVersion);
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
