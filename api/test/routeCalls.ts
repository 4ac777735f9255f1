/**
 * A valid body for every POST route, on the demo data of the organisation that `RouteIds` names: the
 * fuzz test mutates them, the authorisation matrix sends them. Harmless to repeat where it can be.
 */
export interface RouteIds {
  orgId: number;
  orderId: number;
  orgSpecificId: number;
  instanceId: number;
  ownerId: number;
  statusKey: string;
}

/** Logging out would end the fuzzing session; its body is ignored anyway. */
/** The media upload's body is image bytes, not JSON: test/media.test.ts sends it malformed input of its own. */
export const FUZZ_EXCLUDED: ReadonlySet<string> = new Set(['/api/auth/logout', '/api/media/upload']);

const C = '/api/configurator';
const R = '/api/resources';
const CONTACT = { phone: '(207) 555-0142', deliveryAddress: { streetAddress: '1 Quay St', city: 'Portland', state: 'ME', zip: '04101', country: 'US' } };

export function validBodies(ids: RouteIds): Record<string, unknown> {
  const { orgId, orderId, orgSpecificId, instanceId, ownerId, statusKey } = ids;
  return {
    '/api/webhooks/payments': { id: 'evt_1', type: 'payment_intent.succeeded', data: { object: { id: 'pi_1' } } },
    '/api/auth/login': { email: 'nobody@demo.test', password: 'wrong' },
    '/api/auth/guest-mode': { orgId, guestMode: false },
    '/api/auth/invitation': { token: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
    '/api/auth/accept-invitation': { token: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', password: 'a long enough password' },
    [`${C}/submit-order`]: { productOrderId: orderId },
    [`${C}/approve-order`]: { productOrderId: orderId },
    [`${C}/product-order/action-required`]: { productOrderId: orderId, feedbackNotes: 'Please check the sizes.' },
    [`${C}/product-order/reopen`]: { productOrderId: orderId, reason: 'The customer asked for another finish.' },
    [`${C}/product-order/cancel`]: { productOrderId: orderId },
    [`${C}/update-order-status`]: { productOrderId: orderId, statusKey },
    [`${C}/request-status-update`]: { productOrderId: orderId },
    [`${C}/get-order-status-events`]: { productOrderId: orderId },
    [`${C}/product-order/revisions`]: { productOrderId: orderId },
    [`${C}/product-order/revision`]: { productOrderId: orderId, revisionNumber: 1 },
    [`${C}/product-order/restore-revision`]: { productOrderId: orderId, revisionNumber: 99999 },
    [`${C}/product-order/accept-quote`]: { productOrderId: orderId, revisionNumber: 1, fullName: 'Fuzz Customer', termsAccepted: true },
    [`${C}/product-order/quote-acceptance-setting`]: { orgId },
    [`${C}/confirm-order-payment`]: { productOrderId: orderId, paymentMethod: 'wire', paymentData: { amount: 0 } },
    [`${C}/create-stripe-payment-intent`]: { productOrderId: orderId, isCardPayment: true, paymentEnvironment: 'live', payInFull: true },
    [`${C}/update-stripe-payment-intent`]: { productOrderId: orderId, paymentIntentId: 'pi_unknown', isCardPayment: true, paymentEnvironment: 'live', payInFull: true },
    [`${C}/get-stripe-payment-intent`]: { paymentIntentId: 'pi_unknown', paymentEnvironment: 'live' },
    [`${C}/get-tax-rate`]: { orgId, deliveryAddress: { state: 'ME' } },
    [`${C}/get-configurator-homepage-data`]: { orgId },
    [`${C}/create-product-order`]: { productOrderProps: { orgId } },
    [`${C}/get-configurator-order-data`]: { orgId, productOrderOrgSpecificId: orgSpecificId },
    // The drawing of an order (fuzzed on the entities resource; the demo order is not spatial: 409).
    '/api/spatial/:resourceKey/create': { props: { orgId, productOrderId: orderId, type: 'calicoMuralArea', data: { position: { x: 0, y: 0 }, size: { width: 30, height: 30 } } } },
    '/api/spatial/:resourceKey/update': { where: { id: 1 }, props: { data: { position: { x: 10, y: 10 } } } },
    '/api/spatial/:resourceKey/destroy': { where: { id: 1 } },
    '/api/spatial/entities/batch-update': { updates: [{ where: { id: 1 }, props: { data: { position: { x: 1, y: 1 } } } }] },
    '/api/documents/pdf': { orgId, productOrderOrgSpecificId: orgSpecificId, document: 'documents', mode: 'quote', hideDiscount: false },
    [`${C}/get-configurator-orders-data`]: { orgId },
    [`${C}/get-configurator-orders-count`]: { orgId, statusKeys: ['orderStarted'] },
    [`${C}/update-product-order-costs`]: { orgId },
    '/api/users/update-preferences': { cartIsVisible: true },
    '/api/orgs/api-tokens/get': { orgId },
    '/api/orgs/api-tokens/create': { orgId, name: 'Fuzz', scopes: ['orders:read'] },
    '/api/orgs/api-tokens/revoke': { orgId, id: 1 },
    '/api/orgs/api-tokens/calls': { orgId, id: 1 },
    [`${R}/productInstances/create`]: { props: { productOrderId: orderId, productId: 98, title: 'Fuzz', quantity: 1 } },
    [`${R}/productInstances/update`]: { where: { id: instanceId }, props: { notes: 'Checked' } },
    [`${R}/productInstances/destroy`]: { where: { id: instanceId } },
    [`${R}/productOrders/update`]: { where: { id: orderId }, props: CONTACT },
    [`${R}/productOrders/destroy`]: { where: { id: orderId } },
    [`${C}/duplicate-product-order`]: { productOrderId: orderId },
    [`${C}/change-order-owner`]: { productOrderId: orderId, userId: ownerId },
    [`${C}/get-order-owner-candidates`]: { orgId },
    [`${C}/create-product-order-with-items`]: { productOrderProps: { orgId, title: 'Fuzz', productCategoryId: 1 }, propsSets: [{ productId: 98, quantity: 1 }] },
    [`${R}/:resourceKey/get`]: { where: { orgId } },
    // Catalogue writes, fuzzed on products: a new product, its title set again, an archived product (102) archived again.
    [`${R}/:resourceKey/create`]: { props: { orgId, title: 'Fuzz' } },
    [`${R}/:resourceKey/update`]: { where: { id: 98 }, props: { title: 'Crestnet Keypad' } },
    [`${R}/:resourceKey/destroy`]: { where: { id: 102 } },
    [`${R}/:resourceKey/duplicate`]: { where: { id: 98 } },
    '/api/integrations/get-connect-session': { orgId, integrationKey: 'monday' },
    [`${C}/get-org-role-for-token`]: { shareToken: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
    [`${C}/product-order/handle-guest-share-link`]: { shareToken: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
    [`${C}/product-order/get-involved-users`]: { orgId, productOrderOrgSpecificId: orgSpecificId },
    [`${C}/product-order/get-sharee-candidates`]: { productOrderId: orderId },
    [`${C}/product-order/generate-shareable-link`]: { productOrderId: orderId },
    [`${C}/product-order/share`]: { orgId, productOrderOrgSpecificId: orgSpecificId, sharees: [{ email: 'colleague@example.test' }], shareNote: 'Have a look.' },
    [`${C}/product-order/add-sharee`]: { productOrderId: orderId, shareeEmail: 'colleague@example.test' },
    [`${C}/product-order/get-or-create-sharee`]: { productOrderId: orderId, shareeEmail: 'colleague@example.test' },
    [`${C}/product-order/remove-sharee`]: { orgId, productOrderOrgSpecificId: orgSpecificId, shareeEmail: 'colleague@example.test' },
    [`${C}/product-order/update-involved-users-data`]: { orgId, productOrderOrgSpecificId: orgSpecificId, shareeId: ownerId, pricingIsHidden: 1 },
    // Guests and user groups: inviting the demo guest again is refused (409); the order's owner is an
    // employee, not a guest (404); group 1 is 850's 'Guests', renamed to its own title; group 999999 is missing.
    [`${C}/get-configurator-guests-data`]: { orgId },
    '/api/orgs/invite-guest': { email: `guest-${orgId}@demo.test`, activeOrgId: orgId, pricingIsHidden: 0 },
    '/api/orgs/disinvite-guest': { orgId, userId: ownerId },
    // Media: 850's demo medium 1 captioned with its own caption; medium 999999 is missing.
    [`${R}/media/update`]: { where: { id: 1 }, props: { title: 'Crestnet keypad, satin brass', associations: { products: { '98': true } } } },
    [`${R}/media/destroy`]: { where: { id: 999999 } },
    '/api/orgs/update-guest-data': { orgId, userId: ownerId, updateProps: { appData: { designEngine: { discount: { type: 'percent', value: 10 }, disableSalesTax: false } } } },
    // Rule 1 is 850's keypad rule (the fuzzed organisation).
    [`${C}/get-pricing-version-orders`]: { orgId, productPricingRuleId: 1, versionKey: '1' },
    // What version 1 of rule 1 would do with a draft text in its place (nothing is written).
    [`${C}/get-pricing-version-impact`]: { orgId, productPricingRuleId: 1, versionKey: '1', draft: { created: '2025-01-01 00:00:00', expressions: [{ type: 'fixed', props: { value: 4370 }, operator: '+' }] } },
    // Version 1 of rule 1 is published already: refused with 409, nothing written.
    [`${C}/publish-pricing-version`]: { orgId, productPricingRuleId: 1, versionKey: '1' },
    [`${R}/userGroups/get`]: { where: { orgId } },
    [`${R}/userGroups/create`]: { props: { orgId, title: 'Fuzz', userIds: [] } },
    [`${R}/userGroups/update`]: { where: { id: 1 }, props: { title: 'Guests' } },
    [`${R}/userGroups/destroy`]: { where: { id: 999999 } },
  };
}
