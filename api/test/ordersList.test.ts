import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrdersDataBody } from '@cpq/domain';
import { OrdersCountResponse, OrdersCsvResponse, OrdersDataResponse, SessionData, UpdateOrderCostsResponse, UserPreferences } from '@cpq/domain';
import { definePlugin } from '@cpq/plugin-sdk';
import { hashToken } from '../src/auth/tokens.ts';
import { compile, describeError } from '../src/http/validate.ts';
import { PluginRegistry } from '../src/plugins.ts';
import type { OrdersListFilter } from '../src/db/ordersList.ts';
import type { Access } from '../src/policy.ts';
import { ListReadAhead, ordersPage, type OrdersListDeps } from '../src/services/ordersList.ts';
import { databases, startSignedIn, startTestApp, type Client, type TestApp } from './helpers.ts';
import { CREATE_ORDER, ITEM_CREATE, ITEM_DESTROY, ORDER_UPDATE, ORDERS_COUNT, ORDERS_DATA, UPDATE_ORDER_COSTS, UPDATE_PREFERENCES } from './paths.ts';

/**
 * The orders list, written from the product rules and the demo data (docs: api/src/demo/index.ts):
 * organisation 850's orders are #1 Harbour View Residence (owner-850, Keypads, order started),
 * #2 Maple Street Renovation (guest-850, submitted), #3 Atelier Noor Showroom (member-850, deposit due),
 * #4 Cliffside Villa (multi, in production), #5 Back boxes for Cliffside (owner-850, delivered) and
 * #6 Old sample request (member-850, archived). Each was last updated `progress` × 2 days after its
 * creation (one day apart), so newest first the active ones are #5, #4, #3, #2, #1, and #6 sits
 * between #3 and #2.
 */
function errorsOf(schema: Parameters<typeof compile>[0], value: unknown): string[] {
  const validate = compile(schema);
  return validate(value) ? [] : (validate.errors ?? []).map(describeError);
}

const numbers = (res: { body: { data: { productOrders: Array<{ orgSpecificId: number }> } } }) => res.body.data.productOrders.map((o) => o.orgSpecificId);

describe.each(databases)('orders list on $name', (dbCase) => {
  let t: TestApp, owner: Client, member: Client, guest: Client;
  const orderId = async (orgId: number, orgSpecificId: number) => (await t.repos.productOrders.findOne({ orgId, orgSpecificId }))!.id;

  beforeAll(async () => ({ t, owner, member, guest } = await startSignedIn(dbCase, 850, ['owner', 'member', 'guest'])));
  afterAll(async () => t?.close());

  describe('a page', () => {
    it('holds the active orders newest lastUpdated first, with the list fields joined in, as the schema says', async () => {
      const res = await owner.post(ORDERS_DATA, { orgId: 850 });
      expect(res.status).toBe(200);
      expect(errorsOf(OrdersDataResponse, res.body.data)).toEqual([]);
      expect(numbers(res)).toEqual([5, 4, 3, 2, 1]);
      const first = res.body.data.productOrders.find((o: { orgSpecificId: number }) => o.orgSpecificId === 1);
      const keypads = await t.repos.productCategories.findOne({ id: 1 });
      const entryProduct = await t.repos.products.findOne({ id: 98 }); // the order has no product of its own: its first item's
      expect(first).toMatchObject({
        title: 'Harbour View Residence',
        projectName: 'Harbour View',
        ownerFirstName: 'Eleanor',
        ownerLastName: 'Whitcombe',
        productInstancesCount: 2,
        productCategoryTitle: keypads!.title,
        productTitle: entryProduct!.title,
        lastCompletedStatusKey: 'orderStarted',
        archived: 0,
      });
      expect(first.costs.orderTotal).toBeGreaterThan(0);
      expect(first).not.toHaveProperty('involvedUsers');
      expect(res.body.data.pricingIsHidden).toBe(false);
      expect(res.body.data.products).toContainEqual({ id: 98, title: entryProduct!.title });
      const active = await t.repos.productCategories.find({ orgId: 850, archived: 0 });
      expect(res.body.data.productCategories.map((c: { id: number }) => c.id).sort()).toEqual(active.map((c) => c.id).sort());
    });

    it('filters by type, owner, status, category and processing payment', async () => {
      const list = (filters: object, c = owner) => c.post(ORDERS_DATA, { orgId: 850, filters });
      expect(numbers(await list({ archived: 'archived' }))).toEqual([6]);
      expect(numbers(await list({ archived: 'all' }))).toEqual([5, 4, 3, 6, 2, 1]);
      expect(numbers(await list({ orderOwner: 'mine' }, member))).toEqual([3]);
      expect(numbers(await list({ orderOwner: 'mine', archived: 'all' }, member))).toEqual([3, 6]);
      expect(numbers(await list({ orderOwner: 'all', statusKey: 'submittedForApproval' }))).toEqual([2]);
      expect(numbers(await list({ statusKey: 'all', productCategoryId: 13 }))).toEqual([3]);
      expect(numbers(await list({ productCategoryId: 'all', isProcessingPayment: true }))).toEqual([]);
      await t.repos.productOrders.update({ id: await orderId(850, 4) }, { isProcessingPayment: 1, lastUpdated: '2025-05-18 14:00:00' });
      expect(numbers(await list({ isProcessingPayment: true }))).toEqual([4]);
    });

    it('refuses a status or category the organisation does not have, with a message naming the field', async () => {
      const status = await owner.post(ORDERS_DATA, { orgId: 850, filters: { statusKey: 'readyToPay' } }); // 1053's, not 850's
      expect(status.status).toBe(400);
      expect(status.body.error.message).toBe('filters.statusKey must be "all" or a status key of this organisation.');
      const category = await owner.post(ORDERS_DATA, { orgId: 850, filters: { productCategoryId: 8 } }); // 1053's flooring
      expect(category.status).toBe(400);
      expect(category.body.error.message).toBe('filters.productCategoryId must be "all" or a product category of this organisation.');
      const unknownField = await owner.post(ORDERS_DATA, { orgId: 850, filters: { owner: 'mine' } });
      expect(unknownField.status).toBe(400);
      expect(unknownField.body.error.message).toBe('Owner cannot be set here.');
    });

    it('searches words in title, project, owner, product and category names, and #number', async () => {
      const search = (searchTerm: string) => owner.post(ORDERS_DATA, { orgId: 850, searchTerm });
      expect(numbers(await search('harbour'))).toEqual([1]);
      expect(numbers(await search('  CLIFFSIDE '))).toEqual([5, 4]);
      expect(numbers(await search('cliffside back'))).toEqual([5]); // every word must match
      expect(numbers(await search('whitcombe'))).toEqual([5, 1]); // owner-850's last name
      expect(numbers(await search('#3'))).toEqual([3]);
      // Any product the order's items name (Kitchen, #1's second item, is product 99), and the category's title.
      const kitchenProduct = (await t.repos.products.findOne({ id: 99 }))!.title as string;
      expect(numbers(await search(kitchenProduct))).toContain(1);
      const decora = (await t.repos.productCategories.findOne({ id: 13 }))!.title as string;
      expect(numbers(await search(decora))).toEqual([3]);
      expect(numbers(await search('%'))).toEqual([]); // LIKE wildcards are plain characters
      expect(numbers(await search('_'))).toEqual([]);
      expect(numbers(await search(''))).toEqual([5, 4, 3, 2, 1]);
      const tooMany = await search('a b c d e f g h i j k');
      expect(tooMany.status).toBe(400);
      expect(tooMany.body.error.message).toBe('searchTerm may have at most 10 words.');
    });

    it('pages with resultConstraints (from inclusive, to exclusive) and refuses impossible ranges', async () => {
      expect(numbers(await owner.post(ORDERS_DATA, { orgId: 850, resultConstraints: { from: 1, to: 3 } }))).toEqual([4, 3]);
      expect(numbers(await owner.post(ORDERS_DATA, { orgId: 850, resultConstraints: { from: 5, to: 10 } }))).toEqual([]);
      const empty = await owner.post(ORDERS_DATA, { orgId: 850, resultConstraints: { from: 3, to: 3 } });
      expect(empty.status).toBe(400);
      expect(empty.body.error.message).toBe('resultConstraints.to must be greater than resultConstraints.from.');
      const wide = await owner.post(ORDERS_DATA, { orgId: 850, resultConstraints: { from: 0, to: 251 } });
      expect(wide.status).toBe(400);
      expect(wide.body.error.message).toBe('resultConstraints may span at most 250 rows.');
    });

    it('answers 403 when userId is not the caller', async () => {
      const res = await owner.post(ORDERS_DATA, { orgId: 850, userId: 2 });
      expect(res.status).toBe(403);
    });
  });

  describe('who sees what', () => {
    it('a guest sees only orders they own or are involved in, without prices where hidden and without employee fields', async () => {
      const harbour = await orderId(850, 1);
      const stored = (await t.repos.productOrders.findOne({ id: harbour }))!;
      await t.repos.productOrders.update(
        { id: harbour },
        { involvedUsers: { ...stored.involvedUsers, '3': { role: 'sharee', pricingIsHidden: 1 } }, trackingNumber: '1Z999', estimatedShippingDate: '2025-07-01', commandData: { number: 'C-1', totalInCents: 1000 }, lastUpdated: stored.lastUpdated },
      );
      const res = await guest.post(ORDERS_DATA, { orgId: 850, filters: { archived: 'all' } });
      expect(res.status).toBe(200);
      expect(errorsOf(OrdersDataResponse, res.body.data)).toEqual([]);
      expect(numbers(res)).toEqual([2, 1]);
      // Hiding is per person in the organisation: once an order hides prices from the guest, their own
      // orders show none either (docs/decisions/0070-hidden-prices-per-person.md).
      for (const row of res.body.data.productOrders) for (const field of ['costs', 'amountPaidInCents', 'commandData']) expect(row).not.toHaveProperty(field);
      expect(res.body.data.pricingIsHidden).toBe(true);
      for (const row of res.body.data.productOrders) for (const field of ['trackingNumber', 'estimatedShippingDate', 'commandData']) expect(row).not.toHaveProperty(field);
      expect(numbers(await guest.post(ORDERS_DATA, { orgId: 850, filters: { orderOwner: 'mine' } }))).toEqual([2]);
      // The employee sees the employee fields.
      const mine = (await owner.post(ORDERS_DATA, { orgId: 850, searchTerm: '#1' })).body.data.productOrders[0];
      expect(mine).toMatchObject({ trackingNumber: '1Z999', estimatedShippingDate: '2025-07-01', commandData: { number: 'C-1', totalInCents: 1000 } });
    });

    it('employees see which orders have an item whose price rule failed; guests and guest mode never get the field', async () => {
      const firstItem = async (orgSpecificId: number) => (await t.repos.productInstances.find({ productOrderId: await orderId(850, orgSpecificId) }))[0]!;
      const [harbour, maple, atelier] = [await firstItem(1), await firstItem(2), await firstItem(3)];
      const failure = [{ ruleId: 12, versionKey: 'v1', productId: harbour.productId, expressionPath: '1', description: null, reason: 'Division by zero' }];
      await t.repos.productInstances.update({ id: harbour.id }, { pricingFailures: failure });
      await t.repos.productInstances.update({ id: maple.id }, { pricingFailures: failure });
      await t.repos.productInstances.update({ id: atelier.id }, { pricingFailures: [] }); // an empty list is no failure
      try {
        const rows = (await owner.post(ORDERS_DATA, { orgId: 850 })).body.data.productOrders as Array<{ orgSpecificId: number; pricingFailed?: boolean }>;
        expect(rows.map((r) => [r.orgSpecificId, r.pricingFailed])).toEqual([[5, false], [4, false], [3, false], [2, true], [1, true]]);
        const asGuest = await guest.post(ORDERS_DATA, { orgId: 850, filters: { archived: 'all' } });
        expect(asGuest.body.data.productOrders.length).toBeGreaterThan(0);
        for (const row of asGuest.body.data.productOrders) expect(row).not.toHaveProperty('pricingFailed');
        const guestMode = await owner.post(ORDERS_DATA, { orgId: 850, isGuestMode: true });
        expect(numbers(guestMode)).toContain(1);
        for (const row of guestMode.body.data.productOrders) expect(row).not.toHaveProperty('pricingFailed');
      } finally {
        for (const i of [harbour, maple, atelier]) await t.repos.productInstances.update({ id: i.id }, { pricingFailures: null });
      }
    });

    it('an employee in guest mode gets their own orders only, as a guest would see them', async () => {
      const res = await owner.post(ORDERS_DATA, { orgId: 850, isGuestMode: true, filters: { orderOwner: 'all' } });
      expect(numbers(res)).toEqual([5, 1]);
      for (const row of res.body.data.productOrders) expect(row).not.toHaveProperty('trackingNumber');
      expect(res.body.data.productOrders[0].costs).toBeDefined();
    });

    it('a page read ahead of its access is kept only for the same viewer: a member made a guest gets the guest list at once, a revoked session is refused', async () => {
      const c = await t.as('member-850@demo.test');
      const userId = (await t.repos.users.findOne({ email: 'member-850@demo.test' }))!.id;
      const asEmployee = numbers(await c.post(ORDERS_DATA, { orgId: 850 }));
      expect(asEmployee).toEqual([5, 4, 3, 2, 1]);
      // The same session again: its page is read ahead for the employee it was.
      expect(numbers(await c.post(ORDERS_DATA, { orgId: 850 }))).toEqual(asEmployee);
      await t.db('memberships').where({ user_id: userId, org_id: 850 }).update({ role: 'guest' });
      try {
        const asGuest = await c.post(ORDERS_DATA, { orgId: 850 });
        // What a session this process has never seen gets: the guest list, without employee fields.
        const fresh = await (await t.as('member-850@demo.test')).post(ORDERS_DATA, { orgId: 850 });
        expect(numbers(asGuest)).toEqual(numbers(fresh));
        expect(numbers(asGuest)).not.toEqual(asEmployee);
        for (const row of asGuest.body.data.productOrders) expect(row).not.toHaveProperty('trackingNumber');
      } finally {
        await t.db('memberships').where({ user_id: userId, org_id: 850 }).update({ role: 'member' });
      }
      expect(numbers(await c.post(ORDERS_DATA, { orgId: 850 }))).toEqual(asEmployee);
      // This client's session only (the describe's own member client goes on).
      await t.db('sessions').where({ token_hash: hashToken(decodeURIComponent(c.cookie.slice('cpq_session='.length))) }).delete();
      expect((await c.post(ORDERS_DATA, { orgId: 850 })).status).toBe(401);
      expect((await c.post(ORDERS_DATA, { orgId: 850 })).status).toBe(401);
    });

    it('a guest whose organisation hides prices gets none', async () => {
      const res = await (await t.as('guest-1392@demo.test')).post(ORDERS_DATA, { orgId: 1392 });
      expect(res.status).toBe(200);
      expect(errorsOf(OrdersDataResponse, res.body.data)).toEqual([]);
      expect(res.body.data.pricingIsHidden).toBe(true);
      expect(numbers(res)).toEqual([2]);
      expect(res.body.data.productOrders[0]).not.toHaveProperty('costs');
      expect(JSON.stringify(res.body.data)).not.toContain('paymentAmountInCents');
    });

    it('refuses the advanced data to a guest', async () => {
      const res = await guest.post(ORDERS_DATA, { orgId: 850, includeAdvancedOrderData: true });
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe('Only employees can see the advanced order data.');
    });
  });

  describe('CSV export', () => {
    const HEADER =
      'Order #,Title,Project,Account / Client,Contact,PO #,Link,Product,Category,Owner,Status,Archived,Items,Subtotal,Shipping,Tax,Deposit,Total,Amount Paid,Command #,Command Date,Command Total (EUR),Estimated Shipping Date,Tracking #,Created,Last Updated';

    it('holds every matching order, newest first, prices in dollars', async () => {
      const res = await owner.post(ORDERS_DATA, { orgId: 850, formatForCsvExport: true, filters: { archived: 'all' } });
      expect(res.status).toBe(200);
      expect(errorsOf(OrdersCsvResponse, res.body.data)).toEqual([]);
      const { productOrdersCsvData: csv, rowCount, truncated } = res.body.data;
      expect(rowCount).toBe(6);
      expect(truncated).toBe(false);
      const lines = csv.trimEnd().split('\n');
      expect(lines[0]).toBe(HEADER);
      expect(lines.slice(1).map((l: string) => Number(l.split(',')[0]))).toEqual([5, 4, 3, 6, 2, 1]);
      const backBoxes = (await t.repos.productOrders.findOne({ id: await orderId(850, 5) }))!;
      const total = (backBoxes.costs.orderTotal / 100).toFixed(2);
      expect(lines[1]).toContain(`,Delivered,No,1,`);
      expect(lines[1]).toContain(`,${total},`);
      expect(lines[1].startsWith('5,Back boxes for Cliffside,')).toBe(true);
    });

    it('follows the search and filters, and refuses paging and guests', async () => {
      const res = await owner.post(ORDERS_DATA, { orgId: 850, formatForCsvExport: true, searchTerm: 'cliffside' });
      expect(res.body.data.rowCount).toBe(2);
      const paged = await owner.post(ORDERS_DATA, { orgId: 850, formatForCsvExport: true, resultConstraints: { from: 0, to: 10 } });
      expect(paged.status).toBe(400);
      expect(paged.body.error.message).toBe('resultConstraints cannot be combined with formatForCsvExport: the export holds every matching order.');
      expect((await guest.post(ORDERS_DATA, { orgId: 850, formatForCsvExport: true })).status).toBe(403);
    });
  });

  describe('status counts', () => {
    it('counts active orders per stored last completed status, and those processing payment', async () => {
      const res = await member.post(ORDERS_COUNT, { orgId: 850, statusKeys: ['orderStarted', 'submittedForApproval', 'readyToPayDeposit', 'finalPaymentReceived', 'delivered'] });
      expect(res.status).toBe(200);
      expect(errorsOf(OrdersCountResponse, res.body.data)).toEqual([]);
      // #6 (order started) is archived and not counted; #4 was marked processing payment above.
      expect(res.body.data).toEqual({
        productOrderCountsByStatusKey: { orderStarted: 1, submittedForApproval: 1, readyToPayDeposit: 1, finalPaymentReceived: 0, delivered: 1 },
        processingPaymentCount: 1,
      });
    });

    it('refuses unknown status keys and guests', async () => {
      const res = await owner.post(ORDERS_COUNT, { orgId: 850, statusKeys: ['orderStarted', 'readyToPay'] });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe('statusKeys must be status keys of this organisation (unknown: readyToPay).');
      expect((await guest.post(ORDERS_COUNT, { orgId: 850, statusKeys: ['orderStarted'] })).status).toBe(403);
    });
  });

  describe('costs recalculation', () => {
    it('is for platform administrators (users 1 and 2), which the session tells the browser', async () => {
      const flags: Record<string, boolean> = {};
      for (const email of ['owner-850@demo.test', 'member-850@demo.test', 'guest-850@demo.test', 'owner-1053@demo.test']) {
        const session = await (await t.as(email)).get('/api/auth/session');
        expect(errorsOf(SessionData, session.body.data)).toEqual([]);
        flags[email] = session.body.data.user.isPlatformAdmin;
      }
      expect(flags).toEqual({ 'owner-850@demo.test': true, 'member-850@demo.test': true, 'guest-850@demo.test': false, 'owner-1053@demo.test': false });
      const refused = await (await t.as('owner-1053@demo.test')).post(UPDATE_ORDER_COSTS, { orgId: 1053 });
      expect(refused.status).toBe(403);
      expect(refused.body.error.message).toBe('Only platform administrators can recalculate order costs.');
      expect((await guest.post(UPDATE_ORDER_COSTS, { orgId: 850 })).status).toBe(403);
      expect((await owner.post(UPDATE_ORDER_COSTS, { orgId: 1053 })).status).toBe(404); // not a member of 1053: as if it did not exist
    });

    it('reprices every order of the organisation from the engine, keeps lastUpdated and answers how many changed', async () => {
      const id = await orderId(850, 3);
      const before = (await t.repos.productOrders.findOne({ id }))!;
      // Stored costs gone stale (e.g. written by an older engine).
      await t.db('product_orders').where({ id }).update({ costs: JSON.stringify({ ...before.costs, orderTotal: 1, orderSubTotal: 1 }) });
      const res = await member.post(UPDATE_ORDER_COSTS, { orgId: 850 });
      expect(res.status).toBe(200);
      expect(errorsOf(UpdateOrderCostsResponse, res.body.data)).toEqual([]);
      expect(res.body.data).toEqual({ updatedCount: 1 });
      const after = (await t.repos.productOrders.findOne({ id }))!;
      expect(after.costs).toEqual(before.costs);
      expect(after.lastUpdated).toBe(before.lastUpdated);
      expect((await owner.post(UPDATE_ORDER_COSTS, { orgId: 850 })).body.data).toEqual({ updatedCount: 0 });
      const audit = await t.repos.auditLog.find({ orgId: 850, entity: 'organisation', action: 'updateOrderCosts' });
      expect(audit.map((a) => a.data)).toEqual([
        { orderCount: 6, updatedCount: 1 },
        { orderCount: 6, updatedCount: 0 },
      ]);
    });
  });

  describe('preferences', () => {
    it('merges the orders-page settings key by key and the session carries them', async () => {
      const c = await t.as('owner-1053@demo.test');
      const first = await c.post(UPDATE_PREFERENCES, { ordersPageSettings: { pageRowsFilterValue: 50 } });
      expect(first.status).toBe(200);
      expect(errorsOf(UserPreferences, first.body.data)).toEqual([]);
      // The seed stores detailLevelFilterValue 'basic' for everyone.
      expect(first.body.data).toEqual({ ordersPageSettings: { detailLevelFilterValue: 'basic', pageRowsFilterValue: 50 } });
      const second = await c.post(UPDATE_PREFERENCES, { ordersPageSettings: { archivedFilterValue: 'archived', statusFilterValue: 'shipped' }, cartIsVisible: false });
      expect(second.body.data).toEqual({ cartIsVisible: false, ordersPageSettings: { detailLevelFilterValue: 'basic', pageRowsFilterValue: 50, archivedFilterValue: 'archived', statusFilterValue: 'shipped' } });
      const session = await c.get('/api/auth/session');
      expect(session.body.data.user.preferences).toEqual(second.body.data);
    });

    it('refuses bad settings whole and changes nothing', async () => {
      const c = await t.as('member-1053@demo.test');
      const stored = async () => (await t.repos.users.findOne({ email: 'member-1053@demo.test' }))!.appData;
      const before = await stored();
      const bad = await c.post(UPDATE_PREFERENCES, { cartIsVisible: false, ordersPageSettings: { pageRowsFilterValue: 60 } });
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toBe('Rows per page: choose one of 50, 100, 150, 200 or 250.');
      expect((await c.post(UPDATE_PREFERENCES, {})).status).toBe(400);
      expect((await c.post(UPDATE_PREFERENCES, { theme: 'dark' })).status).toBe(400);
      expect(await stored()).toEqual(before);
    });

    it('keeps both of two saves sent together', async () => {
      const c = await t.as('guest-1053@demo.test');
      const [a, b] = await Promise.all([
        c.post(UPDATE_PREFERENCES, { ordersPageSettings: { orderOwnerFilterValue: 'mine' } }),
        c.post(UPDATE_PREFERENCES, { ordersPageSettings: { productCategoryFilterValue: 8 } }),
      ]);
      expect([a.status, b.status]).toEqual([200, 200]);
      const session = await c.get('/api/auth/session');
      expect(session.body.data.user.preferences.ordersPageSettings).toMatchObject({ orderOwnerFilterValue: 'mine', productCategoryFilterValue: 8 });
    });

    it('leaves out stored settings that are no longer valid', async () => {
      const user = (await t.repos.users.findOne({ email: 'owner-1798@demo.test' }))!;
      await t.repos.users.update({ id: user.id }, { appData: { designEngine: { ordersPageSettings: { pageRowsFilterValue: 7, statusFilterValue: 'shipped' }, cartIsVisible: 'yes' } } });
      const session = await (await t.as('owner-1798@demo.test')).get('/api/auth/session');
      expect(errorsOf(SessionData, session.body.data)).toEqual([]);
      expect(session.body.data.user.preferences).toEqual({ ordersPageSettings: { statusFilterValue: 'shipped' } });
    });
  });
});

describe.each(databases)('advanced order data on $name', (dbCase) => {
  let t: TestApp;
  beforeAll(async () => {
    // An organisation whose plugin asks for the mechanism finish (property 7) in the advanced view.
    const plugin = definePlugin({
      orgId: 850,
      compatibility: [1],
      rules: { ordersList: { basicColumns: ['orderNumber'], advancedColumns: ['advanced:mechanismFinish'], guestHiddenColumns: [], advancedData: [{ key: 'mechanismFinish', title: 'Mechanism Finish', propertyId: 7 }], employeeTools: { statusCounts: true, shortcuts: [], advancedView: true, csvExport: true } } },
    });
    t = await startTestApp(dbCase, { plugins: new PluginRegistry([plugin]) });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives each order the titles of the options its items chose, in item order, and names those options', async () => {
    const owner = await t.as('owner-850@demo.test');
    const res = await owner.post(ORDERS_DATA, { orgId: 850, includeAdvancedOrderData: true, searchTerm: '#1' });
    expect(res.status).toBe(200);
    expect(errorsOf(OrdersDataResponse, res.body.data)).toEqual([]);
    // #1: Entry chose option 23, Kitchen option 22.
    const [o23, o22] = [(await t.repos.productOptions.findOne({ id: 23 }))!.title, (await t.repos.productOptions.findOne({ id: 22 }))!.title];
    expect(res.body.data.productOrders[0].advanced).toEqual({ mechanismFinish: [o23, o22] });
    expect(res.body.data.productOptions).toEqual(expect.arrayContaining([{ id: 23, title: o23 }, { id: 22, title: o22 }]));
    // #3's items choose no mechanism finish.
    const noFinish = await owner.post(ORDERS_DATA, { orgId: 850, includeAdvancedOrderData: true, searchTerm: '#3' });
    expect(noFinish.body.data.productOrders[0].advanced).toEqual({ mechanismFinish: [] });
    // Without asking, none.
    expect((await owner.post(ORDERS_DATA, { orgId: 850, searchTerm: '#1' })).body.data.productOrders[0]).not.toHaveProperty('advanced');
    // In the CSV: one more column.
    const csv = await owner.post(ORDERS_DATA, { orgId: 850, includeAdvancedOrderData: true, formatForCsvExport: true, searchTerm: '#1' });
    const [header, line] = csv.body.data.productOrdersCsvData.trimEnd().split('\n');
    expect(header.endsWith(',Mechanism Finish')).toBe(true);
    expect(line.endsWith(`,"${o23}, ${o22}"`)).toBe(true);
  });
});

/**
 * The search index (docs/decisions/0029-orders-search-index.md): words are found as word prefixes
 * through the full-text index, kept current by every write that changes what an order is found by.
 * Its own app: these tests change orders.
 */
describe.each(databases)('orders search index on $name', (dbCase) => {
  let t: TestApp;
  let owner: Client;
  const search = (searchTerm: string, filters: object = {}) => owner.post(ORDERS_DATA, { orgId: 850, searchTerm, filters });
  const orderId = async (orgSpecificId: number) => (await t.repos.productOrders.findOne({ orgId: 850, orgSpecificId }))!.id;

  beforeAll(async () => {
    t = await startTestApp(dbCase);
    owner = await t.as('owner-850@demo.test');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('finds the new words of a changed title and no longer the old ones', async () => {
    expect(numbers(await search('residence'))).toEqual([1]);
    const res = await owner.post(ORDER_UPDATE, { where: { id: await orderId(1) }, props: { title: 'Harbour View Lodge' } });
    expect(res.status).toBe(200);
    expect(numbers(await search('residence'))).toEqual([]);
    expect(numbers(await search('lodge'))).toEqual([1]);
    // The project name still says Harbour.
    expect(numbers(await search('harbour'))).toEqual([1]);
  });

  it("finds an order by its owner's first name, last name and email, and by word prefixes", async () => {
    // owner-850 is Eleanor Whitcombe and owns #1 and #5.
    expect(numbers(await search('eleanor'))).toEqual([1, 5]);
    expect(numbers(await search('whitc'))).toEqual([1, 5]);
    expect(numbers(await search('owner-850@demo.test'))).toEqual([1, 5]);
    expect(numbers(await search('cliff'))).toEqual([5, 4]);
    expect(numbers(await search('atel NOOR'))).toEqual([3]);
    expect(numbers(await search('Atélier'))).toEqual([3]); // accents do not matter
    expect(numbers(await search('for'))).toEqual([5]); // a common word is still a word ("Back boxes for Cliffside")
  });

  it('finds an order number from its digits, and a PO number from its first digits', async () => {
    expect(numbers(await search('4'))).toEqual([4]);
    expect(numbers(await search('#4'))).toEqual([4]);
    expect(numbers(await search('#40'))).toEqual([]);
    await owner.post(ORDER_UPDATE, { where: { id: await orderId(2) }, props: { purchaseOrderNumber: '4500123' } });
    expect(numbers(await search('450'))).toEqual([2]);
    expect(numbers(await search('4500123'))).toEqual([2]);
    expect(numbers(await search('#450'))).toEqual([]); // with '#': the order number only
  });

  it('narrows with a 1–2 letter word beside a longer one, and finds nothing with short words alone', async () => {
    expect(numbers(await search('cliffside ba'))).toEqual([5]); // "Back boxes for Cliffside"
    expect(numbers(await search('cliffside v'))).toEqual([4]); // "Cliffside Villa"
    expect(numbers(await search('cliffside zz'))).toEqual([]);
    expect(numbers(await search('ba'))).toEqual([]);
    expect(numbers(await search('c v'))).toEqual([]);
  });

  it("follows the products an order's items use, and a duplicated order is found at once", async () => {
    const product = (await t.repos.products.findOne({ id: 99 }))!.title as string;
    // A new open quote (the demo's submitted and paid orders have their items locked).
    const fresh = await owner.post('/api/configurator/create-product-order', { productOrderProps: { orgId: 850, title: 'Search follows items', productCategoryId: 1 } });
    expect(fresh.status).toBe(200);
    const n = fresh.body.data.orgSpecificId as number;
    expect(numbers(await search(product))).not.toContain(n);
    const created = await owner.post(ITEM_CREATE, { props: { productOrderId: fresh.body.data.id, productId: 99, title: 'Hall', properties: { '7': { optionId: 22 } } } });
    expect(created.status).toBe(200);
    expect(numbers(await search(product))).toContain(n);
    expect((await owner.post(ITEM_DESTROY, { where: { id: created.body.data.id } })).status).toBe(200);
    expect(numbers(await search(product))).not.toContain(n);
    const copy = await owner.post('/api/configurator/duplicate-product-order', { productOrderId: await orderId(5) });
    expect(copy.status).toBe(200);
    expect(numbers(await search('copy cliffside'))).toEqual([copy.body.data.orgSpecificId]);
  });
});

describe.each(databases)('orders CSV export of what a guest typed, on $name', (dbCase) => {
  let t: TestApp;
  let owner: Client;
  let guest: Client;

  beforeAll(async () => {
    t = await startTestApp(dbCase);
    owner = await t.as('owner-850@demo.test');
    guest = await t.as('guest-850@demo.test');
  });
  afterAll(async () => {
    await t?.close();
  });

  it("writes what a guest typed that looks like a formula as text in the owner's export; numbers and negative amounts stay numbers", async () => {
    const created = await guest.post(CREATE_ORDER, { productOrderProps: { orgId: 850, productCategoryId: 1, productId: 98 } });
    expect(created.status).toBe(200);
    const { id, orgSpecificId } = created.body.data as { id: number; orgSpecificId: number };
    const typed = { title: 'Quay Offices', contactName: '=HYPERLINK("https://evil.test","Open")', projectName: '+cmd', firmName: '-2+3+cmd', purchaseOrderNumber: '@SUM(A1)' };
    expect((await guest.post(ORDER_UPDATE, { where: { id }, props: typed })).status).toBe(200);
    // Written directly: no request makes an amount negative, but the export must keep one a number.
    await t.db('product_orders').where({ id }).update({ amount_paid_in_cents: -1250 });
    const res = await owner.post(ORDERS_DATA, { orgId: 850, formatForCsvExport: true, searchTerm: 'quay offices' });
    expect([res.status, res.body.data.rowCount]).toEqual([200, 1]);
    const line = res.body.data.productOrdersCsvData.trimEnd().split('\n')[1];
    const start = `${orgSpecificId},Quay Offices,'+cmd,'-2+3+cmd,"'=HYPERLINK(""https://evil.test"",""Open"")",'@SUM(A1),,`;
    expect(line.slice(0, start.length)).toBe(start);
    expect(line).toContain(',Order Started,No,0,0.00,TBD,0.00,0.00,0.00,-12.50,');
  });
});

describe('a page read ahead of its access (ListReadAhead)', () => {
  const accessOf = (policyRole: 'owner' | 'guest', userId = 7): Access => ({
    user: { id: userId, email: 'someone@demo.test', sessionId: 1, guestModeOrgIds: [] },
    orgId: 850,
    role: policyRole,
    prevRole: null,
    policyRole,
    orgPricingHidden: false,
    catalogueVersion: 1,
  });
  /** The list's reads recorded: which filter each page was read for. */
  function listDeps() {
    const reads: OrdersListFilter[] = [];
    const ordersList = {
      ordersPage: async (f: OrdersListFilter) => {
        reads.push(f);
        return [{ id: reads.length, orgSpecificId: reads.length, userId: 7, involvedUsers: {}, statusData: {} }];
      },
      ordersCounts: async () => ({ byStatusKey: new Map<string, number>(), processingPayment: 0 }),
      itemChoices: async () => [],
    };
    const catalogues = { entry: async () => ({ tables: { productCategories: [], productOptions: [] } }) };
    return { reads, deps: { ordersList, catalogues, repos: {}, plugins: {} } as unknown as OrdersListDeps };
  }
  const body: OrdersDataBody = { orgId: 850, resultConstraints: { from: 0, to: 50 } };

  it('reads nothing ahead for a session it has not authorised, nor after one was refused', () => {
    const { deps, reads } = listDeps();
    const ahead = new ListReadAhead();
    expect(ahead.start(deps, 'hash-a', body)).toBeUndefined();
    ahead.authorised('hash-a', accessOf('owner'));
    expect(ahead.start(deps, 'hash-a', { ...body, orgId: 1053 })).toBeUndefined();
    expect(ahead.start(deps, 'hash-b', body)).toBeUndefined();
    expect(ahead.start(deps, null, body)).toBeUndefined();
    ahead.refused('hash-a', 850);
    expect(ahead.start(deps, 'hash-a', body)).toBeUndefined();
    expect(reads).toEqual([]);
  });

  it("keeps the rows read ahead when the authorised access makes the same query, and reads again when it does not", async () => {
    const { deps, reads } = listDeps();
    const ahead = new ListReadAhead();
    ahead.authorised('hash-a', accessOf('owner'));
    const same = await ordersPage(deps, accessOf('owner'), body, ahead.start(deps, 'hash-a', body));
    expect(reads).toHaveLength(1);
    expect(same.productOrders.map((o) => o.orgSpecificId)).toEqual([1]);
    // Made a guest since: the page read for the employee is not what a guest may see.
    const changed = await ordersPage(deps, accessOf('guest'), body, ahead.start(deps, 'hash-a', body));
    expect(reads).toHaveLength(3);
    expect(reads[2]).toMatchObject({ reachableBy: 7 });
    expect(changed.productOrders.map((o) => o.orgSpecificId)).toEqual([3]);
  });

  it('remembers at most its number of sessions, the least recently authorised forgotten first', () => {
    const { deps } = listDeps();
    const ahead = new ListReadAhead(2);
    ahead.authorised('hash-a', accessOf('owner'));
    ahead.authorised('hash-b', accessOf('owner'));
    ahead.authorised('hash-a', accessOf('owner'));
    ahead.authorised('hash-c', accessOf('owner'));
    expect(ahead.size).toBe(2);
    expect(ahead.start(deps, 'hash-b', body)).toBeUndefined();
    expect(ahead.start(deps, 'hash-a', body)).toBeDefined();
  });
});
