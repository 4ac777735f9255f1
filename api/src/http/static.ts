import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Context, Middleware, Next } from 'koa';
import { discoverOrgPlugins } from '@cpq/plugin-sdk/discovery';
import { SESSION_COOKIE } from '../sessionCookie.ts';

/**
 * Serving the built front end (docs/frontend-contract.md):
 * - the build writes a brotli and a gzip copy beside every text file (`x.js.br`, `x.js.gz`); the copy
 *   the client accepts is sent as it is (br, then gzip, then the file), with `Vary: Accept-Encoding`;
 * - content-hashed files (`main.1a2b3c4d.js`) never change: cached for a year, `immutable`;
 * - everything else (index.html and the SPA page, mf-manifest.json, remoteEntry.js, remotes.json)
 *   names other files: revalidated on every use (`no-cache`) against an ETag, answered 304 when current.
 */
const HASHED = /\.[0-9a-f]{8}\.(?:js|css|mjs|svg|png|woff2?)$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

interface Variant {
  file: string;
  encoding: 'br' | 'gzip' | null;
  size: number;
}

async function statFile(file: string): Promise<fs.Stats | null> {
  try {
    const s = await fs.promises.stat(file);
    return s.isFile() ? s : null;
  } catch {
    return null;
  }
}

/** The best copy of `file` the client accepts: its brotli or gzip sibling when there is one, else the file. */
async function variantFor(ctx: Context, file: string, size: number): Promise<Variant> {
  for (const [encoding, ext] of [['br', '.br'], ['gzip', '.gz']] as const) {
    if (ctx.acceptsEncodings(encoding) !== encoding) continue;
    const s = await statFile(file + ext);
    if (s) return { file: file + ext, encoding, size: s.size };
  }
  return { file, encoding: null, size };
}

/** Sends one file of a built front end with the caching and compression rules above. */
export async function sendFile(ctx: Context, file: string): Promise<boolean> {
  const stat = await statFile(file);
  if (!stat) return false;
  const variant = await variantFor(ctx, file, stat.size);
  const hashed = HASHED.test(path.basename(file));
  ctx.set('Cache-Control', hashed ? IMMUTABLE : REVALIDATE);
  ctx.vary('Accept-Encoding');
  // One validator per file version and encoding (the encoded copies are other representations).
  ctx.set('ETag', `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}${variant.encoding ? `-${variant.encoding}` : ''}"`);
  ctx.lastModified = stat.mtime;
  ctx.type = path.extname(file);
  ctx.status = 200;
  if (ctx.fresh) {
    ctx.status = 304;
    return true;
  }
  if (variant.encoding) ctx.set('Content-Encoding', variant.encoding);
  // HEAD: headers only (an opened file stream would never be read).
  ctx.body = ctx.method === 'HEAD' ? '' : fs.createReadStream(variant.file);
  ctx.length = variant.size;
  return true;
}

/** The file a URL path names under `root`, or null when it would leave it (or names a hidden file). */
function fileUnder(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.split('/').some((seg) => seg.startsWith('.'))) return null;
  const file = path.resolve(root, '.' + path.posix.normalize('/' + decoded));
  return file === root || file.startsWith(root + path.sep) ? file : null;
}

/** A built front end mounted under a URL prefix; a missing root folder just serves nothing. */
export function mount(prefix: string, root: string): Middleware {
  const base = path.resolve(root);
  return async (ctx: Context, next: Next) => {
    if (!(ctx.method === 'GET' || ctx.method === 'HEAD') || !ctx.path.startsWith(prefix)) return next();
    let rel = ctx.path.slice(prefix.length);
    if (rel === '' || rel.endsWith('/')) rel += 'index.html';
    const file = fileUnder(base, rel);
    if (!file || !(await sendFile(ctx, file))) return next();
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

  const remotesBody = JSON.stringify(remotes);
  const remotesTag = `"${createHash('sha256').update(remotesBody).digest('base64url').slice(0, 22)}"`;
  mws.push(async (ctx, next) => {
    if ((ctx.method === 'GET' || ctx.method === 'HEAD') && ctx.path === '/remotes.json') {
      ctx.set('Cache-Control', REVALIDATE);
      ctx.set('ETag', remotesTag);
      ctx.type = 'application/json';
      ctx.status = 200;
      if (ctx.fresh) ctx.status = 304;
      else ctx.body = remotesBody;
      return;
    }
    await next();
  });

  for (const m of MFE_NAMES) mws.push(mount(`/remotes/${m}/`, path.join(repoRoot, m, 'dist')));
  // Only installed plugins: a leftover dist/ of a removed plugin folder is not served.
  for (const p of discoverOrgPlugins(repoRoot)) mws.push(mount(`/plugins/${p.folder}/`, path.join(p.dir, 'dist')));
  // `/` for a browser holding a session cookie: the page with the home page's static first view
  // (docs/decisions/0104-static-first-view.md). The cookie's presence only picks which picture is
  // painted first; the page holds no one's data, and the app finds out whether the session is valid.
  const homePage = path.join(shellDist, 'home.html');
  mws.push(async (ctx, next) => {
    if ((ctx.method === 'GET' || ctx.method === 'HEAD') && ctx.path === '/') {
      ctx.vary('Cookie');
      if (ctx.cookies.get(SESSION_COOKIE) && (await sendFile(ctx, homePage))) return;
    }
    await next();
  });
  mws.push(mount('/', shellDist));

  // SPA fallback: /orders/12, /admin/products… load the shell.
  mws.push(async (ctx, next) => {
    if ((ctx.method === 'GET' || ctx.method === 'HEAD') && !ctx.path.startsWith('/api/') && ctx.path !== '/api' && !path.extname(ctx.path) && ctx.accepts('html') === 'html') {
      if (await sendFile(ctx, path.join(shellDist, 'index.html'))) return;
      ctx.set('Cache-Control', REVALIDATE);
      ctx.type = 'html';
      ctx.body = '<!doctype html><title>Portal</title><p>The shell is not built yet (npm run build).</p>';
      return;
    }
    await next();
  });
  return mws;
}
