import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindQueries } from '../src/db/queries.ts';
import { createRepos } from '../src/db/repository.ts';
import { CatalogueCache } from '../src/services/catalogueCache.ts';
import { databases, startSignedIn, type Client, type TestApp } from './helpers.ts';

describe.each(databases)('catalogue cache on $name', (dbCase) => {
  let t: TestApp, owner: Client;
  beforeAll(async () => ({ t, owner } = await startSignedIn(dbCase, 850, ['owner'])));
  afterAll(async () => t?.close());

  it('loads an organisation once while its catalogue is unchanged', async () => {
    const cache = new CatalogueCache(bindQueries(t.db), t.repos);
    const a = await cache.get(850);
    const b = await cache.get(850);
    expect(b).toBe(a);
    expect(cache.loads).toBe(1);
    await cache.get(1053);
    expect(cache.loads).toBe(2);
  });

  it('reloads after a catalogue write made by another process', async () => {
    const cache = new CatalogueCache(bindQueries(t.db), t.repos);
    await cache.get(850);
    // Another API process: its own repositories on the same database.
    const other = createRepos(t.db);
    await other.productOptions.update({ id: 23 }, { title: 'Satin Brass (renamed)' });
    const fresh = await cache.get(850);
    expect(cache.loads).toBe(2);
    expect(fresh.option(23)?.title).toBe('Satin Brass (renamed)');
    // A write to another organisation's catalogue leaves this one cached.
    await other.productOptions.update({ id: 230 }, { title: 'Oak (renamed)' });
    await cache.get(850);
    expect(cache.loads).toBe(2);
  });

  it("a product graphic saved by the editor is a new catalogue version: the order page's catalogue carries it", async () => {
    const before = Number((await t.db('organisations').where({ id: 850 }).first()).catalogue_version);
    const [graphic] = (await owner.post('/api/resources/productGraphics/get', { where: { orgId: 850, id: 1 } })).body.data;
    const nodes = structuredClone(graphic.nodes);
    nodes[0].children[0].props.fill = '#cc0000';
    expect((await owner.post('/api/resources/productGraphics/update', { where: { id: 1 }, props: { nodes } })).status).toBe(200);
    expect(Number((await t.db('organisations').where({ id: 850 }).first()).catalogue_version)).toBeGreaterThan(before);
    const catalogue = (await owner.get('/api/configurator/catalogue?orgId=850&productOrderOrgSpecificId=1')).body.data;
    expect(catalogue.productGraphics.find((g: { id: number }) => g.id === 1).nodes[0].children[0].props.fill).toBe('#cc0000');
  });

  it('prices a write with the catalogue as it is now, not as it was cached', async () => {
    const order = (await owner.post('/api/configurator/create-product-order', { productOrderProps: { orgId: 850, productCategoryId: 1 } })).body.data;
    const first = await owner.post('/api/resources/productInstances/create', { props: { productOrderId: order.id, productId: 99, title: 'Hall', properties: { '7': { optionId: 22 } } } });
    expect(first.status).toBe(200);
    const option = (await t.repos.productOptions.findOne({ id: 22 }))!;
    const before = first.body.data.unitPriceInCents as number;
    await createRepos(t.db).productOptions.update({ id: 22 }, { data: { ...(option.data as object), priceInCents: ((option.data as { priceInCents: number }).priceInCents ?? 0) + 1000 } });
    const second = await owner.post('/api/resources/productInstances/update', { where: { id: first.body.data.id }, props: { quantity: 2 } });
    expect(second.body.data.unitPriceInCents).toBe(before + 1000);
  });
});
