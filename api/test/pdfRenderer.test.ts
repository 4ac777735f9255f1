import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bypassList } from '../src/adapters/pdf/chromium.ts';
import { ChromiumPdfRenderer, PdfBusyError, PdfTimeoutError, PDF_BUSY_MESSAGE, pdfOptionsFromEnv, type PdfJob } from '../src/adapters/pdf/index.ts';
import { pdfText, startPageServer, type PageServer } from './pdfPages.ts';

/** The PDF adapter with the system Chromium, on pages of the test's own (api/test/pdfPages.ts). */
const CHROMIUM = process.env.PDF_CHROMIUM_PATH || '/usr/bin/chromium';

/** Chromium processes started by this test process (the browser's main process is its child). */
function chromiumChildren(): number[] {
  let out = '';
  try {
    out = execFileSync('pgrep', ['-P', String(process.pid)], { encoding: 'utf8' });
  } catch {
    return [];
  }
  return out
    .split('\n')
    .filter(Boolean)
    .map(Number)
    .filter((pid) => {
      try {
        return /chrom/i.test(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
      } catch {
        return false;
      }
    });
}

/** A listener that counts the connections made to it and answers nothing. */
async function countingListener(): Promise<{ port: number; connections: number; close(): Promise<void> }> {
  const counter = { port: 0, connections: 0, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  const server = net.createServer((socket) => {
    counter.connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  counter.port = (server.address() as AddressInfo).port;
  return counter;
}

describe('Chromium PDF renderer', () => {
  let pages: PageServer;
  let renderer: ChromiumPdfRenderer;
  const job = (path: string): PdfJob => ({ url: pages.origin + path, cookies: [], format: 'Letter', landscape: true });

  beforeAll(async () => {
    pages = await startPageServer();
    // A generous limit: the machine may be busy with other tests (the limit itself is tested on its own renderer).
    renderer = new ChromiumPdfRenderer({ executablePath: CHROMIUM, concurrency: 2, queueLimit: 4, timeoutMs: 20_000 });
  });
  afterAll(async () => {
    await renderer?.close();
    await pages?.close();
  });

  it('reads its settings from the environment, with the defaults of a two-core machine', () => {
    expect(pdfOptionsFromEnv({})).toEqual({ executablePath: '/usr/bin/chromium', concurrency: 2, queueLimit: 16, timeoutMs: 30_000 });
    expect(pdfOptionsFromEnv({ PDF_CHROMIUM_PATH: '/opt/chrome', PDF_CONCURRENCY: '3', PDF_TIMEOUT_MS: '5000', PDF_QUEUE_LIMIT: '1' })).toEqual({ executablePath: '/opt/chrome', concurrency: 3, queueLimit: 1, timeoutMs: 5000 });
    expect(() => pdfOptionsFromEnv({ PDF_CONCURRENCY: '0' })).toThrow('PDF_CONCURRENCY');
  });

  it('prints a page once it says it is ready: a PDF holding the page text', async () => {
    const pdf = await renderer.render(job('/ready?delay=200&text=Quote%20for%20Z%C3%BCrich'));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await pdfText(pdf)).text).toContain('Quote for Zürich');
    expect(renderer.openPages()).toBe(0);
  });

  it('lets the page reach its own origin, never another address of the server\'s network', async () => {
    let hits = 0;
    const other = http.createServer((_req, res) => {
      hits++;
      res.end('secret');
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    try {
      const port = (other.address() as AddressInfo).port;
      const own = await pdfText(await renderer.render(job(`/probe?target=${encodeURIComponent('/ready')}`)));
      expect(own.text).toContain('Probe reached');
      // localhost is another origin than the page's 127.0.0.1.
      const elsewhere = await pdfText(await renderer.render(job(`/probe?target=${encodeURIComponent(`http://localhost:${port}/`)}`)));
      expect(elsewhere.text).toContain('Probe blocked');
      expect(hits).toBe(0);
    } finally {
      await new Promise<void>((resolve) => other.close(() => resolve()));
    }
  });

  it('keeps the page to its own origin: an outside https image, script or socket is never reached; data: and blob: images load', async () => {
    // Listeners that only count connections stand in for outside sites: an https or wss request that
    // got past the renderer would open one (the TLS handshake never gets far enough to matter).
    const outside = await Promise.all([countingListener(), countingListener(), countingListener()]);
    try {
      const [img, script, socket] = outside.map((l) => l.port);
      const path = `/external?img=${encodeURIComponent(`https://127.0.0.1:${img}/logo.png`)}&script=${encodeURIComponent(`https://127.0.0.1:${script}/app.js`)}&socket=${encodeURIComponent(`wss://127.0.0.1:${socket}/`)}`;
      const { text } = await pdfText(await renderer.render(job(path)));
      expect(text).toContain('Image blocked, script blocked, socket closed, data image loaded, blob image loaded');
      expect(outside.map((l) => l.connections)).toEqual([0, 0, 0]);
    } finally {
      for (const l of outside) await l.close();
    }
  });

  it('lets only the render origin and the media origins bypass the refusing proxy', () => {
    expect(bypassList('http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080');
    expect(bypassList('http://localhost', ['https://media-bucket.s3.us-east-1.amazonaws.com', 'http://localhost'])).toBe('http://localhost:80,https://media-bucket.s3.us-east-1.amazonaws.com:443');
  });

  it('lets the media storage origin in as well, and nothing else beside it', async () => {
    const media = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'image/svg+xml' });
      res.end('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>');
    });
    await new Promise<void>((resolve) => media.listen(0, '127.0.0.1', resolve));
    const outside = await countingListener();
    try {
      const mediaOrigin = `http://localhost:${(media.address() as AddressInfo).port}`;
      const path = `/external?img=${encodeURIComponent(`${mediaOrigin}/logo.svg`)}&script=${encodeURIComponent(`http://localhost:${outside.port}/app.js`)}&socket=${encodeURIComponent(`ws://localhost:${outside.port}/`)}`;
      const { text } = await pdfText(await renderer.render({ ...job(path), mediaOrigins: [mediaOrigin] }));
      expect(text).toContain('Image loaded, script blocked, socket closed');
      expect(outside.connections).toBe(0);
    } finally {
      await outside.close();
      await new Promise<void>((resolve) => media.close(() => resolve()));
    }
  });

  it('a warm browser context reused for a second person shows that person only: cookie, kept answers, storage', async () => {
    const as = (who: string): PdfJob => ({ ...job('/whoami'), cookies: [{ name: 'cpq_session', value: who }], localStorage: { [`org of ${who}`]: '1' } });
    const first = (await pdfText(await renderer.render(as('alice')))).text;
    expect(first).toContain('Page cookie cpq_session=alice, echo cpq_session=alice, stored org of alice, tab nothing');
    // Alice's context was cleared and kept: Bob's render takes it.
    expect(renderer.warmContexts()).toBeGreaterThan(0);
    const second = (await pdfText(await renderer.render(as('bob')))).text;
    expect(second).toContain('Page cookie cpq_session=bob, echo cpq_session=bob, stored org of bob, tab nothing');
    expect(second).not.toContain('alice');
    expect(renderer.openPages()).toBe(0);
  });

  it('prints 200 rows over several pages', async () => {
    const { pages: n, text } = await pdfText(await renderer.render(job('/rows?n=200')));
    expect(n).toBeGreaterThan(1);
    expect(text).toContain('Item 1 ');
    expect(text).toContain('Item 200');
  });

  it('gives up on a page that never becomes ready within the limit, and leaves no page open', async () => {
    const limited = new ChromiumPdfRenderer({ executablePath: CHROMIUM, concurrency: 2, queueLimit: 4, timeoutMs: 2000 });
    try {
      await limited.warm();
      const started = Date.now();
      const failure = await limited.render(job('/never')).catch((e: unknown) => e);
      const took = Date.now() - started;
      expect(failure).toBeInstanceOf(PdfTimeoutError);
      expect((failure as Error).message).toBe('The PDF could not be prepared within 2 seconds. Please try again; if it keeps failing, print from the page instead.');
      expect(took).toBeGreaterThanOrEqual(1900);
      // Gave up at the limit, not later (generous: a loaded machine may be slow to close the page).
      expect(took).toBeLessThan(2000 + 13_000);
      expect(limited.openPages()).toBe(0);
    } finally {
      await limited.close();
    }
  });

  it('renders 6 at once with 2 slots (never more than 2 running), and refuses beyond the waiting line', async () => {
    let most = 0;
    const watch = setInterval(() => (most = Math.max(most, renderer.load.running)), 5);
    const six = await Promise.all(Array.from({ length: 6 }, (_, i) => renderer.render(job(`/ready?delay=300&text=Copy%20${i}`))));
    clearInterval(watch);
    expect(most).toBe(2);
    for (const [i, pdf] of six.entries()) expect((await pdfText(pdf)).text).toContain(`Copy ${i}`);

    // 2 running + 4 waiting fill it: the 7th and 8th are refused at once, the others finish.
    const eight = Array.from({ length: 8 }, () => renderer.render(job('/ready?delay=300')).then(() => 'ok', (e: Error) => e));
    const results = await Promise.all(eight);
    expect(results.filter((r) => r === 'ok')).toHaveLength(6);
    const refused = results.filter((r) => r !== 'ok') as Error[];
    expect(refused).toHaveLength(2);
    for (const e of refused) {
      expect(e).toBeInstanceOf(PdfBusyError);
      expect(e.message).toBe(PDF_BUSY_MESSAGE);
    }
    expect(renderer.openPages()).toBe(0);
  });

  it('starts the browser again after it was killed', async () => {
    await renderer.render(job('/ready'));
    const before = chromiumChildren();
    expect(before.length).toBeGreaterThan(0);
    for (const pid of before) process.kill(pid, 'SIGKILL');
    // The renderer learns of it when the connection drops.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const pdf = await renderer.render(job('/ready?text=Again'));
    expect((await pdfText(pdf)).text).toContain('Again');
    const after = chromiumChildren();
    expect(after.length).toBeGreaterThan(0);
    expect(after.some((pid) => before.includes(pid))).toBe(false);
  });

  it('keeps one browser warm across renders', async () => {
    await renderer.render(job('/ready'));
    const first = chromiumChildren();
    await renderer.render(job('/ready'));
    expect(chromiumChildren()).toEqual(first);
    expect(first).toHaveLength(1);
  });

  it('ends its browser on close, and a later render starts one again', async () => {
    await renderer.close();
    expect(chromiumChildren()).toEqual([]);
    expect((await pdfText(await renderer.render(job('/ready?text=Reopened')))).text).toContain('Reopened');
  });
});
