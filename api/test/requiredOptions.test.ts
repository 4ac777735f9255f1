import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT, databases, startSignedIn, type Client, type TestApp } from './helpers.ts';
import { CREATE_ORDER, ITEM_CREATE, ITEM_UPDATE, ORDER_UPDATE } from './paths.ts';

const SUBMIT = '/api/configurator/submit-order';

/**
 * Submit refuses an order whose items leave required options unchosen (decision 0091), on both
 * databases. Expected values from the rule: the Crestnet keypad's seven select properties each offer a
 * customer option, so all seven are required, named in the product's rank order (Plate Size 1,
 * Collection 2, Plate Finish 3, Mechanism Finish 4, Mechanism Layout 5, Back Box 6, Engraving Type 7).
 */
describe.each(databases)('required options on $name', (dbCase) => {
  let t: TestApp, guest: Client;
  beforeAll(async () => ({ t, guest } = await startSignedIn(dbCase, 850, ['guest'])));
  afterAll(async () => t?.close());

  /** A guest's keypad order with its contact details complete and one item with only its finish chosen. */
  async function orderWithHalfAKeypad() {
    const created = await guest.post(CREATE_ORDER, { productOrderProps: { orgId: 850, title: 'Required options', productCategoryId: 1 } });
    expect(created.status).toBe(200);
    const id = created.body.data.id as number;
    expect((await guest.post(ORDER_UPDATE, { where: { id }, props: CONTACT })).status).toBe(200);
    const item = await guest.post(ITEM_CREATE, { props: { productOrderId: id, productId: 98, title: 'Entry', properties: { '7': { optionId: 22 }, '8': { optionId: 200 } } } });
    expect(item.status, JSON.stringify(item.body)).toBe(200);
    return { id, itemId: item.body.data.id as number };
  }

  /** Everything a refused submit must leave as it was. */
  async function snapshot(id: number) {
    const order = await t.repos.productOrders.findOne({ id });
    const items = await t.repos.productInstances.find({ productOrderId: id });
    const events = await t.db('order_status_events').where({ product_order_id: id }).count({ n: '*' });
    return { order, items, events: Number(events[0]!.n) };
  }

  it('refuses an order with an incomplete item, naming the item and what it needs; nothing changes', async () => {
    const { id, itemId } = await orderWithHalfAKeypad();
    const before = await snapshot(id);
    const res = await guest.post(SUBMIT, { productOrderId: id });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('submitCheckFailed');
    expect(res.body.error.message).toBe('Choose Collection, Plate Finish, Mechanism Layout, Back Box and Engraving Type for item 1 “Entry” before submitting.');
    expect(res.body.error.details).toEqual({ opensSettings: false, productInstanceId: itemId, propertyId: 9 });
    expect(await snapshot(id)).toEqual(before);
  });

  it('ten submits of an incomplete order at once: all refused with the sentence, none a server error, nothing changes', async () => {
    const { id } = await orderWithHalfAKeypad();
    const before = await snapshot(id);
    const answers = await Promise.all(Array.from({ length: 10 }, () => guest.post(SUBMIT, { productOrderId: id })));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(409));
    for (const a of answers) expect(a.body.error.message).toMatch(/^Choose Collection, .* for item 1 “Entry” before submitting\.$/);
    expect(await snapshot(id)).toEqual(before);
  });

  it('once every required option is chosen the order submits; a later detail problem names its field', async () => {
    const { id, itemId } = await orderWithHalfAKeypad();
    const choose = { '9': { optionId: 204 }, '12': { optionId: 218 }, '11': { optionId: 212 }, '26': { optionId: 138 } };
    expect((await guest.post(ITEM_UPDATE, { where: { id: itemId }, props: { properties: choose } })).status).toBe(200);
    const one = await guest.post(SUBMIT, { productOrderId: id });
    expect(one.status).toBe(409);
    expect(one.body.error.message).toBe('Choose Back Box for item 1 “Entry” before submitting.');
    expect((await guest.post(ITEM_UPDATE, { where: { id: itemId }, props: { properties: { '10': { optionId: 211 } } } })).status).toBe(200);
    expect((await guest.post(ORDER_UPDATE, { where: { id }, props: { phone: '555-0142' } })).status).toBe(200);
    const phone = await guest.post(SUBMIT, { productOrderId: id });
    expect(phone.status).toBe(409);
    expect(phone.body.error.details).toEqual({ opensSettings: true, field: 'phone' });
    expect((await guest.post(ORDER_UPDATE, { where: { id }, props: { phone: CONTACT.phone } })).status).toBe(200);
    const ok = await guest.post(SUBMIT, { productOrderId: id });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.lastCompletedStatusKey).toBe('submittedForApproval');
  });

  it('a property optional by its data is not asked for: a lamella door by quantity submits without a lamella width', async () => {
    const g = await t.as('guest-1053@demo.test');
    const created = await g.post(CREATE_ORDER, { productOrderProps: { orgId: 1053, title: 'Lamella door', productCategoryId: 20 } });
    const id = created.body.data.id as number;
    expect((await g.post(ORDER_UPDATE, { where: { id }, props: CONTACT })).status).toBe(200);
    // Every door setting but the alignment (thickness, veneer profile and hardware: decision 0102).
    const hardware = { '304': { value: 67 }, '310': { optionId: 333 }, '305': { optionId: 320 }, '306': { optionId: 322 }, '307': { optionId: 326 }, '308': { optionId: 330 } };
    const properties = { '141': { value: 820 }, '142': { value: 2040 }, '143': { optionId: 230 }, '144': { optionId: 234 }, '147': { optionId: 242 }, '300': { optionId: 310 }, ...hardware };
    const item = await g.post(ITEM_CREATE, { props: { productOrderId: id, productId: 104, title: 'D-1', properties } });
    expect(item.status, JSON.stringify(item.body)).toBe(200);
    const res = await g.post(SUBMIT, { productOrderId: id });
    // Lamella Alignment is still required (a select with customer options); Lamella Width (optional) is not named.
    expect(res.body.error.message).toBe('Choose Lamella Alignment for item 1 “D-1” before submitting.');
    expect((await g.post(ITEM_UPDATE, { where: { id: item.body.data.id }, props: { properties: { '303': { optionId: 312 } } } })).status).toBe(200);
    const ok = await g.post(SUBMIT, { productOrderId: id });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });
});
