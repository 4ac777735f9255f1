/**
 * The front end as a signed-in person loads it: the portal built and started on a fresh demo
 * database, `/` (the home page) opened by owner-850@demo.test in Debian's Chromium.
 * - JavaScript transferred on a cold load (fresh browser profile) and on a repeat visit (same
 *   profile, a new navigation): bytes that crossed the network (encoded, headers included), from
 *   Chromium's own network events.
 * - Lighthouse 12 (mobile and desktop configurations, 5 runs each, median) on the same page:
 *   performance, best practices, SEO, accessibility; LCP, TBT, FCP and CLS.
 * - Layout shift (CLS, `src/layoutShift.ts`) of every page a signed-in owner reaches, the order
 *   page's EDIT tab aside (`orderPage.bench.ts` measures it): at a desktop and a phone width, a cold
 *   and a warm load each; a page's figure is its worst of the four.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { type Benchmark, type Figures } from './lib.ts';
import { installLayoutShiftProbe, layoutShiftOf } from './layoutShift.ts';
import { lighthouseFigures, lighthouseMedian } from './lighthouse.ts';
import { orderWithItems, PortalUser, ROOT, startPortal } from './portal.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Lighthouse runs per configuration (the median counts); FRONTEND_LH_RUNS changes it for a quick look. */
const RUNS = Number(process.env.FRONTEND_LH_RUNS ?? 5);
const BROWSER_ARGS = ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** The browser builds the portal serves (the shell's page and every remote's manifest). */
function isBuilt(): boolean {
  return ['shell', 'mfe-configurator'].every((ws) => existsSync(path.join(ROOT, ws, 'dist', 'mf-manifest.json')));
}

/** Builds the portal when it is not built, and installs Debian's Chromium when it is missing (as `npm test` does). */
function prepare(): void {
  const node = (args: string[]) => {
    const r = spawnSync(process.execPath, args, { cwd: ROOT, stdio: 'inherit' });
    if (r.status !== 0) throw new Error(`node ${args.join(' ')} failed`);
  };
  if (!isBuilt()) node(['scripts/build-all.mjs']);
  if (!existsSync(CHROMIUM)) node(['--input-type=module', '-e', "await (await import('./scripts/lib.mjs')).ensureChromium()"]);
}

/** JavaScript bytes that crossed the network while `/` loaded, until the home page showed. */
async function jsTransferred(browser: Browser, url: string, cookie: string): Promise<{ cold: number; repeat: number; coldFiles: number }> {
  const context = await browser.newContext();
  const [name, value] = cookie.split('=');
  await context.addCookies([{ name: name!, value: value!, url }]);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const types = new Map<string, { type: string; url: string }>();
  let bytes = 0;
  let files = 0;
  const list: string[] = [];
  cdp.on('Network.responseReceived', (e) => types.set(e.requestId, { type: e.type, url: e.response.url }));
  cdp.on('Network.loadingFinished', (e) => {
    const r = types.get(e.requestId);
    if (r?.type === 'Script') {
      bytes += e.encodedDataLength;
      if (e.encodedDataLength > 0) files++;
      list.push(`${(e.encodedDataLength / 1024).toFixed(1).padStart(6)} KB ${new URL(r.url).pathname}`);
    }
  });
  const load = async () => {
    bytes = 0;
    files = 0;
    await page.goto(url + '/');
    await page.getByTestId('home-page').waitFor();
    await page.waitForLoadState('networkidle');
    return { bytes, files };
  };
  const cold = await load();
  // FRONTEND_JS_FILES=1 lists what a cold load fetched (where the bytes go).
  if (process.env.FRONTEND_JS_FILES) console.log(list.join('\n'));
  const repeat = await load();
  await context.close();
  return { cold: cold.bytes, repeat: repeat.bytes, coldFiles: cold.files };
}

/** The pages of the layout-shift figures: figure name -> path (`{order}`: an order's number). */
const CLS_PAGES: Record<string, string> = {
  home: '/',
  orders: '/orders',
  orderDocuments: '/orders/{order}/documents',
  orderDrawings: '/orders/{order}/drawings',
  adminProducts: '/admin/products',
  adminProduct: '/admin/products/98',
  adminProperties: '/admin/product-properties',
  adminPropertyGroups: '/admin/product-property-groups',
  adminCategories: '/admin/product-categories',
  adminPricingRules: '/admin/product-pricing-rules',
  adminMedia: '/admin/media',
  adminGuests: '/admin/guests',
  adminUserGroups: '/admin/user-groups',
  adminIntegrations: '/admin/integrations',
  notFound: '/404/page',
};
const CLS_VIEWPORTS = [
  { width: 1400, height: 1000 },
  { width: 390, height: 844 },
];
const CLS_TARGET = 0.05;

/** Each page's CLS: the worst of a cold and a warm load at each viewport width (fresh context per width). */
async function layoutShifts(browser: Browser, url: string, cookie: string, orderNo: number): Promise<Figures> {
  const figures: Figures = {};
  const [name, value] = cookie.split('=');
  for (const viewport of CLS_VIEWPORTS) {
    for (const [key, pagePath] of Object.entries(CLS_PAGES)) {
      const context = await browser.newContext({ viewport });
      await context.addCookies([{ name: name!, value: value!, url }]);
      await installLayoutShiftProbe(context);
      const page = await context.newPage();
      const target = url + pagePath.replace('{order}', String(orderNo));
      for (const visit of ['cold', 'warm']) {
        const { cls, sources } = await layoutShiftOf(page, target);
        const figure = `cls.${key}`;
        figures[figure] = Math.max(figures[figure] ?? 0, cls);
        if (cls > CLS_TARGET) console.log(`  ${pagePath} ${viewport.width}px ${visit}: CLS ${cls.toFixed(3)} — ${sources.slice(0, 6).join('; ')}`);
      }
      await context.close();
    }
  }
  figures.maxClsAcrossRoutes = Math.max(...Object.values(figures));
  return figures;
}

export const benchmarks: Benchmark[] = [
  {
    name: 'front end: / signed in — JavaScript transferred, Lighthouse mobile and desktop',
    targets: [
      { figure: 'coldJsTransferKB', op: '<=', value: 180, label: '≤ 180 KB of JavaScript on a cold load' },
      { figure: 'repeatJsTransferKB', op: '<=', value: 10, label: '≤ 10 KB on a repeat visit' },
      { figure: 'mobilePerformance', op: '>=', value: 92, label: 'Lighthouse performance ≥ 92 (mobile, median of 5)' },
      { figure: 'desktopPerformance', op: '>=', value: 98, label: 'Lighthouse performance ≥ 98 (desktop, median of 5)' },
      { figure: 'mobileCls', op: '<=', value: CLS_TARGET, label: 'Lighthouse CLS ≤ 0.05 (mobile)' },
      { figure: 'desktopCls', op: '<=', value: CLS_TARGET, label: 'Lighthouse CLS ≤ 0.05 (desktop)' },
      { figure: 'bestPractices', op: '>=', value: 100, label: 'best practices 100' },
      { figure: 'seo', op: '>=', value: 100, label: 'SEO 100' },
    ],
    async run(): Promise<Figures> {
      prepare();
      const portal = await startPortal('sqlite');
      try {
        const user = await PortalUser.signIn(portal.url, 'owner-850@demo.test');
        const debuggingPort = 9300 + Math.floor(Math.random() * 500);
        const browser = await chromium.launch({ executablePath: CHROMIUM, args: [...BROWSER_ARGS, `--remote-debugging-port=${debuggingPort}`] });
        try {
          const js = await jsTransferred(browser, portal.url, user.cookie);
          const mobile = await lighthouseMedian(debuggingPort, portal.url + '/', user.cookie, false, RUNS);
          const desktop = await lighthouseMedian(debuggingPort, portal.url + '/', user.cookie, true, RUNS);
          return {
            coldJsTransferKB: js.cold / 1024,
            coldJsFiles: js.coldFiles,
            repeatJsTransferKB: js.repeat / 1024,
            ...lighthouseFigures(mobile, desktop),
          };
        } finally {
          await browser.close();
        }
      } finally {
        await portal.stop();
      }
    },
  },
  {
    name: 'front end: layout shift (CLS) of every page a signed-in owner reaches',
    targets: [
      ...Object.keys(CLS_PAGES).map((key) => ({ figure: `cls.${key}`, op: '<=' as const, value: CLS_TARGET, label: `${CLS_PAGES[key]} CLS ≤ ${CLS_TARGET}` })),
      { figure: 'maxClsAcrossRoutes', op: '<=', value: CLS_TARGET, label: `every page CLS ≤ ${CLS_TARGET}` },
    ],
    async run(): Promise<Figures> {
      prepare();
      const portal = await startPortal('sqlite');
      try {
        const user = await PortalUser.signIn(portal.url, 'owner-850@demo.test');
        const order = await orderWithItems(user, 1, 'Layout shift');
        const browser = await chromium.launch({ executablePath: CHROMIUM, args: BROWSER_ARGS });
        try {
          return await layoutShifts(browser, portal.url, user.cookie, order.orgSpecificId);
        } finally {
          await browser.close();
        }
      } finally {
        await portal.stop();
      }
    },
  },
];
