import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack, type Configuration, type RuleSetRule } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { sourceVersion } from '@cpq/domain/version';
import { PrecompressPlugin } from './precompress.ts';
import { StartupPreloadPlugin, type StartupFiles } from './startupPreload.ts';

/** Root of the monorepo (packages/mf-config/src -> ../../..). */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export interface MfConfigOptions {
  /** Federation name: the workspace name with '-' replaced by '_' (e.g. mfe_orders, org_850, shell). */
  name: string;
  /** The workspace folder (pass `import.meta.dirname`). */
  dir: string;
  /** Exposed modules, e.g. `{ './spa': './src/spa.tsx' }`. */
  exposes?: Record<string, string>;
  /** 'remote' (default): exposes modules, no page. 'host': the shell, with an HTML page and an entry. */
  kind?: 'remote' | 'host';
  /** HTML page of a host. */
  html?: {
    title: string;
    template?: string;
    publicPath?: string;
    /** Icon file beside the template, copied into the build and linked from the page. */
    favicon?: string;
    /** More `<%= name %>` values for the template (raw text: markup and CSS the build chose). */
    parameters?: Record<string, string>;
    /** More pages from the same template and entry, each with its own values (e.g. one with a first view). */
    pages?: { filename: string; parameters: Record<string, string> }[];
    /** Files the page's start-up loads before any of its code runs, preloaded from the page itself. */
    startup?: StartupFiles;
  };
}

interface PackageJson {
  version?: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

function readJson(file: string): PackageJson {
  return JSON.parse(readFileSync(file, 'utf8')) as PackageJson;
}

/** Third-party singletons: versions pinned once in the root package.json. */
const THIRD_PARTY_SHARED = ['react', 'react-dom', 'jotai', 'xstate', '@xstate/react', 'single-spa'] as const;
/** Workspace libraries shared as singletons (consumed as TypeScript source). */
const WORKSPACE_SHARED: Record<string, string> = {
  '@cpq/domain': 'packages/domain',
  '@cpq/client': 'packages/client',
  '@cpq/plugin-sdk': 'packages/plugin-sdk',
  '@cpq/ui': 'packages/ui',
  '@cpq/drawing': 'packages/drawing',
};

type SharedConfig = { singleton: true; requiredVersion: string; version?: string; strictVersion?: boolean };

/**
 * The version each workspace library is built as: `<package.json version>+<hash of its source>`, so a
 * remote built against other source is detectable (the shell compares these with what it loaded).
 */
export function workspaceSharedVersions(): Record<string, string> {
  return Object.fromEntries(Object.entries(WORKSPACE_SHARED).map(([pkg, folder]) => [pkg, sourceVersion(join(ROOT, folder))]));
}

/** The shared-module map every build uses (host and remotes must agree). */
export function sharedModules(): Record<string, SharedConfig> {
  const root = readJson(join(ROOT, 'package.json'));
  const deps = { ...root.dependencies, ...root.devDependencies };
  const shared: Record<string, SharedConfig> = {};
  for (const pkg of THIRD_PARTY_SHARED) {
    const version = deps[pkg];
    if (!version) throw new Error(`@cpq/mf-config: ${pkg} is not pinned in the root package.json`);
    shared[pkg] = { singleton: true, requiredVersion: version };
  }
  // Deep imports (react/jsx-runtime, react-dom/client) must be the same singletons: sharing only
  // react-dom would leave react-dom/client unshared, a second React root renderer.
  shared['react/'] = { singleton: true, requiredVersion: deps.react! };
  shared['react-dom/'] = { singleton: true, requiredVersion: deps['react-dom']! };
  const built = workspaceSharedVersions();
  for (const [pkg, folder] of Object.entries(WORKSPACE_SHARED)) {
    // Build metadata (+hash) does not count in semver ranges, so any build satisfies the plain version.
    const requiredVersion = readJson(join(ROOT, folder, 'package.json')).version ?? '0.0.0';
    shared[pkg] = { singleton: true, requiredVersion, version: built[pkg]! };
  }
  return shared;
}

/** Compiled into every build: @cpq/domain's ENGINE_VERSION and the @cpq/* versions the shell compares remotes with. */
export function buildDefines(shared: Record<string, SharedConfig> = sharedModules()): Record<string, string> {
  const built = Object.fromEntries(Object.keys(WORKSPACE_SHARED).map((pkg) => [pkg, shared[pkg]!.version!]));
  return { __CPQ_DOMAIN_VERSION__: JSON.stringify(built['@cpq/domain']), __CPQ_SHARED_VERSIONS__: JSON.stringify(built) };
}

/** One Rspack + Module Federation configuration for every browser build of the portal. */
export function createMfConfig(options: MfConfigOptions): Configuration {
  const { name, dir, exposes = {}, kind = 'remote', html } = options;
  const isHost = kind === 'host';
  // Only the host has a page entry (src/index.ts -> import('./bootstrap')); remotes are containers only.
  const indexEntry = isHost
    ? ['src/index.ts', 'src/index.tsx'].map((f) => join(dir, f)).find((f) => existsSync(f))
    : undefined;
  if (isHost && !indexEntry) throw new Error(`@cpq/mf-config: host ${name} needs src/index.ts (async boundary)`);

  const shared = sharedModules();

  const swcRule: RuleSetRule = {
    test: /\.[cm]?[jt]sx?$/,
    // Workspace packages resolve to their real path (packages/*/src) and go through the loader.
    exclude: /[\\/]node_modules[\\/]/,
    loader: 'builtin:swc-loader',
    type: 'javascript/auto',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic' } },
        target: 'es2022',
      },
    },
  };

  return {
    mode: 'production',
    context: dir,
    devtool: false,
    target: 'web',
    entry: indexEntry ? { main: indexEntry } : {},
    output: {
      path: join(dir, 'dist'),
      publicPath: 'auto',
      uniqueName: name,
      clean: true,
      filename: '[name].[contenthash:8].js',
      chunkFilename: '[name].[contenthash:8].js',
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'],
    },
    module: {
      parser: {
        // CSS travels inside the JS chunks (style tags), so a remote's styles arrive with its code
        // wherever it is loaded from.
        css: { exportType: 'style' },
        'css/module': { exportType: 'style', namedExports: false },
      },
      generator: {
        'css/module': { localIdentName: `${name}__[local]__[hash:6]` },
      },
      rules: [
        swcRule,
        { test: /\.module\.css$/, type: 'css/module' },
        { test: /\.css$/, exclude: /\.module\.css$/, type: 'css' },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name,
        ...(isHost ? {} : { filename: 'remoteEntry.js', exposes }),
        manifest: true,
        dts: false,
        shareStrategy: 'loaded-first',
        shared,
        // One federation runtime per page: the shell (a pure consumer) provides it on a global, every
        // remote and organisation plugin takes it from there instead of carrying its own copy.
        experiments: isHost ? { provideExternalRuntime: true } : { externalRuntime: true },
      }),
      new rspack.DefinePlugin(buildDefines(shared)),
      ...(isHost
        ? [{ filename: 'index.html', parameters: {} }, ...(html?.pages ?? [])].map(
            (page) =>
              new rspack.HtmlRspackPlugin({
                filename: page.filename,
                title: html?.title ?? name,
                templateParameters: { title: html?.title ?? name, ...html?.parameters, ...page.parameters },
                ...(html?.template ? { template: join(dir, html.template) } : {}),
                ...(html?.favicon ? { favicon: join(dir, html.favicon) } : {}),
                // The page is served for every route (SPA fallback), so its script URL must not be relative.
                publicPath: html?.publicPath ?? '/',
                chunks: ['main'],
                scriptLoading: 'defer',
              }),
          )
        : []),
      ...(isHost && html?.startup
        ? [new StartupPreloadPlugin(html.startup, ['index.html', ...(html.pages ?? []).map((p) => p.filename)], html.publicPath ?? '/')]
        : []),
      new PrecompressPlugin(),
    ],
    performance: { hints: false },
    optimization: { minimize: true },
    stats: 'errors-warnings',
  };
}
