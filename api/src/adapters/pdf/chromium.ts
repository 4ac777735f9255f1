import { chromium, type Browser, type BrowserContext } from 'playwright-core';
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

/**
 * One Chromium, started at the first render and kept warm for the next ones; a new browser context
 * (own cookies and storage) for every render, closed afterwards whatever happened. A browser that
 * went away (crash, killed) is started again by the next render.
 */
export class ChromiumPdfRenderer implements PdfRenderer {
  private browser: Promise<Browser> | undefined;
  /** The started browser (undefined while starting or after it went away). */
  private current: Browser | undefined;
  private readonly queue: BoundedQueue;

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
    if (starting) await (await starting.catch(() => undefined))?.close().catch(() => undefined);
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
    // Set when the render is over (done, failed or timed out): a context opened after that is closed at once.
    let over = false;
    let context: BrowserContext | undefined;
    const work = async () => {
      const opened = await browser.newContext({
        serviceWorkers: 'block',
        acceptDownloads: false,
        viewport: job.landscape ? { width: 1056, height: 816 } : { width: 816, height: 1056 },
      });
      if (over) {
        await opened.close().catch(() => undefined);
        throw new PdfTimeoutError(this.options.timeoutMs);
      }
      context = opened;
      const origin = new URL(job.url).origin;
      await opened.addCookies(job.cookies.map((c) => ({ name: c.name, value: c.value, url: origin, httpOnly: true, sameSite: 'Lax' as const })));
      if (job.localStorage) await opened.addInitScript(seedLocalStorage, { origin, entries: job.localStorage });
      // The page reaches the render origin only (and data:/blob: URLs it makes itself): never another
      // address of the server's network nor any other site, so a page made to load an outside address
      // cannot leak the caller's document or probe from the server. Patterns (not functions) let the
      // browser side match, so the portal's own requests are not held up by a round trip to this process.
      await opened.route(outsideOrigin(origin, job.mediaOrigins), (route) => route.abort('blockedbyclient'));
      await opened.routeWebSocket(outsideOrigin(origin.replace(/^http/, 'ws')), (ws) => ws.close());
      const page = await opened.newPage();
      await page.goto(job.url, { waitUntil: 'domcontentloaded', timeout: left() });
      await page.waitForSelector(PRINT_READY_SELECTOR, { state: 'attached', timeout: left() });
      return page.pdf({ format: job.format, landscape: job.landscape, printBackground: true, preferCSSPageSize: true });
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
      // Closing the context closes its pages and ends whatever the page was still doing.
      await (context as BrowserContext | undefined)?.close().catch(() => undefined);
    }
  }
}

/** Runs in the page before its scripts: the entries are set for the portal's origin only. */
function seedLocalStorage(arg: { origin: string; entries: Readonly<Record<string, string>> }): void {
  if (location.origin !== arg.origin) return;
  for (const [k, v] of Object.entries(arg.entries)) localStorage.setItem(k, v);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * Every address but those of `origin`, its blob: URLs, data: URLs (Chromium does not route the last two
 * today; named so they stay allowed if it does) and the media storage's origins (`also`).
 */
export function outsideOrigin(origin: string, also: readonly string[] = []): RegExp {
  const own = escapeRegExp(origin);
  const media = also.filter((o) => o !== origin).map((o) => `(?!${escapeRegExp(o)}/)`).join('');
  return new RegExp(`^(?!${own}/)(?!blob:${own}/)(?!data:)${media}`);
}
