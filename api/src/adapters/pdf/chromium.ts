import net, { type AddressInfo } from 'node:net';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { BoundedQueue } from './queue.ts';
import { PdfTimeoutError, type PdfJob, type PdfRenderer } from './types.ts';

export interface ChromiumPdfOptions {
  /** The system Chromium (never downloaded). */
  executablePath: string;
  /** Pages rendered at once. */
  concurrency: number;
  /** Renders waiting for a slot before further ones are refused. */
  queueLimit: number;
  /** Limit on one render, from taking its slot to the last byte of the PDF. */
  timeoutMs: number;
}

/** A cold start of Chromium on a busy machine takes seconds; past this it is not coming. */
const LAUNCH_TIMEOUT_MS = 60_000;

/** The marker the documents and drawings pages set once everything (data, fonts, images) is on the page. */
export const PRINT_READY_SELECTOR = 'html[data-print-ready="true"]';

/** Uses of one warm context before it is replaced (bounds what a long-lived context accumulates). */
const USES_PER_CONTEXT = 100;

/**
 * Every request of a print page asks the server again (a 304 costs a round trip on loopback): the
 * portal's scripts come from the context's cache, already compiled, but no answer cached for the
 * previous person (an API answer with a lifetime, a picture) is used for the next without the server
 * deciding again with this person's session.
 */
const REVALIDATE_EVERYTHING = { 'Cache-Control': 'max-age=0' };

/** What a browser context may keep between two people: nothing but its HTTP cache (revalidated, above). */
const CLEARED_STORAGE = 'cookies,local_storage,indexeddb,cache_storage,service_workers,file_systems,websql,shared_storage,storage_buckets';

/** A browser context kept between renders, with the portal's scripts in its cache. */
interface WarmContext {
  context: BrowserContext;
  /** The origins it may reach (its proxy's bypass list): a job needing others gets another context. */
  key: string;
  uses: number;
}

/**
 * One Chromium, started at the first render and kept warm for the next ones. Each slot keeps a warm
 * browser context whose HTTP cache holds the portal's scripts; every render opens a new page in it
 * with the caller's cookie only, and afterwards the page is closed and the context's cookies and
 * storage are cleared (a context in an unknown state, after a failure or a timeout, is closed instead).
 * Requests leave the browser only for the render origin and the media origins: everything else goes
 * to a proxy of this process that refuses every connection. A browser that went away (crash, killed)
 * is started again by the next render.
 */
export class ChromiumPdfRenderer implements PdfRenderer {
  private browser: Promise<Browser> | undefined;
  /** The started browser (undefined while starting or after it went away). */
  private current: Browser | undefined;
  private readonly queue: BoundedQueue;
  /** Warm contexts not in use (at most one per slot). */
  private idle: WarmContext[] = [];
  /** The proxy every request outside the allowed origins is sent to: it closes each connection at once. */
  private refuser: Promise<{ url: string; close(): Promise<void> }> | undefined;

  constructor(readonly options: ChromiumPdfOptions) {
    this.queue = new BoundedQueue(options.concurrency, options.queueLimit);
  }

  render(job: PdfJob): Promise<Buffer> {
    return this.queue.run(() => this.renderNow(job));
  }

  /** Starts the browser now rather than at the first render (a server that expects PDFs soon). */
  async warm(): Promise<void> {
    await this.launch();
  }

  /** Pages open in the browser now (each render closes its own). */
  openPages(): number {
    return this.current?.contexts().reduce((n, c) => n + c.pages().length, 0) ?? 0;
  }

  get load() {
    return this.queue.load;
  }

  async close(): Promise<void> {
    const starting = this.browser;
    this.browser = undefined;
    this.current = undefined;
    this.idle = [];
    const refuser = this.refuser;
    this.refuser = undefined;
    if (starting) await (await starting.catch(() => undefined))?.close().catch(() => undefined);
    if (refuser) await (await refuser.catch(() => undefined))?.close();
  }

  /** Warm contexts kept for the next renders (tests). */
  warmContexts(): number {
    return this.idle.length;
  }

  private refusingProxy(): Promise<{ url: string; close(): Promise<void> }> {
    return (this.refuser ??= startRefusingProxy());
  }

  /** A warm context for these origins (cleared when it was put back), else a new one. */
  private async takeContext(browser: Browser, origin: string, mediaOrigins: readonly string[]): Promise<WarmContext> {
    const key = bypassList(origin, mediaOrigins);
    const i = this.idle.findIndex((w) => w.key === key && w.context.browser() === browser);
    if (i >= 0) return this.idle.splice(i, 1)[0]!;
    const proxy = await this.refusingProxy();
    const context = await browser.newContext({
      serviceWorkers: 'block',
      acceptDownloads: false,
      proxy: { server: proxy.url, bypass: key },
      extraHTTPHeaders: REVALIDATE_EVERYTHING,
    });
    return { context, key, uses: 0 };
  }

  /** Clears what the page left (cookies, storage of its origin) and keeps the context for the next render; closes it when that fails. */
  private async putBack(warm: WarmContext, page: Page, origin: string, browser: Browser): Promise<void> {
    try {
      const cdp = await warm.context.newCDPSession(page);
      await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: CLEARED_STORAGE });
      await cdp.detach();
      await page.close();
      await warm.context.clearCookies();
      await warm.context.clearPermissions();
      if (warm.context.pages().length > 0 || warm.uses >= USES_PER_CONTEXT || this.current !== browser || !browser.isConnected()) throw new Error('not kept');
    } catch {
      await warm.context.close().catch(() => undefined);
      return;
    }
    this.idle.push(warm);
    // One per slot is enough; more are closed (renders in another origin made their own).
    while (this.idle.length > this.options.concurrency) await this.idle.shift()!.context.close().catch(() => undefined);
  }

  private launch(): Promise<Browser> {
    if (this.browser) return this.browser;
    const starting = chromium
      .launch({
        executablePath: this.options.executablePath,
        headless: true,
        timeout: LAUNCH_TIMEOUT_MS,
        // Containers have a small /dev/shm; root in a container has no user namespace for Chromium's
        // sandbox (the pages printed are our own).
        args: ['--disable-dev-shm-usage', ...(process.getuid?.() === 0 ? ['--no-sandbox'] : [])],
      })
      .then((browser) => {
        this.current = browser;
        browser.on('disconnected', () => {
          if (this.current === browser) {
            this.current = undefined;
            this.browser = undefined;
          }
        });
        return browser;
      });
    this.browser = starting;
    // A failed start is not kept: the next render tries again.
    starting.catch(() => {
      if (this.browser === starting) this.browser = undefined;
    });
    return starting;
  }

  private async renderNow(job: PdfJob): Promise<Buffer> {
    // The limit is on the page: a cold start of the browser comes first, under its own limit.
    let browser = await this.launch();
    // Gone a moment ago, before its disconnection was reported: start another.
    if (!browser.isConnected()) {
      if (this.current === browser) {
        this.current = undefined;
        this.browser = undefined;
      }
      browser = await this.launch();
    }
    const deadline = Date.now() + this.options.timeoutMs;
    const left = () => Math.max(1, deadline - Date.now());
    // Set when the render is over (done, failed or timed out): a context taken after that is closed at once.
    let over = false;
    let warm: WarmContext | undefined;
    let page: Page | undefined;
    let done = false;
    const origin = new URL(job.url).origin;
    const mediaOrigins = job.mediaOrigins ?? [];
    const work = async () => {
      const taken = await this.takeContext(browser, origin, mediaOrigins);
      if (over) {
        await taken.context.close().catch(() => undefined);
        throw new PdfTimeoutError(this.options.timeoutMs);
      }
      warm = taken;
      warm.uses++;
      const { context } = warm;
      // Nobody's cookies are left in a kept context; this person's are set for the render origin only.
      await context.addCookies(job.cookies.map((c) => ({ name: c.name, value: c.value, url: origin, httpOnly: true, sameSite: 'Lax' as const })));
      page = await context.newPage();
      await page.setViewportSize(job.landscape ? { width: 1056, height: 816 } : { width: 816, height: 1056 });
      if (job.localStorage) await page.addInitScript(seedLocalStorage, { origin, entries: job.localStorage });
      await page.goto(job.url, { waitUntil: 'domcontentloaded', timeout: left() });
      await page.waitForSelector(PRINT_READY_SELECTOR, { state: 'attached', timeout: left() });
      const pdf = await page.pdf({ format: job.format, landscape: job.landscape, printBackground: true, preferCSSPageSize: true });
      done = true;
      return pdf;
    };
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new PdfTimeoutError(this.options.timeoutMs)), this.options.timeoutMs);
    });
    const rendering = work();
    // Once the time is up its failure (its context closed under it) is nobody's to handle.
    rendering.catch(() => undefined);
    try {
      return await Promise.race([rendering, timedOut]);
    } catch (err) {
      // Playwright's own limits (navigation, waiting for the marker) are this same limit.
      if (err instanceof Error && err.name === 'TimeoutError') throw new PdfTimeoutError(this.options.timeoutMs);
      throw err;
    } finally {
      over = true;
      clearTimeout(timer);
      const used = warm as WarmContext | undefined;
      const opened = page as Page | undefined;
      // Kept only after a render that went right; otherwise closing the context ends whatever its page was still doing.
      if (used && opened && done) await this.putBack(used, opened, origin, browser);
      else await used?.context.close().catch(() => undefined);
    }
  }
}

/** Runs in the page before its scripts: the entries are set for the portal's origin only. */
function seedLocalStorage(arg: { origin: string; entries: Readonly<Record<string, string>> }): void {
  if (location.origin !== arg.origin) return;
  for (const [k, v] of Object.entries(arg.entries)) localStorage.setItem(k, v);
}

/**
 * The proxy bypass list of a print context: the render origin and the media storage's origins go
 * straight to their servers; every other address (another port or host, loopback included: Playwright
 * adds `<-loopback>`) goes to the refusing proxy. data: and blob: URLs never reach the network.
 */
export function bypassList(origin: string, also: readonly string[] = []): string {
  const hosts = [origin, ...also.filter((o) => o !== origin)].map((o) => {
    const url = new URL(o);
    const port = url.port || (url.protocol === 'https:' ? '443' : '80');
    return `${url.protocol}//${url.hostname}:${port}`;
  });
  return hosts.join(',');
}

/** A proxy on loopback that closes every connection it gets: what the page may not reach fails at once. */
function startRefusingProxy(): Promise<{ url: string; close(): Promise<void> }> {
  return new Promise((resolve, reject) => {
    const server = net.createServer((socket) => socket.destroy());
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.unref();
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}
