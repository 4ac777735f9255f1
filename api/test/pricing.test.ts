import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogueIndex, catalogueSnapshotFromRows, computeAvailability, orderCatalogueRows, repriceOrder, type CatalogueResponse, type InstanceLike } from '@cpq/domain';
import { countRows, databases, startTestApp, type Client, type TestApp } from './helpers.ts';
import { CATALOGUE, CREATE_ORDER, ORDER_DATA, ITEM_CREATE, ITEM_UPDATE, ITEM_DESTROY, ORDER_UPDATE } from './paths.ts';


type Data = Record<string, any>;

/** The catalogue exactly as the browser builds it for an order page (the same calls and adapter). */
async function browserCatalogue(client: Client, data: Data): Promise<CatalogueIndex> {
  const order = data.productOrders[0] as Data;
  const res = await client.get(`${CATALOGUE(order.orgId)}&productOrderOrgSpecificId=${order.orgSpecificId}`);
  expect(res.status).toBe(200);
  return new CatalogueIndex(catalogueSnapshotFromRows(orderCatalogueRows(res.body.data as CatalogueResponse, data.catalogueAdditions)));
}

/** A complete selection of offered options for a product (the first offered option of each property). */
function firstOfferedSelection(catalogue: CatalogueIndex, productId: number, role: string): InstanceLike['properties'] {
  const product = catalogue.product(productId)!;
  let properties: InstanceLike['properties'] = {};
  for (const prop of catalogue.propertiesOf(productId)) {
    if (prop.type === 'dimensions') properties[String(prop.id)] = { value: (prop.data as { minDimension?: number }).minDimension ?? 0 };
  }
  for (let guard = 0; guard < 50; guard++) {
    const av = computeAvailability({ product, instance: { productId, quantity: 1, properties }, catalogue, viewer: { role } });
    const next = Object.entries(av.properties).find(([pid, pa]) => properties[pid]?.optionId == null && pa.offered.length);
    if (!next) break;
    properties = { ...properties, [next[0]]: { optionId: next[1].offered[0]! } };
  }
  return properties;
}

describe.each(databases)('server-side pricing authority on $name', (dbCase) => {
  let t: TestApp;
  let owner: Client, guest: Client, member: Client;
  beforeAll(async () => {
    t = await startTestApp(dbCase);
    [owner, guest, member] = await Promise.all([t.as('owner-850@demo.test'), t.as('guest-850@demo.test'), t.as('member-1053@demo.test')]);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function newOrder(client: Client, orgId: number, productCategoryId?: number) {
    const res = await client.post(CREATE_ORDER, { productOrderProps: { orgId, ...(productCategoryId ? { productCategoryId } : {}) } });
    expect(res.status).toBe(200);
    return res.body.data as Data;
  }
  async function orderData(client: Client, orgId: number, orgSpecificId: number) {
    const res = await client.post(ORDER_DATA, { orgId, productOrderOrgSpecificId: orgSpecificId });
    expect(res.status).toBe(200);
    return res.body.data as Data;
  }

  it('prices every product of every demo organisation identically to the browser engine', async () => {
    for (const [client, orgId] of [[owner, 850], [member, 1053]] as const) {
      const order = await newOrder(client, orgId);
      let data = await orderData(client, orgId, order.orgSpecificId);
      const catalogue = await browserCatalogue(client, data);
      const products = catalogue.snapshot.products.filter((p) => !p.archived);
      expect(products.length).toBeGreaterThan(3);
      for (const p of products) {
        const properties = firstOfferedSelection(catalogue, p.id, client === owner ? 'owner' : 'member');
        const res = await client.post(ITEM_CREATE, { props: { productOrderId: order.id, productId: p.id, title: `Item ${p.id}`, quantity: 2, properties } });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      }
      data = await orderData(client, orgId, order.orgSpecificId);
      const stored = data.productInstances as Data[];
      expect(stored).toHaveLength(products.length);
      const order2 = (data.productOrders as Data[])[0]!;
      const browser = repriceOrder({ order: order2 as any, instances: stored as any, catalogue, orgSettings: {}, now: new Date() });
      stored.forEach((inst, i) => {
        expect(inst.unitPriceInCents, `product ${inst.productId}`).toBe(browser.instances[i]!.unitPriceInCents);
        expect(inst.totalPriceInCents).toBe(inst.unitPriceInCents * 2);
      });
      expect(stored.some((i) => i.unitPriceInCents > 0)).toBe(true);
      expect(order2.costs.orderSubTotal).toBe(stored.reduce((s, i) => s + i.totalPriceInCents, 0));
    }
  });

  it('ignores a client-sent price and recomputes on quantity and rank changes', async () => {
    const order = await newOrder(owner, 850, 1);
    const catalogue = await browserCatalogue(owner, await orderData(owner, 850, order.orgSpecificId));
    const properties = firstOfferedSelection(catalogue, 98, 'owner');
    const a = await owner.post(ITEM_CREATE, { props: { productOrderId: order.id, productId: 98, title: 'Lobby', properties, unitPriceInCents: 1, totalPriceInCents: 1 } });
    expect(a.status).toBe(200);
    expect(a.body.data.unitPriceInCents).toBeGreaterThan(1);
    const unit = a.body.data.unitPriceInCents;
    const b = await owner.post(ITEM_CREATE, { props: { productOrderId: order.id, productId: 98, title: 'Kitchen', properties, rank: 1 } });
    expect(b.status, JSON.stringify(b.body)).toBe(200);
    expect(b.body.data.rank).toBe(1);

    // A quantity below 1 becomes 1 (the same rule as in the browser), priced as such.
    const zero = await owner.post(ITEM_UPDATE, { where: { id: a.body.data.id }, props: { quantity: 0 } });
    expect(zero.status, JSON.stringify(zero.body)).toBe(200);
    expect(zero.body.data.quantity).toBe(1);
    expect(zero.body.data.totalPriceInCents).toBe(unit);
    const q3 = await owner.post(ITEM_UPDATE, { where: { id: a.body.data.id }, props: { quantity: 3, totalPriceInCents: 5 } });
    expect(q3.status, JSON.stringify(q3.body)).toBe(200);
    expect(q3.body.data.totalPriceInCents).toBe(unit * 3);
    const q = await owner.post(ITEM_UPDATE, { where: { id: a.body.data.id }, props: { quantity: 1 } });
    expect(q.body.data.totalPriceInCents).toBe(unit);

    const data = await orderData(owner, 850, order.orgSpecificId);
    expect((data.productInstances as Data[]).map((i) => [i.title, i.rank])).toEqual([['Kitchen', 1], ['Lobby', 2]]);
    expect(data.productOrders[0].costs.orderSubTotal).toBe(unit * 2);

    const d = await owner.post(ITEM_DESTROY, { where: { id: b.body.data.id } });
    expect(d.status).toBe(200);
    const after = await orderData(owner, 850, order.orgSpecificId);
    expect((after.productInstances as Data[]).map((i) => [i.title, i.rank])).toEqual([['Lobby', 1]]);
    expect(after.productOrders[0].costs.orderSubTotal).toBe(unit);
  });

  it('reprices when an employee changes the effective pricing date, discount or tax; guests may not', async () => {
    const order = await newOrder(owner, 850, 1);
    const catalogue = await browserCatalogue(owner, await orderData(owner, 850, order.orgSpecificId));
    await owner.post(ITEM_CREATE, { props: { productOrderId: order.id, productId: 98, title: 'Hall', properties: firstOfferedSelection(catalogue, 98, 'owner') } });
    const base = (await orderData(owner, 850, order.orgSpecificId)).productOrders[0].costs;

    const res = await owner.post(ORDER_UPDATE, { where: { id: order.id }, props: { discountMode: 'rate', discountPercentage: 10, taxPercentage: 5, costs: { orderTotal: 1 } } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const c = res.body.data.costs;
    expect(c.orderSubTotal).toBe(base.orderSubTotal);
    expect(c.discount).toBe(Math.round(base.orderSubTotal * 0.1));
    expect(c.tax).toBeGreaterThan(0);
    expect(c.orderTotal).toBe(c.orderSubTotal - c.discount + c.shipping + c.tax + c.tariff);

    const future = await owner.post(ORDER_UPDATE, { where: { id: order.id }, props: { effectivePricingDate: '2030-01-01' } });
    expect(future.status).toBe(200);
    expect(future.body.data.effectivePricingDate).toBe('2030-01-01');

    const g = await guest.post(ORDER_UPDATE, { where: { id: order.id }, props: { effectivePricingDate: '2020-01-01' } });
    expect(g.status).toBe(403); // employee-only field, whoever's order it is
    expect(g.body.error.message).toBe('Only employees can change effectivePricingDate.');
  });

  it('refuses options the caller may not choose, custom products from guests, and bad bodies — writing nothing', async () => {
    const order = await newOrder(guest, 850, 1);
    const catalogue = await browserCatalogue(owner, await orderData(owner, 850, order.orgSpecificId));
    const adminOption = catalogue.optionsOf(7).find((o) => o.publishLevel === 'admin')!;
    const before = await countRows(t.db, 'product_instances');

    const hidden = await guest.post(ITEM_CREATE, { props: { productOrderId: order.id, productId: 98, title: 'Den', properties: { '7': { optionId: adminOption.id } } } });
    expect(hidden.status).toBe(400);
    expect(hidden.body.error.code).toBe('optionNotAvailable');

    const custom = await guest.post(ITEM_CREATE, { props: { productOrderId: order.id, productId: -1, title: 'Special', customPriceInCents: 100 } });
    expect(custom.status).toBe(403);

    const unknownField = await guest.post(ITEM_CREATE, { props: { productOrderId: order.id, productId: 98, title: 'Den', colour: 'red' } });
    expect(unknownField.status).toBe(400);
    expect(unknownField.body.error.message).toBe('Colour cannot be set here.');

    const notAProperty = await guest.post(ITEM_CREATE, { props: { productOrderId: order.id, productId: 98, title: 'Den', properties: { '145': { optionId: 236 } } } });
    expect(notAProperty.status).toBe(400);

    const titleRequired = await guest.post(ITEM_CREATE, { props: { productOrderId: order.id, productId: 98 } });
    expect(titleRequired.status).toBe(400);
    expect(titleRequired.body.error.message).toBe('This item must have an identifier/description.');

    const badTitle = await owner.post(ORDER_UPDATE, { where: { id: order.id }, props: { title: 'Untitled Order' } });
    expect(badTitle.status).toBe(400);

    expect(await countRows(t.db, 'product_instances')).toBe(before);
  });

  it('an employee adds a custom product priced by customPriceInCents', async () => {
    const order = await newOrder(owner, 850, 1);
    const res = await owner.post(ITEM_CREATE, { props: { productOrderId: order.id, productId: -1, title: 'Custom bracket', quantity: 3, customPriceInCents: 4370 } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.unitPriceInCents).toBe(4370);
    expect(res.body.data.totalPriceInCents).toBe(13110);
  });
});
