/**
 * Cumulative layout shift of a page load in Chromium, counted as web-vitals and Lighthouse count it:
 * `layout-shift` entries without recent input, grouped into session windows (a gap of 1 s closes a
 * window, a window lasts at most 5 s); the page's CLS is its largest window. The observer is
 * installed before the page's scripts (`addInitScript`, buffered), so the shifts of the first paint
 * and of the start-up count too.
 */
import type { BrowserContext, Page } from '@playwright/test';

interface ShiftProbe {
  windows: number;
  largest: number;
  total: number;
  /** The elements that moved in the largest shifts (selector-ish descriptions, for the report). */
  sources: string[];
}

declare global {
  interface Window {
    __cpqCls?: ShiftProbe;
  }
}

/**
 * Runs in the page before anything else. Plain JavaScript in a string: a function of this module
 * would be serialised as tsx compiled it, with helper calls (`__name`) the page does not have.
 */
const PROBE = `(() => {
  const probe = { windows: 0, largest: 0, total: 0, sources: [] };
  window.__cpqCls = probe;
  let current = 0, first = 0, last = 0;
  const describe = (node) => {
    if (!(node instanceof Element)) return node ? node.nodeName : '?';
    const test = node.getAttribute('data-testid');
    const cls = typeof node.className === 'string' && node.className ? '.' + node.className.split(/\\s+/)[0] : '';
    return node.tagName.toLowerCase() + (node.id ? '#' + node.id : '') + (test ? '[data-testid=' + test + ']' : '') + cls;
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      probe.total += entry.value;
      if (current > 0 && entry.startTime - last < 1000 && entry.startTime - first < 5000) {
        current += entry.value;
      } else {
        current = entry.value;
        first = entry.startTime;
        probe.windows++;
      }
      last = entry.startTime;
      probe.largest = Math.max(probe.largest, current);
      if (entry.value >= 0.001) {
        for (const s of entry.sources || []) probe.sources.push(describe(s.node) + ' ' + entry.value.toFixed(4) + ' @' + Math.round(entry.startTime) + 'ms');
      }
    }
  }).observe({ type: 'layout-shift', buffered: true });
})();`;

export async function installLayoutShiftProbe(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: PROBE });
}

/**
 * Opens `url` and answers the page's CLS once it has settled: the network idle, then 1.5 s without
 * anything new (late images and fonts shift things too).
 */
export async function layoutShiftOf(page: Page, url: string): Promise<{ cls: number; sources: string[] }> {
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1500);
  const probe = await page.evaluate(() => window.__cpqCls ?? null);
  if (!probe) throw new Error(`the layout-shift probe did not run on ${url}`);
  return { cls: probe.largest, sources: probe.sources };
}
