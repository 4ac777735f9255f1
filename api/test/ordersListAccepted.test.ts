import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrdersDataResponse } from '@cpq/domain';
import { compile, describeError } from '../src/http/validate.ts';
import { databases, startSignedIn, type Client, type TestApp } from './helpers.ts';
import { ORDERS_DATA, UPDATE_PREFERENCES } from './paths.ts';

/**
 * The orders list's Accepted badge data and Quote filter (decision 0122): a quote is accepted when
 * the customer accepted the order's latest revision (accepted_revision = quote_revision). Demo data
 * (api/src/demo/index.ts): organisation 850's active orders newest first are #5, #4, #3, #2, #1;
 * #2 Maple Street Renovation is guest-850's, submitted for approval with revision 1, and no order is
 * accepted yet.
 */
const APPROVE = '/api/configurator/approve-order';
const ACCEPT = '/api/configurator/product-order/accept-quote';
const REOPEN = '/api/configurator/product-order/reopen';

type ListRow = { orgSpecificId: number; quoteAccepted: boolean; quoteRevision: number; acceptedRevision: number | null };
const numbers = (res: { body: { data: { productOrders: ListRow[] } } }) => res.body.data.productOrders.map((o) => o.orgSpecificId);

function errorsOf(value: unknown): string[] {
  const validate = compile(OrdersDataResponse);
  return validate(value) ? [] : (validate.errors ?? []).map(describeError);
}

describe.each(databases)('accepted quotes in the orders list on $name', (dbCase) => {
  let t: TestApp, owner: Client, guest: Client;
  let maple: number;
  const list = (c: Client, filters: object, more: object = {}) => c.post(ORDERS_DATA, { orgId: 850, filters, ...more });
  const rowOf = async (c: Client, orgSpecificId: number) =>
    ((await list(c, { archived: 'all' })).body.data.productOrders as ListRow[]).find((o) => o.orgSpecificId === orgSpecificId)!;

  beforeAll(async () => {
    ({ t, owner, guest } = await startSignedIn(dbCase, 850, ['owner', 'guest']));
    maple = (await t.repos.productOrders.findOne({ orgId: 850, orgSpecificId: 2 }))!.id;
  });
  afterAll(async () => t?.close());

  it('before any acceptance: every row says not accepted, Accepted finds nothing and Not accepted finds every order', async () => {
    const all = await list(owner, {});
    expect(errorsOf(all.body.data)).toEqual([]);
    expect(all.body.data.productOrders.every((o: ListRow) => o.quoteAccepted === false && o.acceptedRevision === null)).toBe(true);
    // #2 was submitted once: its latest revision is 1; #1 was never submitted.
    expect(await rowOf(owner, 2)).toMatchObject({ quoteRevision: 1, acceptedRevision: null, quoteAccepted: false });
    expect(numbers(await list(owner, { quoteAcceptance: 'accepted' }))).toEqual([]);
    expect(numbers(await list(owner, { quoteAcceptance: 'notAccepted' }))).toEqual([5, 4, 3, 2, 1]);
    expect(numbers(await list(owner, { quoteAcceptance: 'all' }))).toEqual([5, 4, 3, 2, 1]);
  });

  it('a quote the customer accepted is listed under Accepted, not under Not accepted, for staff and for the customer', async () => {
    const approved = await owner.post(APPROVE, { productOrderId: maple });
    expect(approved.status).toBe(200);
    const accepted = await guest.post(ACCEPT, { productOrderId: maple, revisionNumber: 1, fullName: 'Priya Raman', termsAccepted: true });
    expect(accepted.status).toBe(200);

    const mine = await list(owner, { quoteAcceptance: 'accepted' });
    expect(mine.status).toBe(200);
    expect(errorsOf(mine.body.data)).toEqual([]);
    expect(numbers(mine)).toEqual([2]);
    expect(mine.body.data.productOrders[0]).toMatchObject({ quoteRevision: 1, acceptedRevision: 1, quoteAccepted: true });
    expect(numbers(await list(owner, { quoteAcceptance: 'notAccepted' }))).toEqual([5, 4, 3, 1]);
    // The guest sees the same for their own order.
    expect(numbers(await list(guest, { quoteAcceptance: 'accepted' }))).toEqual([2]);
    expect(numbers(await list(guest, { quoteAcceptance: 'notAccepted' }))).not.toContain(2);
    expect((await rowOf(guest, 2)).quoteAccepted).toBe(true);
  });

  it('combines with the other filters and the search', async () => {
    expect(numbers(await list(owner, { quoteAcceptance: 'accepted', statusKey: 'submittedForApproval' }))).toEqual([]);
    expect(numbers(await list(owner, { quoteAcceptance: 'accepted', archived: 'archived' }))).toEqual([]);
    expect(numbers(await list(owner, { quoteAcceptance: 'accepted' }, { searchTerm: 'maple' }))).toEqual([2]);
    expect(numbers(await list(owner, { quoteAcceptance: 'notAccepted' }, { searchTerm: 'maple' }))).toEqual([]);
    expect(numbers(await list(owner, { quoteAcceptance: 'notAccepted' }, { searchTerm: 'cliffside' }))).toEqual([5, 4]);
    const csv = await owner.post(ORDERS_DATA, { orgId: 850, formatForCsvExport: true, filters: { quoteAcceptance: 'accepted' } });
    expect(csv.body.data.rowCount).toBe(1);
  });

  it('a staff reopen makes a new revision: the quote is no longer accepted', async () => {
    const reopened = await owner.post(REOPEN, { productOrderId: maple, reason: 'The customer asked for a brass finish instead.' });
    expect(reopened.status).toBe(200);
    expect(await rowOf(owner, 2)).toMatchObject({ quoteRevision: 2, acceptedRevision: 1, quoteAccepted: false });
    expect(numbers(await list(owner, { quoteAcceptance: 'accepted' }))).toEqual([]);
    expect(numbers(await list(owner, { quoteAcceptance: 'notAccepted' }))).toContain(2);
  });

  it('refuses a Quote filter value it does not know, naming the filter', async () => {
    const res = await list(owner, { quoteAcceptance: 'yes' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Quote: choose one of "all", "accepted" or "notAccepted".');
  });

  it('saves the Quote filter with the other orders-page settings', async () => {
    const saved = await owner.post(UPDATE_PREFERENCES, { ordersPageSettings: { quoteAcceptanceFilterValue: 'accepted' } });
    expect(saved.status).toBe(200);
    expect(saved.body.data.ordersPageSettings).toMatchObject({ quoteAcceptanceFilterValue: 'accepted' });
    const session = await owner.get('/api/auth/session');
    expect(session.body.data.user.preferences.ordersPageSettings.quoteAcceptanceFilterValue).toBe('accepted');
    expect((await owner.post(UPDATE_PREFERENCES, { ordersPageSettings: { quoteAcceptanceFilterValue: 'maybe' } })).status).toBe(400);
  });
});
