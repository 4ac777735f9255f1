/**
 * PDF downloads (POST /api/documents/pdf) from the running portal (api/src/main.ts in its own process,
 * fresh SQLite demo database, the system Chromium): owner-850's 200-item keypad order, made through
 * the API. After a warm-up (the browser starts at the first PDF):
 * - one 200-item quote PDF at a time, 5 runs: median and slowest, against the same for a 1-item
 *   order (baseline in the same run: `vsOneItem`) and against the order's data call (`vsOrderData`);
 * - 10 requests at once (2 rendering, the rest waiting their turn): every one a PDF, and the wall time.
 * Memory: every 200 ms, the resident memory of the portal's process and its Chromium processes (every
 * process descending from this one), summed: VmRSS (counts pages the Chromium processes share once per
 * process, so it overstates) and PSS (shared pages split between their processes); peaks over the run.
 * Two pages are printed: the portal's own documents screen (built first when it is not), and a
 * stand-in served by the bench (api/test/pdfPages.ts, PDF_RENDER_ORIGIN pointing at it, /api passed
 * to the portal) that reads the same order data as the caller and lays out one table row per item.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { pdfText, startPageServer, type PageServer } from '../../api/test/pdfPages.ts';
import { type Benchmark, type Figures } from './lib.ts';
import { median, orderWithItems, PortalUser, ROOT, startPortal, type Portal } from './portal.ts';

const ITEMS = 200;
const RUNS = 5;
const AT_ONCE = 10;
/** Long enough for ten 200-item PDFs queued behind two slots on a busy machine. */
const SETTINGS = { PDF_CONCURRENCY: '2', PDF_QUEUE_LIMIT: '16', PDF_TIMEOUT_MS: '30000' };

function prepare(): void {
  const built = ['shell', 'mfe-documents'].every((ws) => existsSync(path.join(ROOT, ws, 'dist', 'mf-manifest.json')));
  if (built) return;
  const r = spawnSync(process.execPath, ['scripts/build-all.mjs'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('node scripts/build-all.mjs failed');
}

/** The processes descending from this one (the portal and the browser it started), by /proc. */
function descendants(): number[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // The command name (2nd field) may hold spaces and parentheses: the parent is the 2nd field after the last ')'.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
    } catch {
      // gone meanwhile
    }
  }
  // Every descendant of this process (the portal and the Chromium processes it started), depth first.
  const descendants: number[] = [];
  const toVisit = [process.pid];
  while (toVisit.length > 0) {
    for (const child of children.get(toVisit.pop()!) ?? []) {
      descendants.push(child);
      toVisit.push(child);
    }
  }
  return descendants;
}

const kB = (text: string, field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0);

/** Peak summed resident memory (MB) of the portal and its Chromium while running. */
function memoryWatch(): { stop(): { peakRssMB: number; peakPssMB: number; peakProcesses: number } } {
  let peakRss = 0;
  let peakPss = 0;
  let peakProcesses = 0;
  const sample = () => {
    let rss = 0;
    let pss = 0;
    const pids = descendants();
    for (const pid of pids) {
      try {
        rss += kB(readFileSync(`/proc/${pid}/status`, 'utf8'), 'VmRSS');
        pss += kB(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'), 'Pss');
      } catch {
        // ended between the listing and the read
      }
    }
    peakRss = Math.max(peakRss, rss);
    peakPss = Math.max(peakPss, pss);
    peakProcesses = Math.max(peakProcesses, pids.length);
  };
  sample();
  const timer = setInterval(sample, 200);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return { peakRssMB: peakRss / 1024, peakPssMB: peakPss / 1024, peakProcesses };
    },
  };
}

interface Download {
  status: number;
  ms: number;
  bytes: Buffer;
  error?: string;
}

async function download(user: PortalUser, orgSpecificId: number): Promise<Download> {
  const t0 = performance.now();
  const res = await fetch(`${user.url}/api/documents/pdf`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(user.url).origin, cookie: user.cookie },
    body: JSON.stringify({ orgId: 850, productOrderOrgSpecificId: orgSpecificId, document: 'documents', mode: 'quote' }),
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  const ms = performance.now() - t0;
  return { status: res.status, ms, bytes, ...(res.status !== 200 ? { error: bytes.toString('utf8').slice(0, 300) } : {}) };
}

/** A 200 with a PDF that names the order's last item: else the benchmark fails with what came back. */
async function checked(d: Download, lastItem: string): Promise<Download> {
  if (d.status === 504) throw new Error(`the page never said it was ready to print (html[data-print-ready]): is the documents screen built with its print-ready marker? ${d.error}`);
  if (d.status !== 200) throw new Error(`the PDF answered ${d.status}: ${d.error}`);
  if (d.bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error('the answer is not a PDF');
  const { text } = await pdfText(d.bytes);
  if (!text.includes(lastItem)) throw new Error(`the PDF does not show "${lastItem}"`);
  return d;
}

async function measurePdfs(portal: Portal): Promise<Figures> {
  const user = await PortalUser.signIn(portal.url, 'owner-850@demo.test');
  const big = await orderWithItems(user, ITEMS, 'PDF bench (200)');
  const small = await orderWithItems(user, 1, 'PDF bench (1)');
  const last = `Keypad ${ITEMS}`;

  const memory = memoryWatch();
  const warmUp = await checked(await download(user, big.orgSpecificId), last);
  const orderDataMs: number[] = [];
  const bigMs: number[] = [];
  const smallMs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    orderDataMs.push((await user.post('/api/configurator/get-configurator-order-data', { orgId: 850, productOrderOrgSpecificId: big.orgSpecificId })).ms);
    bigMs.push((await checked(await download(user, big.orgSpecificId), last)).ms);
    smallMs.push((await checked(await download(user, small.orgSpecificId), 'Keypad 1')).ms);
  }
  const single = memory.stop();
  const atOnceMemory = memoryWatch();
  const t0 = performance.now();
  const together = await Promise.all(Array.from({ length: AT_ONCE }, () => download(user, big.orgSpecificId)));
  const wallMs = performance.now() - t0;
  const failed = together.filter((d) => d.status !== 200);
  if (failed.length) throw new Error(`${failed.length} of ${AT_ONCE} requests at once failed: ${failed[0]!.status} ${failed[0]!.error}`);
  await checked(together[AT_ONCE - 1]!, last);
  const atOnce = atOnceMemory.stop();

  const pdf200 = median(bigMs);
  return {
    warmUpMs: warmUp.ms,
    pdf200MedianMs: pdf200,
    pdf200MaxMs: Math.max(...bigMs),
    pdf1MedianMs: median(smallMs),
    orderDataMedianMs: median(orderDataMs),
    vsOneItem: pdf200 / median(smallMs),
    vsOrderData: pdf200 / median(orderDataMs),
    pdf200Bytes: together[0]!.bytes.length,
    atOnceSucceeded: AT_ONCE - failed.length,
    atOnceWallMs: wallMs,
    atOnceSlowestMs: Math.max(...together.map((d) => d.ms)),
    peakRssMB: Math.max(single.peakRssMB, atOnce.peakRssMB),
    peakPssMB: Math.max(single.peakPssMB, atOnce.peakPssMB),
    oneAtATimePeakRssMB: single.peakRssMB,
    oneAtATimePeakPssMB: single.peakPssMB,
    atOncePeakRssMB: atOnce.peakRssMB,
    atOncePeakPssMB: atOnce.peakPssMB,
    peakProcesses: Math.max(single.peakProcesses, atOnce.peakProcesses),
  };
}

const targets = [
  { figure: 'pdf200MedianMs', op: '<=' as const, value: 3000, label: 'one 200-item quote PDF ≤ 3 s' },
  { figure: 'atOnceSucceeded', op: '>=' as const, value: AT_ONCE, label: `${AT_ONCE} requests at once, none failing` },
  { figure: 'atOnceWallMs', op: '<=' as const, value: 15_000, label: `${AT_ONCE} requests at once ≤ 15 s in total` },
];

export const benchmarks: Benchmark[] = [
  {
    name: 'PDF: 200-item 850 quote — the portal documents screen',
    targets,
    async run() {
      prepare();
      const portal = await startPortal('sqlite', SETTINGS);
      try {
        return await measurePdfs(portal);
      } finally {
        await portal.stop();
      }
    },
  },
  {
    name: 'PDF: 200-item 850 quote — a 200-row stand-in page (same route, renderer and order data)',
    targets,
    async run() {
      let pages: PageServer | undefined;
      let portal: Portal | undefined;
      try {
        pages = await startPageServer();
        pages.ordersPage = 'items';
        portal = await startPortal('sqlite', { ...SETTINGS, PDF_RENDER_ORIGIN: pages.origin });
        pages.api = portal.url;
        return await measurePdfs(portal);
      } finally {
        await portal?.stop();
        await pages?.close();
      }
    },
  },
];
