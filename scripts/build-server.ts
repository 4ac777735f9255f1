// The compiled server (docs/decisions/0116-compiled-server.md): api/src/main.ts, the migrate command
// and every installed organisation plugin's rules module bundled into plain JavaScript under
// api/dist, so production runs `node api/dist/main.js` with no TypeScript compiler or tsx loaded.
// The workspace packages (@cpq/*) are bundled; every package from npm stays an import of
// node_modules. Run by `npm run build` (scripts/build-all.mjs) through tsx, which it needs only here.
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { sourceVersion } from '@cpq/domain/version';
import { discoverOrgPlugins } from '@cpq/plugin-sdk/discovery';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_DIST = path.join(root, 'api', 'dist');

/** Packages installed from npm (the root package.json): imported at run time, never bundled. */
function npmPackages(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
  return Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter((name) => !name.startsWith('@cpq/'));
}

export async function buildServer(): Promise<void> {
  const plugins = discoverOrgPlugins(root);
  rmSync(SERVER_DIST, { recursive: true, force: true });
  await build({
    entryPoints: {
      main: path.join(root, 'api/src/main.ts'),
      migrate: path.join(root, 'api/src/cli/migrate.ts'),
      // One module per plugin, loaded by api/src/plugins.ts as the sources are under tsx.
      ...Object.fromEntries(plugins.map((p) => [`plugins/${p.folder}`, p.entryFile])),
    },
    outdir: SERVER_DIST,
    bundle: true,
    // Shared code (the SDK's definePlugin mark, @cpq/domain) is one copy for the server and its plugins.
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    // Chunks beside main.js: modules that find the repository from their own address stay two levels down.
    chunkNames: '[name]-[hash]',
    external: npmPackages().flatMap((name) => [name, `${name}/*`]),
    sourcemap: 'linked',
    logLevel: 'warning',
    define: {
      // What the sources compute from their own files under tsx, fixed at build time.
      __CPQ_DOMAIN_VERSION__: JSON.stringify(sourceVersion(path.join(root, 'packages/domain'))),
      __CPQ_SERVER_BUILD__: JSON.stringify({ pluginVersions: Object.fromEntries(plugins.map((p) => [p.orgId, sourceVersion(p.dir)])) }),
    },
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  await buildServer();
  console.log(`  server built in ${((Date.now() - started) / 1000).toFixed(1)} s -> api/dist`);
}
