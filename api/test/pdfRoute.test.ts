import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentFilename, drawingsFilename } from '@cpq/domain';
import { ChromiumPdfRenderer, PDF_BUSY_MESSAGE } from '../src/adapters/pdf/index.ts';
import { startTestApp, type Client, type Served, type TestApp } from './helpers.ts';
import { pdfText, startPageServer, type PageServer } from './pdfPages.ts';

/**
 * POST /api/documents/pdf with the real renderer and the system Chromium, on a started server. The
 * page printed is the test's stand-in for the documents and drawings screens (api/test/pdfPages.ts):
 * it reads the order's data through the API with what the renderer gave it (cookie, query, active
 * organisation) and prints what it was told, so the PDF shows what the caller may see.
 */
const CHROMIUM = process.env.PDF_CHROMIUM_PATH || '/usr/bin/chromium';
const C = '/api/configurator';
const PDF = '/api/documents/pdf';

interface PdfAnswer {
  status: number;
  headers: Headers;
  bytes: Buffer;
  error?: { code: string; message: string };
}

/** The route answers bytes: read them as bytes (the test client reads text). */
async function postPdf(client: Client, body: unknown, base = client.baseUrl): Promise<PdfAnswer> {
  const res = await fetch(base + PDF, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(base).origin, ...(client.cookie ? { cookie: client.cookie } : {}) },
    body: JSON.stringify(body),
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  const error = res.headers.get('content-type')?.includes('json') ? (JSON.parse(bytes.toString('utf8')) as { error: PdfAnswer['error'] }).error : undefined;
  return { status: res.status, headers: res.headers, bytes, error };
}

describe('POST /api/documents/pdf', () => {
  let t: TestApp;
  let pages: PageServer;
  let renderer: ChromiumPdfRenderer;
  let owner: Client;
  let order: { id: number; orgSpecificId: number };
  let shareToken: string;
  let sharee: Client;

  const newOrder = async (client: Client, title: string) => {
    const created = await client.post(`${C}/create-product-order`, { productOrderProps: { orgId: 850, productCategoryId: 1, title } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data.id as number;
    const item = await client.post('/api/resources/productInstances/create', { props: { productOrderId: id, productId: 98, title: 'Entry', properties: { '7': { optionId: 23 } } } });
    expect(item.status, JSON.stringify(item.body)).toBe(200);
    return { id, orgSpecificId: created.body.data.orgSpecificId as number };
  };

  beforeAll(async () => {
    pages = await startPageServer();
    renderer = new ChromiumPdfRenderer({ executablePath: CHROMIUM, concurrency: 2, queueLimit: 8, timeoutMs: 20_000 });
    t = await startTestApp({ name: 'sqlite' }, { pdf: renderer, pdfRenderOrigin: pages.origin });
    pages.api = t.url;
    owner = await t.as('owner-850@demo.test');
    order = await newOrder(owner, 'PDF Kitchen');
    // Someone opens the order's share link; the owner then hides prices from them.
    const link = (await owner.post(`${C}/product-order/generate-shareable-link`, { productOrderId: order.id })).body.data.shareableLink as string;
    shareToken = new URL(link).searchParams.get('shareToken')!;
    sharee = t.client();
    expect((await sharee.post(`${C}/product-order/handle-guest-share-link`, { shareToken })).status).toBe(200);
    const shareeId = (await sharee.get('/api/auth/session')).body.data.user.id as number;
    expect((await owner.post(`${C}/product-order/update-involved-users-data`, { orgId: 850, productOrderOrgSpecificId: order.orgSpecificId, shareeId, pricingIsHidden: 1 })).status).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await renderer?.close();
    await pages?.close();
  });

  it('answers the quote as a PDF download named by the rule, rendered as the owner sees it', async () => {
    const res = await postPdf(owner, { orgId: 850, productOrderOrgSpecificId: order.orgSpecificId, document: 'documents', mode: 'quote' });
    expect(res.status, JSON.stringify(res.error)).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const name = `${documentFilename({ orgSpecificId: order.orgSpecificId, title: 'PDF Kitchen' }, 'quote', new Date())}.pdf`;
    expect(name).toMatch(/^#\d+ - PDF Kitchen - \d{6} - Quote\.pdf$/);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${name}"`);
    expect(res.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await pdfText(res.bytes)).text).toContain(`Order ${order.orgSpecificId} titled PDF Kitchen screen documents mode quote print 1 Prices shown`);
  });

  it('renders as the caller: a sharee from whom prices are hidden gets a PDF without them', async () => {
    const res = await postPdf(sharee, { orgId: 850, productOrderOrgSpecificId: order.orgSpecificId, document: 'documents', mode: 'invoice' });
    expect(res.status, JSON.stringify(res.error)).toBe(200);
    const { text } = await pdfText(res.bytes);
    expect(text).toContain('titled PDF Kitchen screen documents mode invoice');
    expect(text).toContain('Prices hidden');
    expect(text).not.toContain('Prices shown');
  });

  it('prints the drawings, named as drawings, with the screen options in the page address', async () => {
    const before = pages.orderRequests.length;
    const res = await postPdf(owner, { orgId: 850, productOrderOrgSpecificId: order.orgSpecificId, document: 'drawings', setMode: 'individual', units: 'in', showDimensions: true });
    expect(res.status, JSON.stringify(res.error)).toBe(200);
    const name = `${drawingsFilename({ orgSpecificId: order.orgSpecificId, title: 'PDF Kitchen' }, new Date())}.pdf`;
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${name}"`);
    expect(pages.orderRequests.slice(before)).toEqual([`/orders/${order.orgSpecificId}/drawings?print=1&setMode=individual&units=in&showDimensions=true`]);
    expect((await pdfText(res.bytes)).text).toContain('screen drawings');
  });

  it('names a title with other characters in RFC 5987 form, with an ASCII fallback', async () => {
    const other = await newOrder(owner, 'Küche “Nord”');
    const res = await postPdf(owner, { orgId: 850, productOrderOrgSpecificId: other.orgSpecificId, document: 'documents', mode: 'factory' });
    expect(res.status, JSON.stringify(res.error)).toBe(200);
    const name = `${documentFilename({ orgSpecificId: other.orgSpecificId, title: 'Küche “Nord”' }, 'factory', new Date())}.pdf`;
    const disposition = res.headers.get('content-disposition')!;
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`);
    expect(disposition).toMatch(/^attachment; filename="#\d+ - Kuche _Nord_ - \d{6} - Factory\.pdf"; filename\*=/);
  });

  it('opens a shared order by its share token for a signed-in person it was shared with, and passes the token to the page', async () => {
    const guest = await t.as('guest-850@demo.test');
    const body = { orgId: 850, productOrderOrgSpecificId: order.orgSpecificId, document: 'documents', mode: 'quote' };
    const requests = pages.orderRequests.length;
    expect((await postPdf(guest, body)).status).toBe(404);
    const res = await postPdf(guest, { ...body, shareToken, shareableOrderId: String(order.orgSpecificId) });
    expect(res.status, JSON.stringify(res.error)).toBe(200);
    expect(pages.orderRequests.slice(requests)).toEqual([`/orders/${order.orgSpecificId}/documents?print=1&mode=quote&shareToken=${shareToken}&shareableOrderId=${order.orgSpecificId}`]);
    expect((await pdfText(res.bytes)).text).toContain('titled PDF Kitchen');
  });

  it('decides access before rendering anything: 401, 404 for another organisation, 403 for a guest’s packing slip, 400 for a bad body', async () => {
    const requests = pages.orderRequests.length;
    const mine = { orgId: 850, productOrderOrgSpecificId: order.orgSpecificId, document: 'documents' };
    const anonymous = await postPdf(t.client(), mine);
    expect(anonymous.status).toBe(401);

    // Another organisation's owner: the order answers like a missing one, under either organisation id.
    const other = await t.as('owner-1053@demo.test');
    const foreign = await postPdf(other, mine);
    expect(foreign.status).toBe(404);
    expect((await postPdf(other, { ...mine, orgId: 1053, productOrderOrgSpecificId: 999_999 })).status).toBe(404);

    // A guest's own order: the quote yes, the packing slip and factory document no.
    const guest = await t.as('guest-850@demo.test');
    const own = await newOrder(guest, 'Guest order');
    for (const mode of ['packingSlip', 'factory']) {
      const refused = await postPdf(guest, { orgId: 850, productOrderOrgSpecificId: own.orgSpecificId, document: 'documents', mode });
      expect(refused.status).toBe(403);
      expect(refused.error).toEqual({ code: 'forbidden', message: 'Only owners and members can download the packing slip and the factory document.' });
    }

    const bad = [
      { ...mine, document: 'invoice' },
      { orgId: 850, document: 'documents' },
      { ...mine, mode: 'receipt' },
      { ...mine, colour: 'red' },
      { ...mine, setMode: 'individual' },
      { ...mine, document: 'drawings', hideDiscount: true },
    ];
    for (const body of bad) {
      const res = await postPdf(owner, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await postPdf(owner, { ...mine, setMode: 'individual', units: 'mm' })).error?.message).toBe('setMode, units do not apply to documents.');
    // None of these opened a page.
    expect(pages.orderRequests.length).toBe(requests);
  });

  describe('limits', () => {
    let slow: PageServer;
    let served: Served[] = [];
    beforeAll(async () => {
      slow = await startPageServer(t.url);
    });
    afterAll(async () => {
      for (const s of served) await s.close();
      for (const r of renderers) await r.close();
      await slow?.close();
    });
    const renderers: ChromiumPdfRenderer[] = [];

    /** Another server on the same database printing the slow pages with a renderer of these limits (started), and owner-850 on it. */
    const serveWith = async (limits: { concurrency: number; queueLimit: number; timeoutMs: number }) => {
      const renderer = new ChromiumPdfRenderer({ executablePath: CHROMIUM, ...limits });
      renderers.push(renderer);
      const s = await t.serve({ pdf: renderer, pdfRenderOrigin: slow.origin });
      served.push(s);
      await renderer.warm();
      return { renderer, me: await s.as('owner-850@demo.test') };
    };

    it('answers 504 with a clear message when the page is not ready in time, and leaves no page open', async () => {
      slow.ordersPage = 'never';
      const { renderer, me } = await serveWith({ concurrency: 2, queueLimit: 8, timeoutMs: 2000 });
      const started = Date.now();
      const res = await postPdf(me, { orgId: 850, productOrderOrgSpecificId: order.orgSpecificId, document: 'documents' });
      const took = Date.now() - started;
      expect(res.status).toBe(504);
      expect(res.error).toEqual({ code: 'pdfTimeout', message: 'The PDF could not be prepared within 2 seconds. Please try again; if it keeps failing, print from the page instead.' });
      // Gave up at the limit, not later (generous: a loaded machine may be slow to close the page).
      expect(took).toBeLessThan(2000 + 13_000);
      expect(renderer.openPages()).toBe(0);
    });

    it('answers 503 "busy" beyond the waiting line', async () => {
      slow.ordersPage = 'slow';
      const { me } = await serveWith({ concurrency: 1, queueLimit: 0, timeoutMs: 20_000 });
      const body = { orgId: 850, productOrderOrgSpecificId: order.orgSpecificId, document: 'documents' };
      // The first has its slot once its page is asked for.
      const asked = slow.orderRequests.length;
      const first = postPdf(me, body);
      while (slow.orderRequests.length === asked) await new Promise((resolve) => setTimeout(resolve, 20));
      const second = await postPdf(me, body);
      expect(second.status).toBe(503);
      expect(second.error).toEqual({ code: 'pdfBusy', message: PDF_BUSY_MESSAGE });
      expect(second.headers.get('retry-after')).toBe('60');
      expect((await first).status).toBe(200);
    });
  });
});
