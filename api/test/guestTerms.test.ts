import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeOrderCosts, guestTerms, type Costs } from '@cpq/domain';
import { up as renamePercentage } from '../src/db/migrations/0015_guest_discount_percent.ts';
import { CONTACT, databases, startTestApp, type Client, type TestApp } from './helpers.ts';
import { CREATE_ORDER, ITEM_CREATE, ORDER_DATA, ORDER_UPDATE } from './paths.ts';

/**
 * A guest's terms on that guest's orders (docs/decisions/0057-guest-terms-on-orders.md), written from
 * the rules: the order OWNER's guest discount (percent) and sales-tax setting price the order,
 * whoever looks at it or writes to it; an order's own discount replaces the guest's; no sales tax
 * means tax 0 whatever the order's rate; update-guest-data reprices the guest's open orders at once
 * (a submitted or approved one keeps its prices and payment amounts: decision 0069); an employee's
 * order is never touched; a refused call changes nothing.
 */
const C = '/api/configurator';
const ORG = 850;
const HALLWAY = { productId: 98, title: 'Hallway', properties: { '7': { optionId: 22 } } };

/** percent % of cents, rounded half away from zero (the rule every cost component follows). */
const pct = (cents: number, percent: number) => Math.sign(cents * percent) * Math.round(Math.abs(cents * percent) / 100);

describe.each(databases)('guest terms on orders on $name', (dbCase) => {
  let t: TestApp;
  let owner: Client;
  let member: Client;
  let guest: Client;
  let guestId: number;

  beforeAll(async () => {
    t = await startTestApp(dbCase);
    [owner, member, guest] = await Promise.all([t.as('owner-850@demo.test'), t.as('member-850@demo.test'), t.as('guest-850@demo.test')]);
    guestId = (await t.repos.users.findOne({ email: 'guest-850@demo.test' }))!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const orderRow = async (id: number) => (await t.repos.productOrders.findOne({ id }))!;
  const setTerms = (designEngine: Record<string, unknown>, as: Client = owner) => as.post('/api/orgs/update-guest-data', { orgId: ORG, userId: guestId, updateProps: { appData: { designEngine } } });

  /** A new order of `client` with one Hallway plate and an 8 % tax rate, $25.00 shipping. */
  async function pricedOrder(client: Client): Promise<{ id: number; orgSpecificId: number; subtotal: number }> {
    const created = await client.post(CREATE_ORDER, { productOrderProps: { orgId: ORG, productCategoryId: 1 } });
    expect(created.status).toBe(200);
    const id = created.body.data.id as number;
    const item = await client.post(ITEM_CREATE, { props: { productOrderId: id, ...HALLWAY, quantity: 3 } });
    expect(item.status, JSON.stringify(item.body)).toBe(200);
    const set = await owner.post(ORDER_UPDATE, { where: { id }, props: { taxPercentage: 8, shippingMode: 'amount', shippingFlatAmount: 2500 } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const row = await orderRow(id);
    expect(row.costs.orderSubTotal).toBeGreaterThan(0);
    return { id, orgSpecificId: row.orgSpecificId, subtotal: row.costs.orderSubTotal };
  }

  /** The stored costs a subtotal gives with a discount percent (0: none) and tax on or off: 8 % tax, $25.00 shipping. */
  function expected(subtotal: number, discountPct: number, taxed: boolean): Partial<Costs> {
    const discount = pct(subtotal, discountPct);
    const goods = subtotal - discount;
    const tax = taxed ? pct(goods, 8) : 0;
    return { orderSubTotal: subtotal, discount, tax, shipping: 2500, orderTotal: goods + 2500 + tax };
  }

  const orderData = async (client: Client, orgSpecificId: number) => {
    const res = await client.post(ORDER_DATA, { orgId: ORG, productOrderOrgSpecificId: orgSpecificId });
    expect(res.status).toBe(200);
    return res.body.data as { productOrders: Array<Record<string, any>>; productInstances: Array<{ totalPriceInCents?: number }>; guests: Array<{ userId: number; disableSalesTax: 0 | 1; discount: unknown }> };
  };

  /** What the order page computes from the order data (the same call the browser makes). */
  function browserCosts(data: Awaited<ReturnType<typeof orderData>>): Costs {
    const order = data.productOrders[0]!;
    const owner = data.guests.find((g) => g.userId === order.userId);
    return computeOrderCosts({ order: order as never, itemTotalsInCents: data.productInstances.map((i) => i.totalPriceInCents ?? 0), orgSettings: { depositPercentage: order.costs.depositPercentage }, guest: guestTerms(owner) });
  }

  it("prices a guest's order with the guest's 10 % discount (the demo guest's), tax on the discounted subtotal", async () => {
    const o = await pricedOrder(guest);
    const c = (await orderRow(o.id)).costs;
    expect(c).toMatchObject({ ...expected(o.subtotal, 10, true), discountSource: 'guest', appliedDiscountPercentage: 10 });
  });

  it('the guest, an owner and a member see the same totals, and the order page computes the stored ones', async () => {
    const o = await pricedOrder(guest);
    const stored = (await orderRow(o.id)).costs;
    for (const client of [guest, owner, member]) {
      const data = await orderData(client, o.orgSpecificId);
      expect(data.productOrders[0]!.costs).toEqual(stored);
      expect(data.guests).toEqual([{ userId: guestId, disableSalesTax: 0, discount: { type: 'percent', value: 10 } }]);
      expect(browserCosts(data)).toEqual(stored);
    }
  });

  it("an employee's order is not affected by a guest's terms", async () => {
    const o = await pricedOrder(owner);
    const before = await orderRow(o.id);
    expect(before.costs).toMatchObject({ ...expected(o.subtotal, 0, true), discountSource: null });
    expect((await setTerms({ discount: { type: 'percent', value: 30 }, disableSalesTax: true })).status).toBe(200);
    const after = await orderRow(o.id);
    expect(after.costs).toEqual(before.costs);
    expect(after.revision).toBe(before.revision);
    expect((await orderData(owner, o.orgSpecificId)).guests).toEqual([]);
    expect((await setTerms({ discount: { type: 'percent', value: 10 }, disableSalesTax: false })).status).toBe(200);
  });

  it("update-guest-data reprices every order of the guest at once (lastUpdated kept) and says which in the audit line", async () => {
    const a = await pricedOrder(guest);
    const b = await pricedOrder(guest);
    const other = await pricedOrder(member);
    const memberBefore = await orderRow(other.id);
    const lastUpdated = (await orderRow(a.id)).lastUpdated;
    const res = await setTerms({ discount: { type: 'percent', value: 12.5 } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.guest.appData.designEngine.discount).toEqual({ type: 'percent', value: 12.5 });
    for (const o of [a, b]) expect((await orderRow(o.id)).costs).toMatchObject({ ...expected(o.subtotal, 12.5, true), discountSource: 'guest', appliedDiscountPercentage: 12.5 });
    expect((await orderRow(a.id)).lastUpdated).toBe(lastUpdated);
    expect((await orderRow(other.id)).costs).toEqual(memberBefore.costs);
    const audit = (await t.repos.auditLog.find({ orgId: ORG, entity: 'guest', action: 'update' })).at(-1)!;
    expect((audit.data as { repricedOrderIds: number[] }).repricedOrderIds).toEqual(expect.arrayContaining([a.id, b.id]));
    expect((audit.data as { repricedOrderIds: number[] }).repricedOrderIds).not.toContain(other.id);
    // And what the order page computes follows.
    const data = await orderData(guest, a.orgSpecificId);
    expect(browserCosts(data)).toEqual((await orderRow(a.id)).costs);

    // No discount: back to the full price.
    expect((await setTerms({ discount: null })).status).toBe(200);
    expect((await orderRow(a.id)).costs).toMatchObject({ ...expected(a.subtotal, 0, true), discountSource: null, appliedDiscountPercentage: null });
    expect((await setTerms({ discount: { type: 'percent', value: 10 } })).status).toBe(200);
  });

  it("the order's own discount replaces the guest's; removing it brings the guest's back", async () => {
    const o = await pricedOrder(guest);
    const own = await owner.post(ORDER_UPDATE, { where: { id: o.id }, props: { discountMode: 'amount', discountFlatAmount: 500 } });
    expect(own.status).toBe(200);
    const goods = o.subtotal - 500;
    expect(own.body.data.costs).toMatchObject({ discount: 500, discountSource: 'order', appliedDiscountPercentage: null, tax: pct(goods, 8), orderTotal: goods + 2500 + pct(goods, 8) });
    const none = await owner.post(ORDER_UPDATE, { where: { id: o.id }, props: { discountMode: null } });
    expect(none.status).toBe(200);
    expect(none.body.data.costs).toMatchObject({ ...expected(o.subtotal, 10, true), discountSource: 'guest' });
  });

  it('no sales tax for the guest: tax 0 on their open orders whatever the order says; an approved order keeps the amounts its payment was asked for', async () => {
    const open = await pricedOrder(guest);
    // The guest's submitted demo order, approved so that its deposit is due.
    const order = (await t.repos.productOrders.findOne({ orgId: ORG, title: 'Maple Street Renovation' }))!;
    expect(order.userId).toBe(guestId);
    expect((await owner.post(ORDER_UPDATE, { where: { id: order.id }, props: { ...CONTACT, taxPercentage: 8, shippingMode: 'amount', shippingFlatAmount: 2500 } })).status).toBe(200);
    expect((await owner.post(`${C}/approve-order`, { productOrderId: order.id })).status).toBe(200);
    const taxed = (await orderRow(order.id)).costs;
    expect(taxed).toMatchObject(expected(taxed.orderSubTotal, 10, true));
    expect(taxed.tax).toBeGreaterThan(0);
    const ask = () => guest.post(`${C}/create-stripe-payment-intent`, { productOrderId: order.id, isCardPayment: true, paymentEnvironment: 'live', payInFull: false });
    const first = await ask();
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.amountInCents).toBe(taxed.depositAmount);

    const res = await setTerms({ disableSalesTax: true });
    expect(res.status).toBe(200);
    // The open quote follows the guest's terms at once, as the order page computes them.
    const untaxed = (await orderRow(open.id)).costs;
    expect(untaxed).toMatchObject(expected(open.subtotal, 10, false));
    const data = await orderData(owner, open.orgSpecificId);
    expect(data.guests).toEqual([{ userId: guestId, disableSalesTax: 1, discount: { type: 'percent', value: 10 } }]);
    expect(browserCosts(data)).toEqual(untaxed);
    // The approved order's prices no longer follow anything: the tax it was approved with stays, and so does the payment amount.
    expect((await orderRow(order.id)).costs).toEqual(taxed);
    const second = await ask();
    expect(second.status).toBe(200);
    expect(second.body.data.amountInCents).toBe(taxed.depositAmount);
    const audit = (await t.repos.auditLog.find({ orgId: ORG, entity: 'guest', action: 'update' })).at(-1)!;
    expect((audit.data as { repricedOrderIds: number[] }).repricedOrderIds).toContain(open.id);
    expect((audit.data as { repricedOrderIds: number[] }).repricedOrderIds).not.toContain(order.id);
    expect((await setTerms({ disableSalesTax: false })).status).toBe(200);
    expect((await orderRow(open.id)).costs).toMatchObject(expected(open.subtotal, 10, true));
  });

  it('a guest with pricing hidden gets neither the costs nor the terms; an employee still does', async () => {
    const o = await pricedOrder(guest);
    expect((await owner.post('/api/orgs/update-guest-data', { orgId: ORG, userId: guestId, pricingIsHidden: 1 })).status).toBe(200);
    try {
      const hidden = await orderData(guest, o.orgSpecificId);
      expect(hidden.guests).toEqual([]);
      expect(hidden.productOrders[0]!.costs).toBeUndefined();
      expect((await orderData(owner, o.orgSpecificId)).guests).toHaveLength(1);
    } finally {
      await owner.post('/api/orgs/update-guest-data', { orgId: ORG, userId: guestId, pricingIsHidden: 0 });
    }
  });

  it('a refused change of terms reprices nothing: bad input 400, a member or the guest 403', async () => {
    const o = await pricedOrder(guest);
    const before = await orderRow(o.id);
    const bad = await setTerms({ discount: { type: 'percent', value: 150 } });
    expect(bad.status).toBe(400);
    expect((await setTerms({ discount: { type: 'percentage', value: 20 } })).status).toBe(400);
    expect((await setTerms({ discount: { type: 'percent', value: 20 } }, member)).status).toBe(403);
    expect((await setTerms({ disableSalesTax: true }, guest)).status).toBe(403);
    const after = await orderRow(o.id);
    expect(after.costs).toEqual(before.costs);
    expect(after.revision).toBe(before.revision);
  });

  it("migration 0015 renames a stored 'percentage' guest discount to 'percent' and leaves others alone", async () => {
    const other = (await t.repos.users.findOne({ email: 'guest-1053@demo.test' }))!.id;
    await t.db('guests').where({ org_id: ORG, user_id: guestId }).update({ discount: JSON.stringify({ type: 'percentage', value: 7 }) });
    await t.db('guests').where({ org_id: 1053, user_id: other }).update({ discount: JSON.stringify({ type: 'amount', value: 500 }) });
    try {
      await renamePercentage(t.db);
      expect((await t.repos.guests.findOne({ orgId: ORG, userId: guestId }))!.appData.designEngine.discount).toEqual({ type: 'percent', value: 7 });
      expect((await t.repos.guests.findOne({ orgId: 1053, userId: other }))!.appData.designEngine.discount).toEqual({ type: 'amount', value: 500 });
    } finally {
      await t.db('guests').where({ org_id: ORG, user_id: guestId }).update({ discount: JSON.stringify({ type: 'percent', value: 10 }) });
      await t.db('guests').where({ org_id: 1053, user_id: other }).update({ discount: null });
    }
  });

  it("disinviting the guest takes the terms off their orders; the order page agrees", async () => {
    const o = await pricedOrder(guest);
    expect((await orderRow(o.id)).costs.discountSource).toBe('guest');
    const res = await owner.post('/api/orgs/disinvite-guest', { orgId: ORG, userId: guestId });
    expect(res.status).toBe(200);
    expect((await orderRow(o.id)).costs).toMatchObject({ ...expected(o.subtotal, 0, true), discountSource: null });
    const data = await orderData(owner, o.orgSpecificId);
    expect(data.guests).toEqual([]);
    expect(browserCosts(data)).toEqual((await orderRow(o.id)).costs);
  });
});
