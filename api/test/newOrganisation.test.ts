import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineHooks } from '@cpq/plugin-sdk';
import { REPO_ROOT } from '../src/config.ts';
import { loadInstalledPlugins, PluginRegistry } from '../src/plugins.ts';
import { databases, startTestApp, type TestApp } from './helpers.ts';

/**
 * Adding an organisation is adding one package: a sixth plugin written into an otherwise empty
 * repository root is picked up by the API, /remotes.json and the build, with no edit elsewhere.
 */
const ORG_ID = 4242;
const FOLDER = `org-${ORG_ID}`;

const PLUGIN_SOURCE = `import { definePlugin, type OptionFilter } from '@cpq/plugin-sdk';

const noChromeOnProduct7: OptionFilter = ({ product, optionIds }) =>
  product.id === 7 && optionIds.includes(3) ? [{ optionId: 3, reason: 'Chrome is not offered on this product.' }] : [];

export default definePlugin({
  orgId: ${ORG_ID},
  compatibility: [1],
  rules: {
    home: { greeting: (orgTitle) => \`Hello from \${orgTitle}\` },
    theme: { forcedFont: { family: 'Inter', sizePx: 15, weight: 'normal' } },
    catalogue: { optionFilters: [noChromeOnProduct7] },
  },
});
`;

let root: string;
let pluginDir: string;

beforeAll(() => {
  // Outside the repository, with node_modules linked so the package resolves @cpq/plugin-sdk and
  // @cpq/mf-config exactly as a workspace would.
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'cpq-sixth-org-'));
  fs.symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  pluginDir = path.join(root, 'org-plugins', FOLDER);
  fs.mkdirSync(path.join(pluginDir, 'src'), { recursive: true });
  fs.writeFileSync(
    path.join(pluginDir, 'package.json'),
    JSON.stringify(
      {
        name: `@cpq/${FOLDER}`,
        version: '0.1.0',
        private: true,
        type: 'module',
        cpq: { orgId: ORG_ID },
        exports: { '.': './src/index.ts' },
        scripts: { build: 'cpq-mf-build' },
        dependencies: { '@cpq/plugin-sdk': '*', '@cpq/mf-config': '*' },
      },
      null,
      2,
    ),
  );
  // The same build configuration file as every installed organisation.
  fs.copyFileSync(path.join(REPO_ROOT, 'org-plugins', 'org-1053', 'rspack.config.ts'), path.join(pluginDir, 'rspack.config.ts'));
  fs.writeFileSync(path.join(pluginDir, 'src', 'index.ts'), PLUGIN_SOURCE);
});

afterAll(() => {
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

describe('a sixth organisation added as one package', () => {
  let registry: PluginRegistry;
  let app: TestApp | undefined;

  beforeAll(async () => {
    registry = new PluginRegistry(await loadInstalledPlugins(root));
  });
  afterAll(async () => {
    await app?.close();
  });

  it('gets its own rules in the API', () => {
    expect(registry.pluginFor(ORG_ID)?.orgId).toBe(ORG_ID);
    const rules = registry.rulesFor(ORG_ID);
    expect(rules.home.greeting('Acme')).toBe('Hello from Acme');
    expect(rules.home.tilesPerRow).toBe(5); // the rest comes from the defaults
    expect(rules.theme.forcedFont).toEqual({ family: 'Inter', sizePx: 15, weight: 'normal' });
    const [filter] = engineHooks(rules).optionFilters;
    expect(engineHooks(rules).optionFilters).toHaveLength(1);
    const ctx = { product: { id: 7 }, propertyId: 1, optionIds: [3, 4] } as unknown as Parameters<NonNullable<typeof filter>>[0];
    expect(filter!(ctx)).toEqual([{ optionId: 3, reason: 'Chrome is not offered on this product.' }]);
  });

  it('is in the build list of the project scripts', () => {
    const script = `import { browserWorkspaces } from ${JSON.stringify(path.join(REPO_ROOT, 'scripts', 'lib.mjs'))};
      console.log(JSON.stringify(browserWorkspaces(process.argv[1])));`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script, root], { encoding: 'utf8' });
    expect(JSON.parse(out)).toContain(`org-plugins/${FOLDER}`);
  });

  it('builds as a federated remote with the shared configuration, listed and served by /remotes.json', async () => {
    // What `npm run build -w org-plugins/org-4242` runs in the package folder.
    execFileSync(process.execPath, [path.join(REPO_ROOT, 'packages', 'mf-config', 'bin', 'cpq-mf-build.mjs')], {
      cwd: pluginDir,
      stdio: 'pipe',
    });
    const manifest = JSON.parse(fs.readFileSync(path.join(pluginDir, 'dist', 'mf-manifest.json'), 'utf8'));
    expect(manifest.name).toBe(`org_${ORG_ID}`);
    expect(manifest.exposes.map((e: { path: string }) => e.path)).toEqual(['./plugin']);

    app = await startTestApp(databases[0]!, { repoRoot: root, plugins: registry });
    const remotes = await app.client().get('/remotes.json');
    expect(remotes.status).toBe(200);
    expect(remotes.body.plugins).toEqual({ [String(ORG_ID)]: `/plugins/${FOLDER}/mf-manifest.json` });
    const served = await app.client().get(remotes.body.plugins[String(ORG_ID)]);
    expect(served.status).toBe(200);
    expect(served.body.name).toBe(`org_${ORG_ID}`);
  });
});
