/**
 * The front end as a signed-in person loads it: the portal built and started on a fresh demo
 * database, `/` (the home page) opened by owner-850@demo.test in Debian's Chromium.
 * - JavaScript transferred on a cold load (fresh browser profile) and on a repeat visit (same
 *   profile, a new navigation): bytes that crossed the network (encoded, headers included), from
 *   Chromium's own network events.
 * - Lighthouse 12 (mobile and desktop configurations, 3 runs each, median) on the same page:
 *   performance, best practices, SEO, accessibility; LCP, TBT and FCP.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { type Benchmark, type Figures } from './lib.ts';
import { lighthouseMedian } from './lighthouse.ts';
import { PortalUser, ROOT, startPortal } from './portal.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = 3;
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
  const types = new Map<string, string>();
  let bytes = 0;
  let files = 0;
  cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
  cdp.on('Network.loadingFinished', (e) => {
    if (types.get(e.requestId) === 'Script') {
      bytes += e.encodedDataLength;
      if (e.encodedDataLength > 0) files++;
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
  const repeat = await load();
  await context.close();
  return { cold: cold.bytes, repeat: repeat.bytes, coldFiles: cold.files };
}

export const benchmarks: Benchmark[] = [
  {
    name: 'front end: / signed in — JavaScript transferred, Lighthouse mobile and desktop',
    targets: [
      { figure: 'coldJsTransferKB', op: '<=', value: 200, label: '≤ 200 KB of JavaScript on a cold load' },
      { figure: 'repeatJsTransferKB', op: '<=', value: 10, label: '≤ 10 KB on a repeat visit' },
      { figure: 'mobilePerformance', op: '>=', value: 90, label: 'Lighthouse performance ≥ 90 (mobile)' },
      { figure: 'desktopPerformance', op: '>=', value: 98, label: 'Lighthouse performance ≥ 98 (desktop)' },
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
            mobilePerformance: mobile.performance,
            mobileLcpMs: mobile.lcp,
            mobileTbtMs: mobile.tbt,
            mobileFcpMs: mobile.fcp,
            desktopPerformance: desktop.performance,
            desktopLcpMs: desktop.lcp,
            desktopTbtMs: desktop.tbt,
            bestPractices: Math.min(mobile.bestPractices, desktop.bestPractices),
            seo: Math.min(mobile.seo, desktop.seo),
            accessibility: Math.min(mobile.accessibility, desktop.accessibility),
          };
        } finally {
          await browser.close();
        }
      } finally {
        await portal.stop();
      }
    },
  },
];
