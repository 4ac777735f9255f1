import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, startTestApp, type Client, type TestApp } from './helpers.ts';

/**
 * The demo catalogue's pictures and the address thumbnails name (docs/decisions/0085-thumbnails-and-swatches.md,
 * 0086-demo-pictures.md), written from the rules: every demo category and product of a shown catalogue
 * has a picture, served as a PNG to members of its organisation (owner, member, guest), never to
 * another organisation (404, like a missing medium) nor without a session (401); deleting a medium
 * leaves no thumbnail naming it.
 */
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const ADDRESS = /^\/api\/media\/([1-9][0-9]*)\/file$/;

describe.each(databases)('demo pictures on $name', (dbCase) => {
  let t: TestApp;
  let owner850: Client;
  let member850: Client;
  let guest850: Client;
  let owner1053: Client;

  beforeAll(async () => {
    t = await startTestApp(dbCase);
    owner850 = await t.as('owner-850@demo.test');
    member850 = await t.as('member-850@demo.test');
    guest850 = await t.as('guest-850@demo.test');
    owner1053 = await t.as('owner-1053@demo.test');
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The picture as a browser's <img> fetches it: the session cookie, the bytes as they are. */
  const fetchPicture = async (client: Client | null, address: string) => {
    const res = await fetch(t.url + address, { headers: client?.cookie ? { cookie: client.cookie } : {} });
    return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()), headers: res.headers };
  };
  const isPng = (bytes: Buffer) => bytes.length > 100 && bytes.subarray(0, 8).equals(PNG_MAGIC);

  it('every category and product of every organisation has a picture its owner sees as a PNG', async () => {
    const owners: Record<number, Client> = { 850: owner850, 1053: owner1053 };
    for (const email of ['owner-1392@demo.test', 'owner-1450@demo.test', 'owner-1798@demo.test']) owners[Number(/\d+/.exec(email)![0])] = await t.as(email);
    const categories = await t.repos.productCategories.find({ archived: 0 });
    expect(categories.length).toBeGreaterThan(10);
    for (const c of categories) {
      expect(c.thumbnailUrl, `category ${c.id}`).toMatch(ADDRESS);
      const got = await fetchPicture(owners[c.orgId]!, c.thumbnailUrl!);
      expect([got.status, got.type, isPng(got.bytes)], `category ${c.id}`).toEqual([200, 'image/png', true]);
    }
    const products = await t.repos.products.find({ archived: 0 });
    for (const p of products) {
      expect(p.mediumId, `product ${p.id}`).toEqual(expect.any(Number));
      const got = await fetchPicture(owners[p.orgId]!, `/api/media/${p.mediumId}/file`);
      expect([got.status, isPng(got.bytes)], `product ${p.id}`).toEqual([200, true]);
    }
  });

  it('finish and design options carry swatch pictures; the medium rows say where they belong and have files', async () => {
    const byId = new Map((await t.repos.productOptions.find({ id: [22, 23, 217, 230, 236, 991, 992] })).map((o) => [o.id, o]));
    for (const id of [22, 23, 217, 230, 236, 991, 992]) expect(byId.get(id)?.thumbnailUrl, `option ${id}`).toMatch(ADDRESS);
    const crestnet = (await t.repos.media.findOne({ id: 1 }))!;
    expect(crestnet).toMatchObject({ orgId: 850, hasFile: 1, contentType: 'image/png', associations: { products: { '98': true } } });
    expect(crestnet.byteSize).toBeGreaterThan(100);
    const birch = (await t.repos.media.findOne({ id: 2 }))!;
    expect(birch).toMatchObject({ orgId: 1798, hasFile: 1, associations: { productOptions: { '991': true } } });
  });

  it('members and guests of the organisation see its pictures; another organisation and anonymous callers do not', async () => {
    const address = (await t.repos.productCategories.findOne({ id: 1 }))!.thumbnailUrl!;
    for (const c of [owner850, member850, guest850]) expect((await fetchPicture(c, address)).status).toBe(200);
    const foreign = await fetchPicture(owner1053, address);
    expect(foreign.status).toBe(404);
    expect(isPng(foreign.bytes)).toBe(false);
    expect((await fetchPicture(null, address)).status).toBe(401);
    // The answer to another organisation is exactly the answer for a medium that does not exist.
    const missing = await fetchPicture(owner1053, '/api/media/999999/file');
    expect([missing.status, missing.bytes.toString()]).toEqual([404, foreign.bytes.toString()]);
    expect((await fetchPicture(owner850, '/api/media/abc/file')).status).toBe(404);
  });

  it('answers with the stored type, unsniffed, cached only by the browser', async () => {
    const got = await fetchPicture(guest850, '/api/media/1/file');
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(got.headers.get('cache-control')).toMatch(/^private/);
  });

  it('a medium without a file is 404', async () => {
    const id = await t.repos.media.insert({ orgId: 850, type: 'image', title: 'No file', hasFile: 0, associations: {} });
    expect((await fetchPicture(owner850, `/api/media/${id}/file`)).status).toBe(404);
  });

  it('deleting a medium leaves no category, option or product showing it', async () => {
    const category = (await t.repos.productCategories.findOne({ id: 2 }))!;
    const mediumId = Number(ADDRESS.exec(category.thumbnailUrl!)![1]);
    const option = await t.repos.productOptions.insert({ orgId: 850, productPropertyId: 12, title: 'Sharing a picture', rank: 99, publishLevel: 'all', archived: 0, data: {}, classifications: {}, referenceCodes: {}, thumbnailUrl: category.thumbnailUrl });
    await t.repos.products.update({ id: 110 }, { mediumId });
    const res = await owner850.post('/api/resources/media/destroy', { where: { id: mediumId } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await t.repos.productCategories.findOne({ id: 2 }))!.thumbnailUrl).toBeNull();
    expect((await t.repos.productOptions.findOne({ id: option }))!.thumbnailUrl).toBeNull();
    expect((await t.repos.products.findOne({ id: 110 }))!.mediumId).toBeNull();
    // Another category's picture is untouched.
    expect((await t.repos.productCategories.findOne({ id: 3 }))!.thumbnailUrl).toMatch(ADDRESS);
    expect((await fetchPicture(owner850, category.thumbnailUrl!)).status).toBe(404);
  });
});
