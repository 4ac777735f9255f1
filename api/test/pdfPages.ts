import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * Pages for the PDF tests, served on their own port, standing in for the portal's documents and
 * drawings screens until those are built: each sets `data-print-ready` as they will.
 * - /ready?delay=ms&text=…   the text, ready after `delay` ms
 * - /never                   never ready
 * - /external?img=&script=&socket=   loads those (and data:/blob: images) and says which loaded
 * - /rows?n=200              a table of n rows (a long quote), ready at once
 * - /whoami                  what one person's page could see of another's in a reused browser: the
 *   cookie its request came with, that cookie as echoed by /whoami/echo (an answer the browser may keep
 *   for an hour), the localStorage keys and sessionStorage found; then it leaves its own marks in both
 *   and a cookie of its own
 * - /orders/{n}/{document}   per `ordersPage`: 'order' reads the order's data through the API (requests
 *   under /api are passed to `api`) with the cookie and query the renderer gave it, and prints what
 *   it was told; 'items' does the same and lays out one table row per item of the order (a long
 *   quote: the PDF benchmark's stand-in); 'never' and 'slow' (ready after 1.5 s) are for the route's limits.
 */
export interface PageServer {
  origin: string;
  /** Where requests under /api go (the API under test). */
  api: string | undefined;
  ordersPage: 'order' | 'items' | 'never' | 'slow';
  /** Addresses of the order pages requested (path and query). */
  orderRequests: string[];
  close(): Promise<void>;
}

const page = (body: string, script = '') => `<!doctype html><html><head><meta charset="utf-8"><title>t</title></head><body>${body}<script>${script}</script></body></html>`;
const READY = `document.documentElement.dataset.printReady = 'true';`;

const ORDER_SCRIPT = (items: boolean) => `
const q = new URLSearchParams(location.search);
const n = Number(location.pathname.split('/')[2]);
const body = { orgId: JSON.parse(localStorage.getItem('cpq.activeOrgId')), productOrderOrgSpecificId: n };
if (q.get('shareToken')) body.shareToken = q.get('shareToken');
if (q.get('shareableOrderId')) body.shareableOrderId = q.get('shareableOrderId');
fetch('/api/configurator/get-configurator-order-data', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  .then(async (res) => {
    const json = await res.json();
    const order = json.data && json.data.productOrders && json.data.productOrders[0];
    document.getElementById('out').textContent = order
      ? 'Order ' + order.orgSpecificId + ' titled ' + order.title + ' screen ' + location.pathname.split('/')[3] + ' mode ' + (q.get('mode') || '-') + ' print ' + q.get('print') + ' ' + ('costs' in order ? 'Prices shown' : 'Prices hidden')
      : 'Refused ' + res.status;
    if (${items} && json.data) {
      const table = document.createElement('table');
      for (const item of json.data.productInstances) {
        const row = table.insertRow();
        for (const cell of [item.title, 'Qty ' + item.quantity, item.totalPriceInCents != null ? '$' + (item.totalPriceInCents / 100).toFixed(2) : '']) row.insertCell().textContent = cell;
      }
      document.body.append(table);
    }
    ${READY}
  });`;

export async function startPageServer(api?: string): Promise<PageServer> {
  const state = { api, ordersPage: 'order' as PageServer['ordersPage'], orderRequests: [] as string[] };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const html = (s: string) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(s);
    };
    if (url.pathname.startsWith('/api/') && state.api) {
      // The API behind the same origin, as the portal serves it; Host kept so the write counts as same-origin.
      const target = new URL(req.url!, state.api);
      const forward = http.request(target, { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      req.pipe(forward);
      return;
    }
    if (url.pathname === '/ready') {
      const delay = Number(url.searchParams.get('delay') ?? 0);
      return html(page(`<h1>${url.searchParams.get('text') ?? 'Ready'}</h1>`, `setTimeout(() => { ${READY} }, ${delay});`));
    }
    if (url.pathname === '/probe') {
      // Reports whether the page could reach another address (the renderer must refuse it).
      const target = JSON.stringify(url.searchParams.get('target') ?? '');
      return html(page('<p id="out">Probing</p>', `fetch(${target}, { mode: 'no-cors' }).then(() => 'reached', () => 'blocked').then((r) => { document.getElementById('out').textContent = 'Probe ' + r; ${READY} });`));
    }
    if (url.pathname === '/external') {
      // Loads an image, a script and a socket from the addresses given, and images it makes itself
      // (data: and blob:), then reports each as loaded or blocked.
      const q = (name: string) => JSON.stringify(url.searchParams.get(name) ?? '');
      return html(
        page(
          '<p id="out">Loading</p>',
          `const load = (tag, src) => new Promise((done) => { const el = document.createElement(tag); el.onload = () => done('loaded'); el.onerror = () => done('blocked'); el.src = src; document.body.append(el); });
const socket = () => new Promise((done) => { const ws = new WebSocket(${q('socket')}); ws.onclose = () => done('closed'); });
const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>';
const blob = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
Promise.all([load('img', ${q('img')}), load('script', ${q('script')}), socket(), load('img', 'data:image/svg+xml,' + encodeURIComponent(svg)), load('img', blob)]).then(([img, script, ws, data, own]) => {
  document.getElementById('out').textContent = 'Image ' + img + ', script ' + script + ', socket ' + ws + ', data image ' + data + ', blob image ' + own;
  ${READY}
});`,
        ),
      );
    }
    if (url.pathname === '/whoami/echo') {
      res.writeHead(200, { 'content-type': 'text/plain', 'cache-control': 'private, max-age=3600' });
      return res.end(req.headers.cookie ?? 'none');
    }
    if (url.pathname === '/whoami') {
      const cookie = JSON.stringify(req.headers.cookie ?? 'none');
      return html(
        page(
          '<p id="out">Asking</p>',
          `fetch('/whoami/echo').then((r) => r.text()).then((echo) => {
  const keys = Object.keys(localStorage).sort().join(' ') || 'nothing';
  const tab = Object.keys(sessionStorage).sort().join(' ') || 'nothing';
  document.getElementById('out').textContent = 'Page cookie ' + ${cookie} + ', echo ' + echo + ', stored ' + keys + ', tab ' + tab;
  localStorage.setItem('left by ' + ${cookie}, '1');
  document.cookie = 'left_by=' + encodeURIComponent(${cookie}) + '; path=/';
  sessionStorage.setItem('tab of ' + ${cookie}, '1');
  ${READY}
});`,
        ),
      );
    }
    if (url.pathname === '/never') return html(page('<h1>Never ready</h1>'));
    if (url.pathname === '/rows') {
      const n = Number(url.searchParams.get('n') ?? 200);
      const rows = Array.from({ length: n }, (_, i) => `<tr><td>Item ${i + 1}</td><td>Keypad, satin brass, 4 buttons</td><td>1</td><td>$${(100 + i).toFixed(2)}</td></tr>`).join('');
      return html(page(`<table>${rows}</table>`, READY));
    }
    if (url.pathname.startsWith('/orders/')) {
      state.orderRequests.push(url.pathname + url.search);
      if (state.ordersPage === 'never') return html(page('<h1>Never ready</h1>'));
      if (state.ordersPage === 'slow') return html(page('<h1>Slow order</h1>', `setTimeout(() => { ${READY} }, 1500);`));
      return html(page('<p id="out">Loading</p>', ORDER_SCRIPT(state.ordersPage === 'items')));
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    get api() {
      return state.api;
    },
    set api(v) {
      state.api = v;
    },
    get ordersPage() {
      return state.ordersPage;
    },
    set ordersPage(v) {
      state.ordersPage = v;
    },
    orderRequests: state.orderRequests,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The text of every page of a PDF, pages joined by newlines. */
export async function pdfText(bytes: Uint8Array): Promise<{ pages: number; text: string }> {
  const doc = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  const texts: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    texts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await doc.destroy();
  return { pages: doc.numPages, text: texts.join('\n') };
}
