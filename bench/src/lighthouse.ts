/**
 * Lighthouse 12 (simulated throttling) on a page of the running portal, signed in by cookie, through
 * a Chromium started with a remote-debugging port. Shared by the front-end benches.
 */
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { median } from './portal.ts';

export interface LighthouseFigures {
  performance: number;
  bestPractices: number;
  seo: number;
  accessibility: number;
  lcp: number;
  tbt: number;
  fcp: number;
  cls: number;
}

/** One Lighthouse run of `pageUrl` (a full URL) in the mobile or the desktop configuration. */
export async function lighthouseRun(port: number, pageUrl: string, cookie: string, desktop: boolean): Promise<LighthouseFigures> {
  const result = await lighthouse(
    pageUrl,
    { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'best-practices', 'seo', 'accessibility'], extraHeaders: { Cookie: cookie } },
    desktop ? desktopConfig : undefined,
  );
  const lhr = result!.lhr;
  // A run Lighthouse could not finish (a timeout on a loaded machine) has no metrics: say so.
  if (lhr.runtimeError) console.warn(`  Lighthouse ${desktop ? 'desktop' : 'mobile'} run on ${pageUrl}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    performance: score('performance'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    accessibility: score('accessibility'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    fcp: value('first-contentful-paint'),
    cls: value('cumulative-layout-shift'),
  };
}

/** Median of each figure over `runs` runs (Lighthouse on a busy 2-core machine is noisy). */
export async function lighthouseMedian(port: number, pageUrl: string, cookie: string, desktop: boolean, runs: number): Promise<LighthouseFigures> {
  const all: LighthouseFigures[] = [];
  for (let i = 0; i < runs; i++) all.push(await lighthouseRun(port, pageUrl, cookie, desktop));
  // Over the runs that measured the figure (a failed run's NaN would make the median NaN).
  const m = (k: keyof LighthouseFigures) => median(all.map((r) => r[k]).filter((v) => Number.isFinite(v)));
  return { performance: m('performance'), bestPractices: m('bestPractices'), seo: m('seo'), accessibility: m('accessibility'), lcp: m('lcp'), tbt: m('tbt'), fcp: m('fcp'), cls: m('cls') };
}

/** The figures a bench reports from a mobile and a desktop median: scores, LCP, TBT, FCP and CLS of each; the other categories' worst. */
export function lighthouseFigures(mobile: LighthouseFigures, desktop: LighthouseFigures): Record<string, number> {
  return {
    mobilePerformance: mobile.performance,
    mobileLcpMs: mobile.lcp,
    mobileTbtMs: mobile.tbt,
    mobileFcpMs: mobile.fcp,
    mobileCls: mobile.cls,
    desktopPerformance: desktop.performance,
    desktopLcpMs: desktop.lcp,
    desktopTbtMs: desktop.tbt,
    desktopFcpMs: desktop.fcp,
    desktopCls: desktop.cls,
    bestPractices: Math.min(mobile.bestPractices, desktop.bestPractices),
    seo: Math.min(mobile.seo, desktop.seo),
    accessibility: Math.min(mobile.accessibility, desktop.accessibility),
  };
}
