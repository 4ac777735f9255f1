import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { discoverOrgPlugins, orgPluginMfOptions, REPO_ROOT } from './discovery.mjs';

const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) fs.rmSync(r, { recursive: true, force: true });
});

/** A repository root with the given org-plugins/<folder>/package.json files. */
function rootWith(packages: Record<string, object | null>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cpq-discovery-'));
  roots.push(root);
  for (const [folder, pkg] of Object.entries(packages)) {
    const dir = path.join(root, 'org-plugins', folder);
    fs.mkdirSync(dir, { recursive: true });
    if (pkg) fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify(pkg));
  }
  return root;
}

const pkg = (orgId: unknown) => ({ name: `@x/org-${String(orgId)}`, cpq: { orgId }, exports: { '.': './src/index.ts' } });

describe('organisation plugin discovery', () => {
  it('finds the installed organisations in this repository', () => {
    expect(discoverOrgPlugins().map((p) => p.orgId)).toEqual([850, 1053, 1392, 1450, 1798]);
    const p850 = discoverOrgPlugins().find((p) => p.orgId === 850)!;
    expect(p850).toMatchObject({ folder: 'org-850', workspace: 'org-plugins/org-850', federationName: 'org_850', entry: './src/index.ts' });
    expect(p850.entryFile).toBe(path.join(REPO_ROOT, 'org-plugins', 'org-850', 'src', 'index.ts'));
  });
  it('reads each folder under another root, ignoring folders without a package.json', () => {
    const root = rootWith({ 'org-9': pkg(9), 'org-3': pkg(3), leftover: null });
    expect(discoverOrgPlugins(root).map((p) => [p.orgId, p.workspace])).toEqual([
      [3, 'org-plugins/org-3'],
      [9, 'org-plugins/org-9'],
    ]);
  });
  it('finds nothing where there is no org-plugins folder', () => {
    expect(discoverOrgPlugins(fs.mkdtempSync(path.join(os.tmpdir(), 'cpq-discovery-empty-')))).toEqual([]);
  });
  it('refuses a package without a numeric organisation id, or two for one organisation', () => {
    expect(() => discoverOrgPlugins(rootWith({ a: pkg('850') }))).toThrow(/"cpq": \{ "orgId"/);
    expect(() => discoverOrgPlugins(rootWith({ a: { ...pkg(5), exports: undefined } }))).toThrow(/exports/);
    expect(() => discoverOrgPlugins(rootWith({ a: pkg(5), b: pkg(5) }))).toThrow(/Two organisation plugins for organisation 5/);
  });
  it('makes the browser build options from the package', () => {
    const root = rootWith({ 'org-77': pkg(77) });
    const dir = path.join(root, 'org-plugins', 'org-77');
    expect(orgPluginMfOptions(dir)).toEqual({ name: 'org_77', dir, exposes: { './plugin': './src/index.ts' } });
  });
  it('exposes a browser-only UI module as ./ui only when the package names one', () => {
    const root = rootWith({ 'org-78': { ...pkg(78), cpq: { orgId: 78, ui: './src/ui/index.ts' } }, 'org-79': { ...pkg(79), cpq: { orgId: 79, ui: 5 } } });
    const dir = path.join(root, 'org-plugins', 'org-78');
    expect(orgPluginMfOptions(dir)).toEqual({ name: 'org_78', dir, exposes: { './plugin': './src/index.ts', './ui': './src/ui/index.ts' } });
    expect(() => orgPluginMfOptions(path.join(root, 'org-plugins', 'org-79'))).toThrow(/"ui"/);
    expect(discoverOrgPlugins().find((p) => p.orgId === 850)!.ui).toBe('./src/ui/index.ts');
    expect(discoverOrgPlugins().find((p) => p.orgId === 1053)!.ui).toBeNull();
  });
});
