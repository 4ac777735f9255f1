import { describe, expect, it, vi } from 'vitest';
import { ENGINE_VERSION } from '@cpq/domain';
import { apiEngineSkewCheck, findVersionSkew, loadedVersions, versionSkewPlugin } from './versionSkew.ts';

const loaded = { '@cpq/domain': '0.1.0+aaaaaaaaaaaa', '@cpq/ui': '0.1.0+bbbbbbbbbbbb' };
const manifest = (shared: { name: string; version: string }[]) => ({ shared });

/** What the federation runtime hands the hook when it has read a remote's mf-manifest.json. */
function snapshotArgs(remote: string, shared: { name: string; version: string }[]) {
  return { moduleInfo: { name: remote, entry: `/remotes/${remote}/mf-manifest.json` }, manifestJson: manifest(shared), from: 'manifest' } as never;
}

describe('findVersionSkew', () => {
  it('lists the libraries built in another version than the one loaded, and only those', () => {
    expect(
      findVersionSkew(
        'mfe_orders',
        [
          { name: '@cpq/domain', version: '0.1.0+cccccccccccc' },
          { name: '@cpq/ui', version: '0.1.0+bbbbbbbbbbbb' },
          { name: 'react', version: '19.3.1' },
        ],
        loaded,
      ),
    ).toEqual([{ remote: 'mfe_orders', pkg: '@cpq/domain', built: '0.1.0+cccccccccccc', loaded: '0.1.0+aaaaaaaaaaaa' }]);
    expect(findVersionSkew('mfe_orders', undefined, loaded)).toEqual([]);
  });

  it('takes the engine as loaded (ENGINE_VERSION of the shared singleton)', () => {
    expect(loadedVersions()['@cpq/domain']).toBe(ENGINE_VERSION);
  });
});

describe('versionSkewPlugin', () => {
  it('warns with both versions when a remote was built against another engine, once per remote and library', () => {
    const warn = vi.fn();
    const plugin = versionSkewPlugin(loaded, warn);
    const args = snapshotArgs('mfe_orders', [{ name: '@cpq/domain', version: '0.1.0+cccccccccccc' }]);
    expect(plugin.loadRemoteSnapshot!(args)).toBe(args);
    plugin.loadRemoteSnapshot!(args);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toContain('mfe_orders');
    expect(warn.mock.calls[0]![0]).toContain('0.1.0+cccccccccccc');
    expect(warn.mock.calls[0]![0]).toContain('0.1.0+aaaaaaaaaaaa');
  });

  it('stays quiet when the remote was built against what is loaded', () => {
    const warn = vi.fn();
    versionSkewPlugin(loaded, warn).loadRemoteSnapshot!(snapshotArgs('mfe_configurator', [{ name: '@cpq/domain', version: '0.1.0+aaaaaaaaaaaa' }]));
    expect(warn).not.toHaveBeenCalled();
  });

  it('logs through console.warn by default', () => {
    const spy = vi.spyOn(console, 'warn').mockImplementation(() => {});
    versionSkewPlugin(loaded).loadRemoteSnapshot!(snapshotArgs('org_850', [{ name: '@cpq/ui', version: '0.1.0+dddddddddddd' }]));
    expect(spy).toHaveBeenCalledWith(expect.stringContaining('@cpq/ui 0.1.0+dddddddddddd'));
    spy.mockRestore();
  });
});

describe('apiEngineSkewCheck', () => {
  it('warns once when the API reports another engine than the browser runs', () => {
    const warn = vi.fn();
    const check = apiEngineSkewCheck('0.1.0+aaaaaaaaaaaa', warn);
    check('0.1.0+aaaaaaaaaaaa');
    check(undefined);
    expect(warn).not.toHaveBeenCalled();
    check('0.1.0+eeeeeeeeeeee');
    check('0.1.0+eeeeeeeeeeee');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toMatch(/0\.1\.0\+eeeeeeeeeeee.*0\.1\.0\+aaaaaaaaaaaa/);
  });
});
