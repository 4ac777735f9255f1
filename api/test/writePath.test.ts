import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRepos } from '../src/db/repository.ts';
import { databases, startSignedIn, type Client, type TestApp } from './helpers.ts';
import { CREATE_ORDER, ITEM_CREATE, ITEM_DESTROY, ITEM_UPDATE, ORDER_DATA, ORDER_UPDATE } from './paths.ts';

/**
 * What a write recomputes: the item it changes and the order costs, always; every other item only
 * when what their stored prices were computed with no longer holds (another catalogue version, a
 * moved effective pricing date, a pricing version that has taken effect since). The tests plant a
 * wrong stored price on an item the write does not touch, then check whether the write repaired it.
 */
describe.each(databases)('the write path on $name', (dbCase) => {
  let t: TestApp, owner: Client;
  beforeAll(async () => ({ t, owner } = await startSignedIn(dbCase, 850, ['owner'])));
  afterAll(async () => t?.close());

  /** A new 850 order with three keypads (product 98), finish option 22. */
  async function orderOfThree() {
    const order = (await owner.post(CREATE_ORDER, { productOrderProps: { orgId: 850, productCategoryId: 1 } })).body.data;
    const ids: number[] = [];
    for (const title of ['A', 'B', 'C']) {
      const res = await owner.post(ITEM_CREATE, { props: { productOrderId: order.id, productId: 98, title, properties: { '7': { optionId: 22 } } } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      ids.push(res.body.data.id);
    }
    const unit = (await t.repos.productInstances.findOne({ id: ids[0] }))!.unitPriceInCents;
    return { order, ids, unit };
  }

  /** A stored price no write of this test set: only a recomputation of that item can change it. */
  async function plantWrongPrice(id: number) {
    await t.db('product_instances').where({ id }).update({ unit_price_in_cents: 1, total_price_in_cents: 1 });
  }
  const stored = async (id: number) => (await t.repos.productInstances.findOne({ id }))!;
  const orderRow = async (id: number) => (await t.repos.productOrders.findOne({ id }))!;

  it('an item write recomputes that item and the order costs from the stored totals, not the other items', async () => {
    const { order, ids, unit } = await orderOfThree();
    await plantWrongPrice(ids[2]!);
    const res = await owner.post(ITEM_UPDATE, { where: { id: ids[0] }, props: { quantity: 2 } });
    expect(res.status).toBe(200);
    expect(res.body.data.totalPriceInCents).toBe(unit * 2);
    expect((await stored(ids[2]!)).unitPriceInCents).toBe(1);
    // The costs add up what is stored: 2 × unit + unit + the planted 1.
    expect((await orderRow(order.id)).costs.orderSubTotal).toBe(unit * 3 + 1);
  });

  it('a change of discount or tax changes the costs only; a change of the effective pricing date reprices every item', async () => {
    const { order, ids, unit } = await orderOfThree();
    await plantWrongPrice(ids[1]!);
    const discount = await owner.post(ORDER_UPDATE, { where: { id: order.id }, props: { discountMode: 'rate', discountPercentage: 10, taxPercentage: 5 } });
    expect(discount.status).toBe(200);
    expect((await stored(ids[1]!)).unitPriceInCents).toBe(1);
    expect(discount.body.data.costs.orderSubTotal).toBe(unit * 2 + 1);
    expect(discount.body.data.costs.discount).toBe(Math.round((unit * 2 + 1) * 0.1));

    const dated = await owner.post(ORDER_UPDATE, { where: { id: order.id }, props: { effectivePricingDate: '2026-06-01' } });
    expect(dated.status).toBe(200);
    expect((await stored(ids[1]!)).unitPriceInCents).toBe(unit);
    expect(dated.body.data.costs.orderSubTotal).toBe(unit * 3);
  });

  it('after a catalogue write, the next write to an order recomputes every item, even one it does not touch', async () => {
    const { order, ids, unit } = await orderOfThree();
    await plantWrongPrice(ids[2]!);
    // Another API process renames an option: a new catalogue version.
    await createRepos(t.db).productOptions.update({ id: 23 }, { title: 'Satin Brass (renamed again)' });
    await owner.post(ITEM_UPDATE, { where: { id: ids[0] }, props: { notes: 'Checked' } });
    expect((await stored(ids[2]!)).unitPriceInCents).toBe(unit);
    expect((await orderRow(order.id)).costs.orderSubTotal).toBe(unit * 3);
  });

  it('an order priced at "now" is repriced whole by the first write after the next pricing version takes effect', async () => {
    const { order, ids, unit } = await orderOfThree();
    // The demo rules have versions dated 2027-01-01: until then, today's prices hold.
    expect((await orderRow(order.id)).repriceAfter).toBe('2027-01-01 00:00:00');
    await plantWrongPrice(ids[2]!);
    await owner.post(ITEM_UPDATE, { where: { id: ids[0] }, props: { notes: 'Before' } });
    expect((await stored(ids[2]!)).unitPriceInCents).toBe(1);
    // That moment has passed (as if it were 2027): the next write reprices every item.
    await t.db('product_orders').where({ id: order.id }).update({ reprice_after: '2026-01-01 00:00:00' });
    await owner.post(ITEM_UPDATE, { where: { id: ids[0] }, props: { notes: 'After' } });
    expect((await stored(ids[2]!)).unitPriceInCents).toBe(unit);
    expect((await orderRow(order.id)).repriceAfter).toBe('2027-01-01 00:00:00');
    // With an effective pricing date, the price no longer depends on when it is written.
    await owner.post(ORDER_UPDATE, { where: { id: order.id }, props: { effectivePricingDate: '2026-06-01' } });
    expect((await orderRow(order.id)).repriceAfter).toBeNull();
  });

  it('every write bumps the order revision, and the order data answers the new state at once — also after another process wrote', async () => {
    const { order, ids } = await orderOfThree();
    const read = async () => (await owner.post(ORDER_DATA, { orgId: 850, productOrderOrgSpecificId: order.orgSpecificId })).body.data;
    const first = await read();
    const r0 = first.productOrders[0].revision as number;
    await owner.post(ITEM_UPDATE, { where: { id: ids[0] }, props: { title: 'Renamed' } });
    const second = await read();
    expect(second.productOrders[0].revision).toBeGreaterThan(r0);
    expect(second.productInstances.find((i: { id: number }) => i.id === ids[0]).title).toBe('Renamed');
    await owner.post(ITEM_DESTROY, { where: { id: ids[1] } });
    expect((await read()).productInstances.map((i: { id: number; rank: number }) => [i.id, i.rank])).toEqual([
      [ids[0], 1],
      [ids[2], 2],
    ]);
    // Another API process (its own repositories on the same database) changes an item.
    await createRepos(t.db).productInstances.update({ id: ids[2] }, { title: 'From elsewhere' });
    expect((await read()).productInstances.find((i: { id: number }) => i.id === ids[2]).title).toBe('From elsewhere');
  });

  it('moving an item renumbers the others 1..n in one go', async () => {
    const { order, ids } = await orderOfThree();
    const moved = await owner.post(ITEM_UPDATE, { where: { id: ids[2] }, props: { rank: 1 } });
    expect(moved.body.data.rank).toBe(1);
    const ranks = (await t.repos.productInstances.find({ productOrderId: order.id }, { orderBy: ['rank'] })).map((i) => [i.id, i.rank]);
    expect(ranks).toEqual([
      [ids[2], 1],
      [ids[0], 2],
      [ids[1], 3],
    ]);
    // Past the end is clamped to the last place.
    const last = await owner.post(ITEM_UPDATE, { where: { id: ids[2] }, props: { rank: 99 } });
    expect(last.body.data.rank).toBe(3);
  });

  describe('a pricing step that fails', () => {
    // Demo order "Listening Room Wall" of 1053: an acoustic slat panel 600 × 2400 mm in white oak
    // (180.00 per m²) whose slat count is not entered. Rule 12: frame 6000 + 1.44 m² × 18000 = 31920;
    // step 3.2 divides the panel width by the slat count (0): division by zero, the group counts 0.
    const slatStep = { ruleId: 12, versionKey: '1', productId: 106, expressionPath: '3.2', description: 'Slats per panel' };

    it('is stored with the item and shown to employees, with the rest of the rule priced', async () => {
      const owner1053 = await t.as('owner-1053@demo.test');
      const order = (await t.repos.productOrders.findOne({ orgId: 1053, title: 'Listening Room Wall' }))!;
      const d = (await owner1053.post(ORDER_DATA, { orgId: 1053, productOrderOrgSpecificId: order.orgSpecificId })).body.data;
      const item = d.productInstances[0];
      expect(item.unitPriceInCents).toBe(31920);
      expect(item.pricingFailures).toHaveLength(1);
      expect(item.pricingFailures[0]).toMatchObject(slatStep);
      expect(item.pricingFailures[0].reason).toMatch(/division by zero/);

      // Entering the slat count repairs it: 600 / 10 = 60 mm × 12 = 720 more.
      const fixed = await owner1053.post(ITEM_UPDATE, { where: { id: item.id }, props: { properties: { '148': { value: 10 } } } });
      expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
      expect(fixed.body.data.unitPriceInCents).toBe(32640);
      expect(fixed.body.data.pricingFailures).toBeNull();
    });

    it('is never sent to a guest, though the guest sees the price', async () => {
      const guest1053 = await t.as('guest-1053@demo.test');
      const order = (await guest1053.post(CREATE_ORDER, { productOrderProps: { orgId: 1053, productCategoryId: 21 } })).body.data;
      const res = await guest1053.post(ITEM_CREATE, { props: { productOrderId: order.id, productId: 106, properties: { '151': { value: 600 }, '152': { value: 2400 }, '143': { optionId: 230 } } } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.unitPriceInCents).toBe(31920);
      expect('pricingFailures' in res.body.data).toBe(false);
      const d = (await guest1053.post(ORDER_DATA, { orgId: 1053, productOrderOrgSpecificId: order.orgSpecificId })).body.data;
      expect('pricingFailures' in d.productInstances[0]).toBe(false);
      // Stored all the same, for the employees.
      expect((await stored(res.body.data.id)).pricingFailures).toEqual([expect.objectContaining(slatStep)]);
    });
  });
});
