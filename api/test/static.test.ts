import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frontEnd } from '../src/http/static.ts';

/**
 * Serving the built front end: pre-compressed copies chosen by Accept-Encoding, year-long immutable
 * caching for content-hashed files only, ETag revalidation (304) for the files that name others.
 * Runs against a small fake build written here, so the expectations come from the rules, not from
 * whatever the real build happens to contain.
 */

const MAIN_JS = 'console.log("the shell");\n'.repeat(200);
const REMOTE_ENTRY = 'var remote = "configurator entry";\n'.repeat(100);
const MANIFEST = JSON.stringify({ id: 'mfe_configurator', pad: 'x'.repeat(2000) });
const INDEX_HTML = '<!doctype html><title>Configurator</title><script defer src="/main.1a2b3c4d.js"></script>';
const HOME_HTML = '<!doctype html><title>Configurator</title><div id="cpq-first-view">Configuration System</div><script defer src="/main.1a2b3c4d.js"></script>';

let root: string;
let server: http.Server;
let base: string;

function write(rel: string, text: string, { br = false, gz = false } = {}): void {
  const file = path.join(root, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  if (br) fs.writeFileSync(file + '.br', zlib.brotliCompressSync(text));
  if (gz) fs.writeFileSync(file + '.gz', zlib.gzipSync(text));
}

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A request with exactly the headers given (fetch would add Accept-Encoding and decode). */
function get(p: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(base + p, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'cpq-static-'));
  write('shell/dist/index.html', INDEX_HTML);
  write('shell/dist/home.html', HOME_HTML, { br: true });
  write('shell/dist/main.1a2b3c4d.js', MAIN_JS, { br: true, gz: true });
  write('shell/dist/only-gzip.5e6f7a8b.js', MAIN_JS, { gz: true });
  write('mfe-configurator/dist/remoteEntry.js', REMOTE_ENTRY, { br: true, gz: true });
  write('mfe-configurator/dist/mf-manifest.json', MANIFEST, { br: true, gz: true });
  write('shell/dist/.secret', 'hidden');
  const app = new Koa();
  for (const mw of frontEnd(root, { remotes: { 'mfe-configurator': '/remotes/mfe-configurator/mf-manifest.json' }, plugins: {} })) app.use(mw);
  server = app.listen(0, '127.0.0.1');
  await new Promise<void>((r) => server.once('listening', () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  fs.rmSync(root, { recursive: true, force: true });
});

describe('compression', () => {
  it('sends the brotli copy to a browser that accepts brotli and gzip', async () => {
    const res = await get('/main.1a2b3c4d.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(MAIN_JS);
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(MAIN_JS.length / 10);
  });

  it('sends the gzip copy when brotli is not accepted, or when the file has no brotli copy', async () => {
    const gzOnly = await get('/main.1a2b3c4d.js', { 'accept-encoding': 'gzip' });
    expect(gzOnly.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzOnly.body).toString()).toBe(MAIN_JS);
    const noBrCopy = await get('/only-gzip.5e6f7a8b.js', { 'accept-encoding': 'br, gzip' });
    expect(noBrCopy.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(noBrCopy.body).toString()).toBe(MAIN_JS);
  });

  it('sends the file itself to a client that accepts no encoding', async () => {
    const res = await get('/main.1a2b3c4d.js', { 'accept-encoding': 'identity' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString()).toBe(MAIN_JS);
    const none = await get('/remotes/mfe-configurator/remoteEntry.js');
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body.toString()).toBe(REMOTE_ENTRY);
  });

  it('never serves a hidden file or a file outside the build', async () => {
    const hidden = await get('/.secret', { accept: 'application/javascript' });
    expect(hidden.status).toBe(404);
    expect(hidden.body.toString()).not.toContain('hidden');
    const outside = await get('/%2e%2e/%2e%2e/%2e%2e/etc/passwd', { accept: 'application/javascript' });
    expect(outside.status).toBe(404);
    expect(outside.body.toString()).not.toContain('root:');
  });
});

describe('caching', () => {
  it('caches content-hashed files for a year, immutable', async () => {
    const res = await get('/main.1a2b3c4d.js', { 'accept-encoding': 'br' });
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each([
    ['the page', '/'],
    ['a route of the page (SPA fallback)', '/orders/12'],
    ['a remote entry', '/remotes/mfe-configurator/remoteEntry.js'],
    ['a manifest', '/remotes/mfe-configurator/mf-manifest.json'],
    ['remotes.json', '/remotes.json'],
  ])('revalidates %s on every use: no-cache with an ETag, 304 when unchanged', async (_what, p) => {
    const headers = { accept: 'text/html,application/json,*/*', 'accept-encoding': 'br, gzip' };
    const first = await get(p, headers);
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = first.headers.etag;
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await get(p, { ...headers, 'if-none-match': etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const stale = await get(p, { ...headers, 'if-none-match': '"something-else"' });
    expect(stale.status).toBe(200);
    expect(stale.body.length).toBeGreaterThan(0);
  });

  it('gives each encoding of a file its own ETag (they are different bytes)', async () => {
    const br = await get('/remotes/mfe-configurator/mf-manifest.json', { 'accept-encoding': 'br' });
    const gz = await get('/remotes/mfe-configurator/mf-manifest.json', { 'accept-encoding': 'gzip' });
    const plain = await get('/remotes/mfe-configurator/mf-manifest.json');
    expect(new Set([br.headers.etag, gz.headers.etag, plain.headers.etag]).size).toBe(3);
    expect(JSON.parse(plain.body.toString())).toEqual(JSON.parse(MANIFEST));
  });

  it('answers the page itself for a route, and nothing for an unknown file', async () => {
    const page = await get('/orders/12', { accept: 'text/html' });
    expect(page.body.toString()).toBe(INDEX_HTML);
    expect(page.headers['content-type']).toMatch(/html/);
    expect((await get('/missing.1a2b3c4d.js')).status).toBe(404);
  });

  it('answers / with the home page first view to a browser with a session cookie, and the plain page to others', async () => {
    const signedIn = await get('/', { accept: 'text/html', cookie: 'cpq_session=abc' });
    expect(signedIn.body.toString()).toBe(HOME_HTML);
    expect(signedIn.headers.vary).toMatch(/Cookie/);
    expect(signedIn.headers['cache-control']).toBe('no-cache');
    const compressed = await get('/', { accept: 'text/html', cookie: 'cpq_session=abc', 'accept-encoding': 'br' });
    expect(zlib.brotliDecompressSync(compressed.body).toString()).toBe(HOME_HTML);
    const signedOut = await get('/', { accept: 'text/html' });
    expect(signedOut.body.toString()).toBe(INDEX_HTML);
    expect(signedOut.headers.vary).toMatch(/Cookie/);
    expect((await get('/', { cookie: 'other=1' })).body.toString()).toBe(INDEX_HTML);
    // Only the home page has a first view: every other route is the plain page.
    expect((await get('/orders', { accept: 'text/html', cookie: 'cpq_session=abc' })).body.toString()).toBe(INDEX_HTML);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const res = await get('/main.1a2b3c4d.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body.length).toBe(0);
  });

  it('lists the remotes in remotes.json', async () => {
    const res = await get('/remotes.json');
    expect(JSON.parse(res.body.toString())).toEqual({ remotes: { 'mfe-configurator': '/remotes/mfe-configurator/mf-manifest.json' }, plugins: {} });
  });
});
