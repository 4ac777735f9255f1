import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, POLICY, type Endpoint } from '../src/policy.ts';
import { databases, enableIntegration, startTestApp, type Client, type TestApp } from './helpers.ts';
import { png } from './mediaFixtures.ts';

/** Ids in organisation `orgId`'s demo data: its order 1 (owned by owner-N) and that order's first item. */
interface Ids {
  orgId: number;
  orderId: number;
  orgSpecificId: number;
  instanceId: number;
  /** The order's owner. */
  ownerId: number;
  ownerEmail: string;
  /** The step the order is at. */
  statusKey: string;
}

/** How each routed endpoint is called (each call is harmless to repeat). */
const CALLS: Partial<Record<Endpoint, (ids: Ids) => { path: string; body?: unknown; method?: 'GET'; raw?: Buffer }>> = {
  'configurator.getHomepageData': ({ orgId }) => ({ path: '/api/configurator/get-configurator-homepage-data', body: { orgId } }),
  'configurator.createProductOrder': ({ orgId }) => ({ path: '/api/configurator/create-product-order', body: { productOrderProps: { orgId } } }),
  'configurator.getOrderData': ({ orgId, orgSpecificId }) => ({ path: '/api/configurator/get-configurator-order-data', body: { orgId, productOrderOrgSpecificId: orgSpecificId } }),
  'documents.pdf': ({ orgId, orgSpecificId }) => ({ path: '/api/documents/pdf', body: { orgId, productOrderOrgSpecificId: orgSpecificId, document: 'documents', mode: 'quote' } }),
  'documents.employeeModes': ({ orgId, orgSpecificId }) => ({ path: '/api/documents/pdf', body: { orgId, productOrderOrgSpecificId: orgSpecificId, document: 'documents', mode: 'packingSlip' } }),
  'configurator.getCatalogue': ({ orgId, orgSpecificId }) => ({ method: 'GET', path: `/api/configurator/catalogue?orgId=${orgId}&productOrderOrgSpecificId=${orgSpecificId}` }),
  'resources.get': ({ orgId }) => ({ path: '/api/resources/products/get', body: { where: { orgId } } }),
  'productInstances.write': ({ instanceId }) => ({ path: '/api/resources/productInstances/update', body: { where: { id: instanceId }, props: { notes: 'Checked' } } }),
  // The demo orders are not spatial: whoever gets through is refused with 409 (nothing written).
  'spatial.write': ({ orgId, orderId }) => ({ path: '/api/spatial/productCanvasTexts/create', body: { props: { orgId, productOrderId: orderId, position: { x: 0, y: 0 } } } }),
  'productOrders.update': ({ orderId }) => ({ path: '/api/resources/productOrders/update', body: { where: { id: orderId }, props: { phone: '(555) 010-1392' } } }),
  // The demo orders have items, so an allowed caller is answered 409 (kept) and nothing is deleted.
  'productOrders.destroy': ({ orderId }) => ({ path: '/api/resources/productOrders/destroy', body: { where: { id: orderId } } }),
  'configurator.duplicateProductOrder': ({ orderId }) => ({ path: '/api/configurator/duplicate-product-order', body: { productOrderId: orderId } }),
  // To the order's current owner: no change, so the call is harmless to repeat.
  'configurator.changeOrderOwner': ({ orderId, ownerId }) => ({ path: '/api/configurator/change-order-owner', body: { productOrderId: orderId, userId: ownerId } }),
  'configurator.getOrderOwnerCandidates': ({ orgId }) => ({ path: '/api/configurator/get-order-owner-candidates', body: { orgId } }),
  'configurator.getOrdersData': ({ orgId }) => ({ path: '/api/configurator/get-configurator-orders-data', body: { orgId } }),
  'configurator.exportOrdersCsv': ({ orgId }) => ({ path: '/api/configurator/get-configurator-orders-data', body: { orgId, formatForCsvExport: true } }),
  'configurator.getOrdersCount': ({ orgId }) => ({ path: '/api/configurator/get-configurator-orders-count', body: { orgId, statusKeys: ['orderStarted'] } }),
  'configurator.updateOrderCosts': ({ orgId }) => ({ path: '/api/configurator/update-product-order-costs', body: { orgId } }),
  'users.updatePreferences': () => ({ path: '/api/users/update-preferences', body: { cartIsVisible: true } }),
  // Order 1 is at its first step without a phone (submit, approve, cancel... are refused: 409); order 2,
  // the guest's, is in production (cancel would succeed there, so it is not called on it here).
  'configurator.submitOrder': ({ orderId }) => ({ path: '/api/configurator/submit-order', body: { productOrderId: orderId } }),
  'configurator.approveOrder': ({ orderId }) => ({ path: '/api/configurator/approve-order', body: { productOrderId: orderId } }),
  'configurator.actionRequired': ({ orderId }) => ({ path: '/api/configurator/product-order/action-required', body: { productOrderId: orderId, feedbackNotes: 'Please check the sizes.' } }),
  'configurator.reopenOrder': ({ orderId }) => ({ path: '/api/configurator/product-order/reopen', body: { productOrderId: orderId, reason: 'The customer asked for another finish.' } }),
  'configurator.cancelOrder': ({ orderId }) => ({ path: '/api/configurator/product-order/cancel', body: { productOrderId: orderId } }),
  // To the step the order is at: no change but a line in its timeline.
  'configurator.updateOrderStatus': ({ orderId, statusKey }) => ({ path: '/api/configurator/update-order-status', body: { productOrderId: orderId, statusKey } }),
  'configurator.requestStatusUpdate': ({ orderId }) => ({ path: '/api/configurator/request-status-update', body: { productOrderId: orderId } }),
  'configurator.getOrderStatusEvents': ({ orderId }) => ({ path: '/api/configurator/get-order-status-events', body: { productOrderId: orderId } }),
  'configurator.getOrderRevisions': ({ orderId }) => ({ path: '/api/configurator/product-order/revisions', body: { productOrderId: orderId } }),
  'configurator.getOrderRevision': ({ orderId }) => ({ path: '/api/configurator/product-order/revision', body: { productOrderId: orderId, revisionNumber: 1 } }),
  'configurator.restoreRevision': ({ orderId }) => ({ path: '/api/configurator/product-order/restore-revision', body: { productOrderId: orderId, revisionNumber: 1 } }),
  'orgSettings.quoteAcceptance': ({ orgId }) => ({ path: '/api/configurator/product-order/quote-acceptance-setting', body: { orgId } }),
  'configurator.acceptQuote': ({ orderId }) => ({ path: '/api/configurator/product-order/accept-quote', body: { productOrderId: orderId, revisionNumber: 1, fullName: 'Gwen Guest', termsAccepted: true } }),
  'configurator.confirmOrderPayment': ({ orderId }) => ({ path: '/api/configurator/confirm-order-payment', body: { productOrderId: orderId, paymentMethod: 'wire', paymentData: { amount: 0 } } }),
  'configurator.createPaymentIntent': ({ orderId }) => ({ path: '/api/configurator/create-stripe-payment-intent', body: { productOrderId: orderId, isCardPayment: true, paymentEnvironment: 'live', payInFull: true } }),
  'configurator.updatePaymentIntent': ({ orderId }) => ({ path: '/api/configurator/update-stripe-payment-intent', body: { productOrderId: orderId, paymentIntentId: 'pi_unknown', isCardPayment: true, paymentEnvironment: 'live', payInFull: true } }),
  'configurator.getPaymentIntent': () => ({ path: '/api/configurator/get-stripe-payment-intent', body: { paymentIntentId: 'pi_unknown', paymentEnvironment: 'live' } }),
  'configurator.getTaxRate': ({ orgId }) => ({ path: '/api/configurator/get-tax-rate', body: { orgId, deliveryAddress: { state: 'ME' } } }),
  // Switching guest mode off when it is off: no change.
  'auth.setGuestMode': ({ orgId }) => ({ path: '/api/auth/guest-mode', body: { orgId, guestMode: false } }),
  'configurator.createProductOrderWithItems': ({ orgId }) => ({ path: '/api/configurator/create-product-order-with-items', body: { productOrderProps: { orgId, title: 'Policy check', productCategoryId: 14 }, propsSets: [{ productId: 170, quantity: 1 }] } }),
  // Sharing: reads, a new link (the previous one stops working), and writes naming the order's owner,
  // which are refused (400) whoever may make them, so nothing changes.
  'configurator.getInvolvedUsers': ({ orgId, orgSpecificId }) => ({ path: '/api/configurator/product-order/get-involved-users', body: { orgId, productOrderOrgSpecificId: orgSpecificId } }),
  'configurator.getShareeCandidates': ({ orderId }) => ({ path: '/api/configurator/product-order/get-sharee-candidates', body: { productOrderId: orderId } }),
  'configurator.generateShareableLink': ({ orderId }) => ({ path: '/api/configurator/product-order/generate-shareable-link', body: { productOrderId: orderId } }),
  'configurator.share': ({ orgId, orgSpecificId, ownerEmail }) => ({ path: '/api/configurator/product-order/share', body: { orgId, productOrderOrgSpecificId: orgSpecificId, sharees: [{ email: ownerEmail }] } }),
  'configurator.addSharee': ({ orderId, ownerEmail }) => ({ path: '/api/configurator/product-order/add-sharee', body: { productOrderId: orderId, shareeEmail: ownerEmail } }),
  'configurator.getOrCreateSharee': ({ orderId, ownerEmail }) => ({ path: '/api/configurator/product-order/get-or-create-sharee', body: { productOrderId: orderId, shareeEmail: ownerEmail } }),
  'configurator.removeSharee': ({ orgId, orgSpecificId, ownerEmail }) => ({ path: '/api/configurator/product-order/remove-sharee', body: { orgId, productOrderOrgSpecificId: orgSpecificId, shareeEmail: ownerEmail } }),
  'configurator.updateInvolvedUsersData': ({ orgId, orgSpecificId, ownerId }) => ({ path: '/api/configurator/product-order/update-involved-users-data', body: { orgId, productOrderOrgSpecificId: orgSpecificId, shareeId: ownerId, pricingIsHidden: 1 } }),
  // Token calls with a well-formed token nobody made.
  'configurator.getOrgRoleForToken': () => ({ path: '/api/configurator/get-org-role-for-token', body: { shareToken: 'A'.repeat(43) } }),
  'configurator.handleGuestShareLink': () => ({ path: '/api/configurator/product-order/handle-guest-share-link', body: { shareToken: 'A'.repeat(43) } }),
  'auth.readInvitation': () => ({ path: '/api/auth/invitation', body: { token: 'A'.repeat(43) } }),
  'auth.acceptInvitation': () => ({ path: '/api/auth/accept-invitation', body: { token: 'A'.repeat(43), password: 'a long enough password' } }),
  'brand.read': ({ orgId }) => ({ method: 'GET', path: `/api/brand/${orgId}` }),
  // Admin reads of guests and user groups.
  'integrations.manage': ({ orgId }) => ({ path: '/api/integrations/get-connect-session', body: { orgId, integrationKey: 'monday' } }),
  'guests.manage': ({ orgId }) => ({ path: '/api/configurator/get-configurator-guests-data', body: { orgId } }),
  'userGroups.manage': ({ orgId }) => ({ path: '/api/resources/userGroups/get', body: { where: { orgId } } }),
  'apiTokens.manage': ({ orgId }) => ({ path: '/api/orgs/api-tokens/get', body: { orgId } }),
  // Media writes: an upload of a small PNG (the body is the image, not JSON).
  'media.write': ({ orgId }) => ({ path: `/api/media/upload?orgId=${orgId}`, raw: png() }),
  // Which orders a pricing rule version prices (1392's rule 6, 'Light fixtures').
  'pricingRules.versionOrders': ({ orgId }) => ({ path: '/api/configurator/get-pricing-version-orders', body: { orgId, productPricingRuleId: 6, versionKey: '1' } }),
  'pricingRules.versionImpact': ({ orgId }) => ({ path: '/api/configurator/get-pricing-version-impact', body: { orgId, productPricingRuleId: 6, versionKey: '1' } }),
  // Version 1 of rule 6 is published: an owner gets through and is refused (409, nothing written).
  'pricingRules.publishVersion': ({ orgId }) => ({ path: '/api/configurator/publish-pricing-version', body: { orgId, productPricingRuleId: 6, versionKey: '1' } }),
};

/**
 * Expected answers written from the product rules, not read from the policy table: every signed-in
 * member may use the home page, create orders, read the catalogue and work on orders; a guest only on
 * orders they own or are involved in (another order answers like a missing one, 404); for a
 * non-member the organisation and its orders answer like missing ones (404, so an id tells nobody
 * what exists); an anonymous caller is asked to sign in (401). `mine` is an order the guest owns.
 */
type Who = 'owner' | 'member' | 'guest' | 'nonMember' | 'anonymous';
const EXPECTED: Record<Exclude<Endpoint, 'resources.write'>, { others: Record<Who, number>; mine?: number }> = {
  'configurator.getHomepageData': { others: { owner: 200, member: 200, guest: 200, nonMember: 404, anonymous: 401 } },
  'configurator.createProductOrder': { others: { owner: 200, member: 200, guest: 200, nonMember: 404, anonymous: 401 } },
  'configurator.getOrderData': { others: { owner: 200, member: 200, guest: 404, nonMember: 404, anonymous: 401 }, mine: 200 },
  // A PDF of the documents or drawings: whoever reaches the order (as its data); the packing slip and
  // the factory document are employee documents (a guest is refused even on their own order).
  'documents.pdf': { others: { owner: 200, member: 200, guest: 404, nonMember: 404, anonymous: 401 }, mine: 200 },
  'documents.employeeModes': { others: { owner: 200, member: 200, guest: 403, nonMember: 404, anonymous: 401 }, mine: 403 },
  'configurator.getCatalogue': { others: { owner: 200, member: 200, guest: 404, nonMember: 404, anonymous: 401 }, mine: 200 },
  'resources.get': { others: { owner: 200, member: 200, guest: 200, nonMember: 404, anonymous: 401 } },
  // The guest's own order is In Production: its items and details are locked for them (what each status allows).
  'productInstances.write': { others: { owner: 200, member: 200, guest: 404, nonMember: 404, anonymous: 401 }, mine: 409 },
  // Whoever may change an order's items may change its drawing; these orders have none to change.
  'spatial.write': { others: { owner: 409, member: 409, guest: 404, nonMember: 404, anonymous: 401 }, mine: 409 },
  'productOrders.update': { others: { owner: 200, member: 200, guest: 404, nonMember: 404, anonymous: 401 }, mine: 409 },
  // Discarding a left, untitled, empty order: its owner or an employee; an order with items is kept (409).
  'productOrders.destroy': { others: { owner: 409, member: 409, guest: 404, nonMember: 404, anonymous: 401 }, mine: 409 },
  // Copy: everyone who reaches the order; a guest only their own.
  'configurator.duplicateProductOrder': { others: { owner: 200, member: 200, guest: 404, nonMember: 404, anonymous: 401 }, mine: 200 },
  // Owner change and its candidate list: employees only.
  'configurator.changeOrderOwner': { others: { owner: 200, member: 200, guest: 403, nonMember: 404, anonymous: 401 }, mine: 403 },
  'configurator.getOrderOwnerCandidates': { others: { owner: 200, member: 200, guest: 403, nonMember: 404, anonymous: 401 } },
  'configurator.createProductOrderWithItems': { others: { owner: 200, member: 200, guest: 200, nonMember: 404, anonymous: 401 } },
  // The orders list: every member (a guest's list holds only their orders); CSV export and status counts are employee tools.
  'configurator.getOrdersData': { others: { owner: 200, member: 200, guest: 200, nonMember: 404, anonymous: 401 } },
  'configurator.exportOrdersCsv': { others: { owner: 200, member: 200, guest: 403, nonMember: 404, anonymous: 401 } },
  'configurator.getOrdersCount': { others: { owner: 200, member: 200, guest: 403, nonMember: 404, anonymous: 401 } },
  // Costs recalculation: platform administrators only (none of 1392's users is one; see ordersList.test.ts for who is).
  'configurator.updateOrderCosts': { others: { owner: 403, member: 403, guest: 403, nonMember: 404, anonymous: 401 } },
  // Status: anyone who reaches the order may submit, cancel, ask for news and pay; the machine refuses
  // what the order's step does not allow (409). Approval, changes requested, status dots and the
  // timeline are for employees. 1392 hides prices from its guest: paying is refused (403).
  'configurator.submitOrder': { others: { owner: 409, member: 409, guest: 404, nonMember: 404, anonymous: 401 }, mine: 409 },
  'configurator.approveOrder': { others: { owner: 409, member: 409, guest: 403, nonMember: 404, anonymous: 401 }, mine: 403 },
  'configurator.actionRequired': { others: { owner: 409, member: 409, guest: 403, nonMember: 404, anonymous: 401 }, mine: 403 },
  // A new order is open: nothing to reopen (409) for staff; never a guest's call.
  'configurator.reopenOrder': { others: { owner: 409, member: 409, guest: 403, nonMember: 404, anonymous: 401 }, mine: 403 },
  // A customer (prices hidden or not) cannot cancel an order that is In Production.
  'configurator.cancelOrder': { others: { owner: 409, member: 409, guest: 404, nonMember: 404, anonymous: 401 }, mine: 409 },
  'configurator.updateOrderStatus': { others: { owner: 200, member: 200, guest: 403, nonMember: 404, anonymous: 401 }, mine: 403 },
  'configurator.requestStatusUpdate': { others: { owner: 409, member: 409, guest: 404, nonMember: 404, anonymous: 401 }, mine: 200 },
  'configurator.getOrderStatusEvents': { others: { owner: 200, member: 200, guest: 403, nonMember: 404, anonymous: 401 }, mine: 403 },
  // Revisions are read like the order. The owner's order 1 was never submitted (no revision 1: 404
  // revisionNotFound); the guest's order 2, in production, has its first revision.
  'configurator.getOrderRevisions': { others: { owner: 200, member: 200, guest: 404, nonMember: 404, anonymous: 401 }, mine: 200 },
  'configurator.getOrderRevision': { others: { owner: 404, member: 404, guest: 404, nonMember: 404, anonymous: 401 }, mine: 200 },
  // Restoring is staff work (order 1 has no revision 1 to restore).
  'configurator.restoreRevision': { others: { owner: 404, member: 404, guest: 403, nonMember: 404, anonymous: 401 }, mine: 403 },
  'orgSettings.quoteAcceptance': { others: { owner: 200, member: 403, guest: 403, nonMember: 404, anonymous: 401 } },
  // Accepting is the customer's: the owner of order 1 is its customer (nothing submitted yet: 409), a
  // member is not (403); 1392's demo guest sees no prices, so is refused even on their own order (403).
  'configurator.acceptQuote': { others: { owner: 409, member: 403, guest: 404, nonMember: 404, anonymous: 401 }, mine: 403 },
  'configurator.confirmOrderPayment': { others: { owner: 409, member: 409, guest: 404, nonMember: 404, anonymous: 401 }, mine: 403 },
  'configurator.createPaymentIntent': { others: { owner: 409, member: 409, guest: 404, nonMember: 404, anonymous: 401 }, mine: 403 },
  // An unknown payment: missing for everyone signed in (a payment of another organisation is as missing).
  'configurator.updatePaymentIntent': { others: { owner: 404, member: 404, guest: 404, nonMember: 404, anonymous: 401 }, mine: 404 },
  'configurator.getPaymentIntent': { others: { owner: 404, member: 404, guest: 404, nonMember: 404, anonymous: 401 } },
  'configurator.getTaxRate': { others: { owner: 200, member: 200, guest: 200, nonMember: 404, anonymous: 401 } },
  // Your own preferences: anyone signed in, member of the organisation or not.
  'users.updatePreferences': { others: { owner: 200, member: 200, guest: 200, nonMember: 200, anonymous: 401 } },
  // Sharing: everyone who reaches the order sees who is involved, searches, makes a link and shares;
  // the order's owner is never shared with again, added, removed or given hidden prices (400). Only
  // employees and the order's owner while they see prices change price visibility: 1392 hides prices
  // from its guest, so the guest is refused on their own order (403).
  'configurator.getInvolvedUsers': { others: { owner: 200, member: 200, guest: 404, nonMember: 404, anonymous: 401 }, mine: 200 },
  'configurator.getShareeCandidates': { others: { owner: 200, member: 200, guest: 404, nonMember: 404, anonymous: 401 }, mine: 200 },
  'configurator.generateShareableLink': { others: { owner: 200, member: 200, guest: 404, nonMember: 404, anonymous: 401 }, mine: 200 },
  'configurator.share': { others: { owner: 400, member: 400, guest: 404, nonMember: 404, anonymous: 401 }, mine: 400 },
  'configurator.addSharee': { others: { owner: 400, member: 400, guest: 404, nonMember: 404, anonymous: 401 }, mine: 400 },
  'configurator.getOrCreateSharee': { others: { owner: 200, member: 200, guest: 404, nonMember: 404, anonymous: 401 }, mine: 200 },
  'configurator.removeSharee': { others: { owner: 400, member: 400, guest: 404, nonMember: 404, anonymous: 401 }, mine: 400 },
  'configurator.updateInvolvedUsersData': { others: { owner: 400, member: 400, guest: 404, nonMember: 404, anonymous: 401 }, mine: 403 },
  // No session needed: a token nobody made is the same 404 for everyone, signed in or not.
  'configurator.getOrgRoleForToken': { others: { owner: 404, member: 404, guest: 404, nonMember: 404, anonymous: 404 } },
  'configurator.handleGuestShareLink': { others: { owner: 404, member: 404, guest: 404, nonMember: 404, anonymous: 404 } },
  // An invitation link nobody made: the same 404 for everyone, signed in or not.
  'auth.readInvitation': { others: { owner: 404, member: 404, guest: 404, nonMember: 404, anonymous: 404 } },
  'auth.acceptInvitation': { others: { owner: 404, member: 404, guest: 404, nonMember: 404, anonymous: 404 } },
  // An organisation's public brand (its sign-in page): anyone, member or not, signed in or not.
  'brand.read': { others: { owner: 200, member: 200, guest: 200, nonMember: 200, anonymous: 200 } },
  // Guest mode is an employee's switch; a guest has none.
  'auth.setGuestMode': { others: { owner: 200, member: 200, guest: 403, nonMember: 404, anonymous: 401 } },
  // Guests and user groups are the owner's admin pages.
  'guests.manage': { others: { owner: 200, member: 403, guest: 403, nonMember: 404, anonymous: 401 } },
  // No integration provider is configured in tests: an owner gets through and is told so (503).
  'integrations.manage': { others: { owner: 503, member: 403, guest: 403, nonMember: 404, anonymous: 401 } },
  'userGroups.manage': { others: { owner: 200, member: 403, guest: 403, nonMember: 404, anonymous: 401 } },
  // API tokens are the owners' to make and revoke.
  'apiTokens.manage': { others: { owner: 200, member: 403, guest: 403, nonMember: 404, anonymous: 401 } },
  'media.write': { others: { owner: 200, member: 403, guest: 403, nonMember: 404, anonymous: 401 } },
  'pricingRules.versionOrders': { others: { owner: 200, member: 403, guest: 403, nonMember: 404, anonymous: 401 } },
  'pricingRules.versionImpact': { others: { owner: 200, member: 403, guest: 403, nonMember: 404, anonymous: 401 } },
  // Publishing what is published already is refused (409) to the owner it is for.
  'pricingRules.publishVersion': { others: { owner: 409, member: 403, guest: 403, nonMember: 404, anonymous: 401 } },
};

describe('policy table', () => {
  it('keeps catalogue writes to owners', () => {
    expect(can('resources.write', 'owner')).toBe(true);
    expect(can('resources.write', 'member')).toBe(false);
    expect(can('resources.write', 'guest')).toBe(false);
    expect(can('configurator.getHomepageData', 'someFutureRole')).toBe(true); // unknown active roles act as guests
  });
  it('has an expected row for every endpoint', () => {
    expect(Object.keys(POLICY).sort()).toEqual([...Object.keys(EXPECTED), 'resources.write'].sort());
  });
});

describe.each(databases)('policy matrix on $name', (dbCase) => {
  let t: TestApp;
  let others: Ids;
  let mine: Ids;
  const clients: Record<string, Client> = {};
  beforeAll(async () => {
    t = await startTestApp(dbCase);
    const idsOf = async (orgSpecificId: number): Promise<Ids> => {
      const order = (await t.repos.productOrders.findOne({ orgId: 1392, orgSpecificId }))!;
      const item = (await t.repos.productInstances.find({ productOrderId: order.id }))[0]!;
      const owner = (await t.repos.users.findOne({ id: order.userId }))!;
      return { orgId: 1392, orderId: order.id, orgSpecificId, instanceId: item.id, ownerId: order.userId, ownerEmail: owner.email!, statusKey: order.lastCompletedStatusKey! };
    };
    others = await idsOf(1); // owned by owner-1392
    mine = await idsOf(2); // owned by guest-1392
    for (const role of ['owner', 'member', 'guest']) clients[role] = await t.as(`${role}-1392@demo.test`);
    await enableIntegration(t, 1392, { title: 'Monday', key: 'monday' });
    clients.nonMember = await t.as('owner-1450@demo.test');
    clients.anonymous = t.client();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('routes a call for every endpoint of the policy table that has a route', () => {
    const unrouted = (Object.keys(POLICY) as Endpoint[]).filter((e) => !CALLS[e]);
    expect(unrouted).toEqual(['resources.write']); // admin writes: no route yet
  });

  for (const [endpoint, expected] of Object.entries(EXPECTED) as Array<[Endpoint, (typeof EXPECTED)[keyof typeof EXPECTED]]>) {
    for (const [who, status] of Object.entries(expected.others) as Array<[Who, number]>) {
      it(`${endpoint} × ${who} on another's order → ${status}`, async () => {
        const { path, body, method = 'POST', raw } = CALLS[endpoint]!(others);
        const res = await clients[who]!.request(method, path, body, raw ? { raw, headers: { 'content-type': 'application/octet-stream' } } : {});
        expect(res.status).toBe(status);
        if (status === 401) expect(res.body.error.code).toBe('unauthenticated');
        if (status === 403) expect(res.body.error.code).toBe('forbidden');
        // A non-member learns nothing: the same not-found as a missing organisation or order (a share token nobody made: its own).
        if (who === 'nonMember' && status === 404) expect(res.body.error.code).toMatch(/^((organisation|order|instance|invitation)NotFound|shareLinkInvalid)$/);
      });
    }
    if (expected.mine) {
      it(`${endpoint} × guest on their own order → ${expected.mine}`, async () => {
        const { path, body, method = 'POST' } = CALLS[endpoint]!(mine);
        expect((await clients.guest!.request(method, path, body)).status).toBe(expected.mine);
      });
    }
  }
});

describe('what a share link gave ends with it', () => {
  it('an involvement ends only when it came through an ended link, and never the owner’s', async () => {
    const { involvementEndsWithLinks } = await import('../src/policy.ts');
    const order = { userId: 1 };
    expect(involvementEndsWithLinks(order, 7, { shareTokenId: 40 }, [40])).toBe(true);
    expect(involvementEndsWithLinks(order, 7, { shareTokenId: 41 }, [40])).toBe(false);
    // Shared by email (no link on the entry): stays.
    expect(involvementEndsWithLinks(order, 7, {}, [40])).toBe(false);
    expect(involvementEndsWithLinks(order, 1, { shareTokenId: 40 }, [40])).toBe(false);
  });

  it('a membership a link made ends with the last way in, never a guest record’s or an employee’s', async () => {
    const { linkMembershipEnds } = await import('../src/policy.ts');
    const none = { guestRecord: false, anOrder: false };
    expect(linkMembershipEnds({ role: 'guest', shareTokenId: 40 }, none)).toBe(true);
    expect(linkMembershipEnds({ role: 'guest', shareTokenId: 40 }, { ...none, guestRecord: true })).toBe(false);
    expect(linkMembershipEnds({ role: 'guest', shareTokenId: 40 }, { ...none, anOrder: true })).toBe(false);
    expect(linkMembershipEnds({ role: 'guest', shareTokenId: null }, none)).toBe(false);
    expect(linkMembershipEnds({ role: 'member', shareTokenId: 40 }, none)).toBe(false);
    expect(linkMembershipEnds(undefined, none)).toBe(false);
  });
});
