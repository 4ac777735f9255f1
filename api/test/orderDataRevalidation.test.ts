import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRepos } from '../src/db/repository.ts';
import { databases, startTestApp, type Client, type TestApp } from './helpers.ts';

/**
 * get-configurator-order-data is tagged and revalidated (decision 0105): an unchanged order answers
 * 304 with no body to the same person, and every change of what that person would see — the order,
 * its items, its status, who sees its prices, the viewer, the catalogue, the organisation's settings
 * for that person — gives a new tag, so an old copy is never confirmed.
 */

const C = '/api/configurator';
const R = '/api/resources';
const ORDER_DATA = `${C}/get-configurator-order-data`;

/** The raw answer, bytes as they crossed the wire (fetch would decompress them). */
function rawPost(t: TestApp, c: Client, path: string, body: unknown, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: Buffer }> {
  const url = new URL(t.url + path);
  const sent = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(sent), origin: url.origin, cookie: c.cookie, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, bytes: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(sent);
  });
}

describe.each(databases)('order data revalidation on $name', (dbCase) => {
  let t: TestApp;
  let owner: Client;
  let sharee: Client;
  let shareeId: number;
  let order: { id: number; orgSpecificId: number; itemId: number };
  let other: { id: number; orgSpecificId: number };

  const ref = () => ({ orgId: 850, productOrderOrgSpecificId: order.orgSpecificId });
  const read = (c: Client, etag?: string) => c.post(ORDER_DATA, ref(), etag ? { headers: { 'if-none-match': etag } } : {});
  const tagOf = async (c: Client) => {
    const res = await read(c);
    expect(res.status, JSON.stringify(res.body).slice(0, 200)).toBe(200);
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^"od-[\w-]{27}"$/);
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    return { etag: etag!, data: res.body.data };
  };
  /** The copy taken before `change` is answered whole after it, with a new tag; the new tag revalidates. */
  const changes = async (c: Client, change: () => Promise<unknown>) => {
    const before = await tagOf(c);
    expect((await read(c, before.etag)).status).toBe(304);
    await change();
    const after = await read(c, before.etag);
    expect(after.status).toBe(200);
    const etag = after.headers.get('etag')!;
    expect(etag).not.toBe(before.etag);
    expect((await read(c, etag)).status).toBe(304);
    return { before: before.data, after: after.body.data };
  };

  beforeAll(async () => {
    t = await startTestApp(dbCase);
    owner = await t.as('owner-850@demo.test');
    const made = async (title: string) => {
      const res = await owner.post(`${C}/create-product-order-with-items`, { productOrderProps: { orgId: 850, title, productCategoryId: 1 }, propsSets: [{ productId: 98, title: 'Hall', quantity: 2 }] });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data;
    };
    const a = await made('Revalidated');
    const items = (await owner.post(ORDER_DATA, { orgId: 850, productOrderOrgSpecificId: a.orgSpecificId })).body.data.productInstances;
    order = { id: a.id, orgSpecificId: a.orgSpecificId, itemId: items[0].id };
    other = await made('Another');
    // A guest the order is shared with (by its link).
    const link = (await owner.post(`${C}/product-order/generate-shareable-link`, { productOrderId: order.id })).body.data.shareableLink as string;
    sharee = t.client();
    expect((await sharee.post(`${C}/product-order/handle-guest-share-link`, { shareToken: new URL(link).searchParams.get('shareToken') })).status).toBe(200);
    shareeId = (await sharee.get('/api/auth/session')).body.data.user.id as number;
    const otherLink = (await owner.post(`${C}/product-order/generate-shareable-link`, { productOrderId: other.id })).body.data.shareableLink as string;
    expect((await sharee.post(`${C}/product-order/handle-guest-share-link`, { shareToken: new URL(otherLink).searchParams.get('shareToken') })).status).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('an unchanged order answers 304 with no body; a wrong or old tag answers 200 with the body', async () => {
    const first = await tagOf(owner);
    const again = await rawPost(t, owner, ORDER_DATA, ref(), { 'if-none-match': first.etag, 'accept-encoding': 'br' });
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);
    expect(again.headers.etag).toBe(first.etag);
    // A list naming it, and its weak form, match too.
    expect((await read(owner, `"nope", W/${first.etag}`)).status).toBe(304);
    const wrong = await read(owner, '"od-not-this-one"');
    expect(wrong.status).toBe(200);
    expect(wrong.body.data).toEqual(first.data);
    // The tag is the same on the next read: nothing changed.
    expect((await tagOf(owner)).etag).toBe(first.etag);
  });

  it('the body is brotli (or gzip) when the client accepts it, the same JSON once decompressed', async () => {
    const plain = await rawPost(t, owner, ORDER_DATA, ref(), { 'accept-encoding': 'identity' });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    const br = await rawPost(t, owner, ORDER_DATA, ref(), { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.bytes.length).toBeLessThan(plain.bytes.length);
    expect(zlib.brotliDecompressSync(br.bytes).equals(plain.bytes)).toBe(true);
    const gz = await rawPost(t, owner, ORDER_DATA, ref(), { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.bytes).equals(plain.bytes)).toBe(true);
    expect(JSON.parse(plain.bytes.toString()).data.productOrders[0].id).toBe(order.id);
    // The tag names the content, not the encoding: the same for all three.
    expect(new Set([plain.headers.etag, br.headers.etag, gz.headers.etag]).size).toBe(1);
  });

  it('an item change gives a new tag and the new item', async () => {
    const { after } = await changes(owner, () => owner.post(`${R}/productInstances/update`, { where: { id: order.itemId }, props: { quantity: 5 } }));
    expect(after.productInstances[0].quantity).toBe(5);
  });

  it('an order field change gives a new tag', async () => {
    const { after } = await changes(owner, () => owner.post(`${R}/productOrders/update`, { where: { id: order.id }, props: { title: 'Renamed' } }));
    expect(after.productOrders[0].title).toBe('Renamed');
  });

  it("the sharee's tag changes when the owner hides prices from them, on this order or on another (prices then hidden everywhere)", async () => {
    const hide = (o: { orgSpecificId: number }, pricingIsHidden: 0 | 1) => async () =>
      expect((await owner.post(`${C}/product-order/update-involved-users-data`, { orgId: 850, productOrderOrgSpecificId: o.orgSpecificId, shareeId, pricingIsHidden })).status).toBe(200);
    const onThis = await changes(sharee, hide(order, 1));
    expect(onThis.before.pricingIsHidden).toBe(false);
    expect(onThis.after.pricingIsHidden).toBe(true);
    await changes(sharee, hide(order, 0));
    // Hidden on the other order: this order's revision is unchanged, the sharee's view of it is not.
    const onOther = await changes(sharee, hide(other, 1));
    expect(onOther.after.pricingIsHidden).toBe(true);
    await changes(sharee, hide(other, 0));
  });

  it("one person's tag is never another's: the owner's copy is not confirmed to the sharee", async () => {
    const mine = await tagOf(owner);
    const theirs = await tagOf(sharee);
    expect(theirs.etag).not.toBe(mine.etag);
    const res = await read(sharee, mine.etag);
    expect(res.status).toBe(200);
    expect(res.body.data.productOrders[0].commandData).toBeUndefined();
  });

  it('a catalogue change (a price publish) gives a new tag', async () => {
    const option = (await t.repos.productOptions.findOne({ id: 22 }))!;
    const { before, after } = await changes(owner, () =>
      // Another API process writes it: its own repositories on the same database.
      createRepos(t.db).productOptions.update({ id: 22 }, { data: { ...(option.data as object), priceInCents: ((option.data as { priceInCents?: number }).priceInCents ?? 0) + 700 } }),
    );
    expect(after.catalogueVersion).toBeGreaterThan(before.catalogueVersion);
  });

  it("an organisation setting for the person (the guest's prices hidden by the organisation) gives a new tag", async () => {
    const setHidden = (on: 0 | 1) => () => t.db('memberships').where({ user_id: shareeId, org_id: 850 }).update({ access_data: JSON.stringify({ pricingIsHidden: on }) });
    const { after } = await changes(sharee, setHidden(1));
    expect(after.pricingIsHidden).toBe(true);
    await changes(sharee, setHidden(0));
  });

  it('a status change gives a new tag (last: the order is moved on)', async () => {
    const { after } = await changes(owner, async () => {
      const res = await owner.post(`${C}/update-order-status`, { productOrderId: order.id, statusKey: 'inProduction', skipNotifyingGuest: true });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    });
    expect(after.productOrders[0].lastCompletedStatusKey).toBe('inProduction');
  });

  it('writes, and refusals, are never tagged nor kept', async () => {
    const res = await owner.post(`${R}/productOrders/update`, { where: { id: other.id }, props: { title: 'Porch' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('no-store');
    // The moved-on order refuses an item change (locked): no-store as well.
    const refused = await owner.post(`${R}/productInstances/update`, { where: { id: order.itemId }, props: { quantity: 9 } });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.headers.get('cache-control')).toBe('no-store');
  });
});
