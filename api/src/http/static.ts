import fs from 'node:fs';
import path from 'node:path';
import type { Context, Middleware, Next } from 'koa';
import serve from 'koa-static';
import { discoverOrgPlugins } from '@cpq/plugin-sdk/discovery';

/** Files that name other files and must always be revalidated. */
const NO_CACHE = new Set(['index.html', 'mf-manifest.json', 'remoteEntry.js', 'remotes.json']);

const setHeaders = (res: { setHeader: (k: string, v: string) => void }, filePath: string) => {
  if (NO_CACHE.has(path.basename(filePath))) res.setHeader('Cache-Control', 'no-cache');
};

/** koa-static mounted under a URL prefix; a missing root folder just serves nothing. */
export function mount(prefix: string, root: string): Middleware {
  const serveRoot = serve(root, { defer: false, index: 'index.html', setHeaders, hidden: false });
  const noop = async () => {};
  return async (ctx: Context, next: Next) => {
    if (!(ctx.method === 'GET' || ctx.method === 'HEAD') || !ctx.path.startsWith(prefix)) return next();
    if (!fs.existsSync(root)) return next();
    const original = ctx.path;
    ctx.path = '/' + original.slice(prefix.length);
    try {
      await serveRoot(ctx, noop);
    } finally {
      ctx.path = original;
    }
    if (ctx.body == null) return next();
  };
}

export interface RemotesConfig {
  remotes: Record<string, string>;
  plugins: Record<string, string>;
}

export const MFE_NAMES = ['mfe-configurator', 'mfe-orders', 'mfe-spatial', 'mfe-documents', 'mfe-admin'] as const;

/** The default remotes.json: every micro-frontend, and a plugin for each org-plugins/* workspace under `root`. */
export function defaultRemotesConfig(root?: string): RemotesConfig {
  const remotes: Record<string, string> = {};
  for (const m of MFE_NAMES) remotes[m] = `/remotes/${m}/mf-manifest.json`;
  const plugins: Record<string, string> = {};
  for (const p of discoverOrgPlugins(root)) plugins[String(p.orgId)] = `/plugins/${p.folder}/mf-manifest.json`;
  return { remotes, plugins };
}

/** remotes.json: deploy-time config (REMOTES_CONFIG names a JSON file replacing the default). */
export function loadRemotesConfig(file: string | undefined, root?: string): RemotesConfig {
  if (!file) return defaultRemotesConfig(root);
  const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<RemotesConfig>;
  return { remotes: parsed.remotes ?? {}, plugins: parsed.plugins ?? {} };
}

/** Static front end: shell at /, remotes at /remotes/mfe-X/, plugins at /plugins/org-N/, SPA fallback. */
export function frontEnd(repoRoot: string, remotes: RemotesConfig): Middleware[] {
  const shellDist = path.join(repoRoot, 'shell', 'dist');
  const mws: Middleware[] = [];

  mws.push(async (ctx, next) => {
    if (ctx.method === 'GET' && ctx.path === '/remotes.json') {
      ctx.set('Cache-Control', 'no-cache');
      ctx.body = remotes;
      return;
    }
    await next();
  });

  for (const m of MFE_NAMES) mws.push(mount(`/remotes/${m}/`, path.join(repoRoot, m, 'dist')));
  // Only installed plugins: a leftover dist/ of a removed plugin folder is not served.
  for (const p of discoverOrgPlugins(repoRoot)) mws.push(mount(`/plugins/${p.folder}/`, path.join(p.dir, 'dist')));
  mws.push(mount('/', shellDist));

  // SPA fallback: /orders/12, /admin/products… load the shell.
  mws.push(async (ctx, next) => {
    if (
      ctx.method === 'GET' &&
      !ctx.path.startsWith('/api/') &&
      ctx.path !== '/api' &&
      !path.extname(ctx.path) &&
      ctx.accepts('html') === 'html'
    ) {
      const index = path.join(shellDist, 'index.html');
      ctx.set('Cache-Control', 'no-cache');
      ctx.type = 'html';
      ctx.body = fs.existsSync(index)
        ? fs.createReadStream(index)
        : '<!doctype html><title>Portal</title><p>The shell is not built yet (npm run build).</p>';
      return;
    }
    await next();
  });
  return mws;
}
