import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TOKEN_SCOPES, type ApiTokenScope } from '@cpq/domain';
import { Client, databases, enableIntegration, startTestApp, type TestApp } from './helpers.ts';
import { png } from './mediaFixtures.ts';
import { keysIn, pricesIn } from './prices.ts';
import { freezeRevision } from '../src/services/revisionFreeze.ts';

/**
 * The authorisation matrix: every route of the API (read from the app's route table, so a new route
 * without a row here fails) × eight callers × three orders: the caller's own order, another person's
 * order in the same organisation, and an order of another organisation. Each cell asserts the status
 * and that nothing leaks: no price to a caller whose prices are hidden, no employee-only field to a
 * guest, nothing of another organisation.
 *
 * Expected statuses are written from the rules, not read from policy.ts:
 * - anonymous callers are asked to sign in (401), except on the calls that need no session;
 * - an organisation the caller is not a member of, or an order they cannot reach, answers exactly
 *   like a missing one (404): no existence oracle;
 * - employee-only calls refuse guests (403), guest mode and sharees included (they are guests);
 * - employees reach every order of their organisation; a guest only orders they own or are involved in;
 * - what a reached call then answers depends on the order (a new order without a phone, at its first
 *   step: submitting, approving, cancelling, paying are refused with 409) and on prices (paying needs them).
 */

type ActorName = 'owner' | 'member' | 'guest' | 'ownerGuestMode' | 'shareeByLink' | 'priceHiddenGuest' | 'otherOrgEmployee' | 'anonymous' | 'tokenOrdersRead' | 'tokenAllScopes';
type Kind = 'own' | 'sameOrg' | 'otherOrg';

interface Actor {
  name: ActorName;
  client: Client;
  /** The one organisation the caller belongs to (null: anonymous). */
  orgId: number | null;
  /** Owner or member, not in guest mode. */
  employee: boolean;
  /** Prices hidden from this caller on their own order. */
  pricingHidden: boolean;
  /** The organisation's owner, not in guest mode. */
  owner: boolean;
  /** A platform administrator (users 1 and 2 of the demo: 850's owner and member). */
  platformAdmin: boolean;
  /** An API token of 850's owner, with these scopes (no cookie, no Origin). */
  tokenScopes?: readonly ApiTokenScope[];
}

interface OrderIds {
  orgId: number;
  orderId: number;
  orgSpecificId: number;
  instanceId: number;
  ownerId: number;
  statusKey: string;
}

interface CellContext {
  t: TestApp;
  ids: OrderIds;
  actor: Actor;
  colleague: { id: number; email: string };
}

type Call = { method?: 'GET' | 'POST'; path: string; body?: unknown; raw?: Buffer; headers?: Record<string, string> };

interface RouteRow {
  /** public: no session needed; user: any signed-in person; org: a member of the named organisation; order: one who reaches the order. */
  scope: 'public' | 'user' | 'org' | 'order';
  employeesOnly?: boolean;
  /** The catalogue writes of the admin area: owners only (members and guests 403). */
  ownersOnly?: boolean;
  /** Answers a description of the API (field names, no data): not searched for leaked fields. */
  describesFields?: boolean;
  call(c: CellContext): Call | Promise<Call>;
  /** The answer of an admitted caller who reaches the order (for public rows: of anyone). */
  reached: number | ((actor: Actor, kind: Kind) => number);
}

const C = '/api/configurator';
const R = '/api/resources';
const BOGUS_TOKEN = 'Zm9vYmFyZm9vYmFyZm9vYmFyZm9vYmFyZm9vYmFyZm9v';
const payer = (a: Actor) => (a.pricingHidden ? 403 : 409);

/** Tables that count failures per caller: reset before each cell, so that a cell sees the call's own answer, not a throttle. */
const THROTTLE_TABLES = ['login_attempts', 'login_throttle'];

const ROUTES: Record<string, RouteRow> = {
  'POST /api/webhooks/payments': { scope: 'public', call: () => ({ path: '/api/webhooks/payments', body: { id: 'evt_1' } }), reached: 400 },
  'POST /api/auth/login': { scope: 'public', call: () => ({ path: '/api/auth/login', body: { email: 'nobody@demo.test', password: 'wrong' } }), reached: 401 },
  // Called with a new session of the same caller: the matrix checks that one ended and theirs did not.
  // Invitation links: no session needed; a token nobody made is the same 404 for everyone.
  'POST /api/auth/invitation': { scope: 'public', call: () => ({ path: '/api/auth/invitation', body: { token: BOGUS_TOKEN } }), reached: 404 },
  'POST /api/auth/accept-invitation': { scope: 'public', call: () => ({ path: '/api/auth/accept-invitation', body: { token: BOGUS_TOKEN, password: 'a long enough password' } }), reached: 404 },
  'POST /api/auth/logout': { scope: 'public', call: () => ({ path: '/api/auth/logout' }), reached: 200 },
  'GET /api/auth/session': { scope: 'user', call: () => ({ method: 'GET', path: '/api/auth/session' }), reached: 200 },
  'POST /api/auth/guest-mode': {
    scope: 'org',
    // Switching on what is already on (or off) changes nothing; guests may not switch.
    call: ({ ids, actor }) => ({ path: '/api/auth/guest-mode', body: { orgId: ids.orgId, guestMode: actor.name === 'ownerGuestMode' } }),
    reached: (a) => (a.employee || a.name === 'ownerGuestMode' ? 200 : 403),
  },
  // An organisation's public brand (name, logo, icon, accent) for its sign-in page: anyone, any organisation.
  'GET /api/brand/:orgId': { scope: 'public', call: ({ ids }) => ({ method: 'GET', path: `/api/brand/${ids.orgId}` }), reached: 200 },
  'GET /api/health/live': { scope: 'public', call: () => ({ method: 'GET', path: '/api/health/live' }), reached: 200 },
  // The API's OpenAPI document: anyone, like the routes it describes are listed for anyone.
  'GET /api/openapi.json': { scope: 'public', describesFields: true, call: () => ({ method: 'GET', path: '/api/openapi.json' }), reached: 200 },
  'GET /api/health/ready': { scope: 'public', call: () => ({ method: 'GET', path: '/api/health/ready' }), reached: 200 },
  'POST /api/users/update-preferences': { scope: 'user', call: () => ({ path: '/api/users/update-preferences', body: { cartIsVisible: true } }), reached: 200 },
  'GET /api/platform/background-tasks': { scope: 'user', call: () => ({ method: 'GET', path: '/api/platform/background-tasks' }), reached: (a) => (a.platformAdmin ? 200 : 403) },

  [`POST ${C}/get-configurator-homepage-data`]: { scope: 'org', call: ({ ids }) => ({ path: `${C}/get-configurator-homepage-data`, body: { orgId: ids.orgId } }), reached: 200 },
  [`POST ${C}/create-product-order`]: { scope: 'org', call: ({ ids }) => ({ path: `${C}/create-product-order`, body: { productOrderProps: { orgId: ids.orgId } } }), reached: 200 },
  [`POST ${C}/create-product-order-with-items`]: {
    scope: 'org',
    call: ({ ids }) => ({ path: `${C}/create-product-order-with-items`, body: { productOrderProps: { orgId: ids.orgId, title: 'Matrix', productCategoryId: ids.orgId === 850 ? 1 : 8 }, propsSets: [{ productId: ids.orgId === 850 ? 98 : 130, title: 'Entry', quantity: 1 }] } }),
    reached: 200,
  },
  [`POST ${C}/get-configurator-orders-data`]: { scope: 'org', call: ({ ids }) => ({ path: `${C}/get-configurator-orders-data`, body: { orgId: ids.orgId } }), reached: 200 },
  [`POST ${C}/get-configurator-orders-count`]: { scope: 'org', employeesOnly: true, call: ({ ids }) => ({ path: `${C}/get-configurator-orders-count`, body: { orgId: ids.orgId, statusKeys: ['orderStarted'] } }), reached: 200 },
  // Platform administrators only (850's owner and member are; 1053's owner is not).
  [`POST ${C}/update-product-order-costs`]: { scope: 'org', employeesOnly: true, call: ({ ids }) => ({ path: `${C}/update-product-order-costs`, body: { orgId: ids.orgId } }), reached: (a) => (a.platformAdmin ? 200 : 403) },
  [`POST ${C}/get-order-owner-candidates`]: { scope: 'org', employeesOnly: true, call: ({ ids }) => ({ path: `${C}/get-order-owner-candidates`, body: { orgId: ids.orgId } }), reached: 200 },
  [`POST ${C}/get-tax-rate`]: { scope: 'org', call: ({ ids }) => ({ path: `${C}/get-tax-rate`, body: { orgId: ids.orgId, deliveryAddress: { state: 'ME' } } }), reached: 200 },
  // Catalogue writes (850: category 1 'Keypads'; 1053: category 8 'Flooring'): the same title again changes nothing.
  [`POST ${R}/:resourceKey/create`]: { scope: 'org', ownersOnly: true, call: ({ ids }) => ({ path: `${R}/productPricingRules/create`, body: { props: { orgId: ids.orgId, title: 'Matrix' } } }), reached: 200 },
  [`POST ${R}/:resourceKey/update`]: {
    scope: 'org',
    ownersOnly: true,
    call: ({ ids }) => ({ path: `${R}/productCategories/update`, body: ids.orgId === 850 ? { where: { id: 1 }, props: { title: 'Keypads' } } : { where: { id: 8 }, props: { title: 'Flooring' } } }),
    reached: 200,
  },
  [`POST ${R}/:resourceKey/duplicate`]: { scope: 'org', ownersOnly: true, call: ({ ids }) => ({ path: `${R}/products/duplicate`, body: { where: { id: ids.orgId === 850 ? 98 : 130 } } }), reached: 200 },
  [`POST ${R}/:resourceKey/destroy`]: {
    scope: 'org',
    ownersOnly: true,
    async call({ t, ids }) {
      // A pricing rule of its own for each cell, used by no product.
      const id = await t.repos.productPricingRules.insert({ orgId: ids.orgId, title: 'To delete', deleted: 0, versions: {} });
      return { path: `${R}/productPricingRules/destroy`, body: { where: { id } } };
    },
    reached: 200,
  },
  // Guests and user groups (owners only). Inviting the demo guest again is refused (409); each cell
  // disinvites and destroys its own guest and group; updates set the values they have.
  // Media (owners only): an upload of a small PNG; each cell updates (to its own title) and destroys a medium of its own.
  'POST /api/media/upload': {
    scope: 'org',
    ownersOnly: true,
    call: ({ ids }) => ({ path: `/api/media/upload?orgId=${ids.orgId}`, raw: png(), headers: { 'content-type': 'application/octet-stream' } }),
    reached: 200,
  },
  [`POST ${R}/media/update`]: {
    scope: 'org',
    ownersOnly: true,
    async call({ t, ids }) {
      const id = await t.repos.media.insert({ orgId: ids.orgId, type: 'image', title: 'Matrix', hasFile: 0, associations: {} });
      return { path: `${R}/media/update`, body: { where: { id }, props: { title: 'Matrix' } } };
    },
    reached: 200,
  },
  [`POST ${R}/media/destroy`]: {
    scope: 'org',
    ownersOnly: true,
    async call({ t, ids }) {
      const id = await t.repos.media.insert({ orgId: ids.orgId, type: 'image', title: 'To delete', hasFile: 0, associations: {} });
      return { path: `${R}/media/destroy`, body: { where: { id } } };
    },
    reached: 200,
  },
  // A file is reached by its signed address alone; one nobody signed is refused to everyone.
  'GET /api/media/file/:orgId/:name': {
    scope: 'public',
    call: () => ({ method: 'GET', path: `/api/media/file/850/${'0'.repeat(32)}.png?expires=9999999999&signature=${'0'.repeat(64)}` }),
    reached: 403,
  },
  // A medium's picture by its id (the address thumbnails name): every member of its organisation, guests included.
  'GET /api/media/:id/file': {
    scope: 'org',
    async call({ t, ids }) {
      const [m] = await t.repos.media.find({ orgId: ids.orgId, hasFile: 1 }, { columns: ['id'] });
      return { method: 'GET', path: `/api/media/${m!.id}/file` };
    },
    reached: 200,
  },
  // No integration provider is configured in tests: an owner gets through and is told so (503).
  'POST /api/integrations/get-connect-session': {
    scope: 'org',
    ownersOnly: true,
    async call({ t, ids }) {
      await enableIntegration(t, ids.orgId, { title: 'Monday', key: 'monday' });
      return { path: '/api/integrations/get-connect-session', body: { orgId: ids.orgId, integrationKey: 'monday' } };
    },
    reached: 503,
  },
  [`POST ${C}/get-configurator-guests-data`]: { scope: 'org', ownersOnly: true, call: ({ ids }) => ({ path: `${C}/get-configurator-guests-data`, body: { orgId: ids.orgId } }), reached: 200 },
  'POST /api/orgs/invite-guest': { scope: 'org', ownersOnly: true, call: ({ ids }) => ({ path: '/api/orgs/invite-guest', body: { email: `guest-${ids.orgId}@demo.test`, activeOrgId: ids.orgId, pricingIsHidden: 0 } }), reached: 409 },
  'POST /api/orgs/disinvite-guest': {
    scope: 'org',
    ownersOnly: true,
    async call({ t, ids }) {
      const userId = await newGuest(t, ids.orgId);
      return { path: '/api/orgs/disinvite-guest', body: { orgId: ids.orgId, userId } };
    },
    reached: 200,
  },
  'POST /api/orgs/update-guest-data': {
    scope: 'org',
    ownersOnly: true,
    async call({ t, ids }) {
      const guest = (await t.repos.guests.findOne({ orgId: ids.orgId, email: `guest-${ids.orgId}@demo.test` }))!;
      const { disableSalesTax } = guest.appData.designEngine;
      return { path: '/api/orgs/update-guest-data', body: { orgId: ids.orgId, userId: guest.userId, updateProps: { appData: { designEngine: { disableSalesTax } } } } };
    },
    reached: 200,
  },
  // Which orders a pricing rule version prices: 850's rule 1, 1053's rule 4, version 1 of each.
  [`POST ${C}/get-pricing-version-orders`]: {
    scope: 'org',
    ownersOnly: true,
    call: ({ ids }) => ({ path: `${C}/get-pricing-version-orders`, body: { orgId: ids.orgId, productPricingRuleId: ids.orgId === 850 ? 1 : 4, versionKey: '1' } }),
    reached: 200,
  },
  // What a version text would do to the orders of version 1 of the same rules (nothing written).
  [`POST ${C}/get-pricing-version-impact`]: {
    scope: 'org',
    ownersOnly: true,
    call: ({ ids }) => ({
      path: `${C}/get-pricing-version-impact`,
      body: { orgId: ids.orgId, productPricingRuleId: ids.orgId === 850 ? 1 : 4, versionKey: '1', draft: { created: '2025-01-01 00:00:00', expressions: [{ type: 'fixed', props: { value: 4370 }, operator: '+' }] } },
    }),
    reached: 200,
  },
  // Publishing: each cell a rule of its own with one draft, used by no product (nothing to price at $0).
  [`POST ${C}/publish-pricing-version`]: {
    scope: 'org',
    ownersOnly: true,
    async call({ t, ids }) {
      const draft = { created: '2099-01-01 00:00:00', expressions: [{ type: 'fixed', props: { value: 4370 }, operator: '+' }], draft: true };
      const id = await t.repos.productPricingRules.insert({ orgId: ids.orgId, title: 'To publish', deleted: 0, versions: { '1': draft } });
      return { path: `${C}/publish-pricing-version`, body: { orgId: ids.orgId, productPricingRuleId: id, versionKey: '1' } };
    },
    reached: 200,
  },
  [`POST ${R}/userGroups/get`]: { scope: 'org', ownersOnly: true, call: ({ ids }) => ({ path: `${R}/userGroups/get`, body: { where: { orgId: ids.orgId } } }), reached: 200 },
  [`POST ${R}/userGroups/create`]: { scope: 'org', ownersOnly: true, call: ({ ids }) => ({ path: `${R}/userGroups/create`, body: { props: { orgId: ids.orgId, title: 'Matrix', userIds: [] } } }), reached: 200 },
  [`POST ${R}/userGroups/update`]: {
    scope: 'org',
    ownersOnly: true,
    async call({ t, ids }) {
      const group = (await t.repos.userGroups.find({ orgId: ids.orgId }))[0]!;
      return { path: `${R}/userGroups/update`, body: { where: { id: group.id }, props: { title: group.title } } };
    },
    reached: 200,
  },
  [`POST ${R}/userGroups/destroy`]: {
    scope: 'org',
    ownersOnly: true,
    async call({ t, ids }) {
      const id = await t.repos.userGroups.insert({ orgId: ids.orgId, title: 'To delete', userIds: [] });
      return { path: `${R}/userGroups/destroy`, body: { where: { id } } };
    },
    reached: 200,
  },
  [`POST ${R}/:resourceKey/get`]: { scope: 'org', call: ({ ids }) => ({ path: `${R}/products/get`, body: { where: { orgId: ids.orgId } } }), reached: 200 },
  // A payment nobody made: missing for everyone signed in, whatever order it names.
  [`POST ${C}/get-stripe-payment-intent`]: { scope: 'user', call: () => ({ path: `${C}/get-stripe-payment-intent`, body: { paymentIntentId: 'pi_unknown', paymentEnvironment: 'live' } }), reached: 404 },
  [`POST ${C}/update-stripe-payment-intent`]: {
    scope: 'user',
    call: ({ ids }) => ({ path: `${C}/update-stripe-payment-intent`, body: { productOrderId: ids.orderId, paymentIntentId: 'pi_unknown', isCardPayment: true, paymentEnvironment: 'live', payInFull: true } }),
    reached: 404,
  },

  [`POST ${C}/get-configurator-order-data`]: { scope: 'order', call: ({ ids }) => ({ path: `${C}/get-configurator-order-data`, body: { orgId: ids.orgId, productOrderOrgSpecificId: ids.orgSpecificId } }), reached: 200 },
  // The quote as a PDF (a recording stand-in renders it here; the employee modes are in policy.test.ts).
  'POST /api/documents/pdf': { scope: 'order', call: ({ ids }) => ({ path: '/api/documents/pdf', body: { orgId: ids.orgId, productOrderOrgSpecificId: ids.orgSpecificId, document: 'documents', mode: 'quote' } }), reached: 200 },
  [`GET ${C}/catalogue`]: { scope: 'order', call: ({ ids }) => ({ method: 'GET', path: `${C}/catalogue?orgId=${ids.orgId}&productOrderOrgSpecificId=${ids.orgSpecificId}` }), reached: 200 },
  // The drawing: whoever reaches the order's items reaches its drawing; these orders (850 keypads,
  // 1053 flooring) are not spatial, so a caller who gets through is refused with 409.
  'POST /api/spatial/:resourceKey/create': {
    scope: 'order',
    call: ({ ids }) => ({ path: '/api/spatial/archWalls/create', body: { props: { orgId: ids.orgId, productOrderId: ids.orderId, from: { x: 0, z: 0 }, to: { x: 96, z: 0 } } } }),
    reached: 409,
  },
  'POST /api/spatial/:resourceKey/update': {
    scope: 'order',
    async call({ t, ids }) {
      const id = await t.repos.archWalls.insert({ orgId: ids.orgId, productOrderId: ids.orderId, from: { x: 0, z: 0 }, to: { x: 96, z: 0 }, height: 96, thickness: 4 });
      return { path: '/api/spatial/archWalls/update', body: { where: { id }, props: { height: 100 } } };
    },
    reached: 409,
  },
  'POST /api/spatial/:resourceKey/destroy': {
    scope: 'order',
    async call({ t, ids }) {
      const id = await t.repos.productCanvasTexts.insert({ orgId: ids.orgId, productOrderId: ids.orderId, text: 'Matrix', position: { x: 0, y: 0 }, width: 100 });
      return { path: '/api/spatial/productCanvasTexts/destroy', body: { where: { id } } };
    },
    reached: 409,
  },
  'POST /api/spatial/entities/batch-update': {
    scope: 'order',
    async call({ t, ids }) {
      const id = await t.repos.entities.insert({ orgId: ids.orgId, productOrderId: ids.orderId, type: 'calicoMuralPanel', data: { position: { x: 0, y: 0 }, size: { width: 24, height: 96 } }, properties: {}, isTentative: 0 });
      return { path: '/api/spatial/entities/batch-update', body: { updates: [{ where: { id }, props: { data: { position: { x: 24, y: 0 } } } }] } };
    },
    reached: 409,
  },
  [`POST ${R}/productInstances/create`]: {
    scope: 'order',
    // A product of the order's own organisation: 850's keypad, 1053's flooring.
    call: ({ ids }) => ({ path: `${R}/productInstances/create`, body: { props: { productOrderId: ids.orderId, productId: ids.orgId === 850 ? 98 : 130, title: 'Matrix' } } }),
    reached: 200,
  },
  [`POST ${R}/productInstances/update`]: { scope: 'order', call: ({ ids }) => ({ path: `${R}/productInstances/update`, body: { where: { id: ids.instanceId }, props: { notes: 'Checked' } } }), reached: 200 },
  [`POST ${R}/productInstances/destroy`]: {
    scope: 'order',
    async call({ t, ids }) {
      // An item of its own for each cell, so that the order keeps its first one.
      const id = await t.repos.productInstances.insert({ orgId: ids.orgId, productOrderId: ids.orderId, productId: -1, title: 'To delete', quantity: 1, rank: 99, properties: {} });
      return { path: `${R}/productInstances/destroy`, body: { where: { id } } };
    },
    reached: 200,
  },
  [`POST ${R}/productOrders/update`]: { scope: 'order', call: ({ ids }) => ({ path: `${R}/productOrders/update`, body: { where: { id: ids.orderId }, props: { projectName: 'Matrix' } } }), reached: 200 },
  // Its owner or an employee may discard an order (a sharee may not: 403); one with items is kept (409).
  [`POST ${R}/productOrders/destroy`]: { scope: 'order', call: ({ ids }) => ({ path: `${R}/productOrders/destroy`, body: { where: { id: ids.orderId } } }), reached: (a) => (a.name === 'shareeByLink' ? 403 : 409) },
  // A guest copies only an order they own: a sharee is told so (400).
  [`POST ${C}/duplicate-product-order`]: { scope: 'order', call: ({ ids }) => ({ path: `${C}/duplicate-product-order`, body: { productOrderId: ids.orderId } }), reached: (a) => (a.name === 'shareeByLink' ? 400 : 200) },
  [`POST ${C}/change-order-owner`]: { scope: 'order', employeesOnly: true, call: ({ ids }) => ({ path: `${C}/change-order-owner`, body: { productOrderId: ids.orderId, userId: ids.ownerId } }), reached: 200 },

  [`POST ${C}/submit-order`]: { scope: 'order', call: ({ ids }) => ({ path: `${C}/submit-order`, body: { productOrderId: ids.orderId } }), reached: 409 },
  [`POST ${C}/approve-order`]: { scope: 'order', employeesOnly: true, call: ({ ids }) => ({ path: `${C}/approve-order`, body: { productOrderId: ids.orderId } }), reached: 409 },
  [`POST ${C}/product-order/reopen`]: { scope: 'order', employeesOnly: true, call: ({ ids }) => ({ path: `${C}/product-order/reopen`, body: { productOrderId: ids.orderId, reason: 'Another finish.' } }), reached: 409 },
  [`POST ${C}/product-order/action-required`]: { scope: 'order', employeesOnly: true, call: ({ ids }) => ({ path: `${C}/product-order/action-required`, body: { productOrderId: ids.orderId, feedbackNotes: 'Check the sizes.' } }), reached: 409 },
  [`POST ${C}/product-order/cancel`]: { scope: 'order', call: ({ ids }) => ({ path: `${C}/product-order/cancel`, body: { productOrderId: ids.orderId } }), reached: 409 },
  // To the step it is at: no change, a line in the timeline.
  [`POST ${C}/update-order-status`]: { scope: 'order', employeesOnly: true, call: ({ ids }) => ({ path: `${C}/update-order-status`, body: { productOrderId: ids.orderId, statusKey: ids.statusKey } }), reached: 200 },
  [`POST ${C}/request-status-update`]: { scope: 'order', call: ({ ids }) => ({ path: `${C}/request-status-update`, body: { productOrderId: ids.orderId } }), reached: 409 },
  [`POST ${C}/get-order-status-events`]: { scope: 'order', employeesOnly: true, call: ({ ids }) => ({ path: `${C}/get-order-status-events`, body: { productOrderId: ids.orderId } }), reached: 200 },
  // Quote revisions, read like the order; revision 1 is frozen for the cell when the order has none.
  [`POST ${C}/product-order/revisions`]: { scope: 'order', call: ({ ids }) => ({ path: `${C}/product-order/revisions`, body: { productOrderId: ids.orderId } }), reached: 200 },
  [`POST ${C}/product-order/revision`]: {
    scope: 'order',
    async call({ t, ids }) {
      await ensureRevision(t, ids.orderId);
      return { path: `${C}/product-order/revision`, body: { productOrderId: ids.orderId, revisionNumber: 1 } };
    },
    reached: 200,
  },
  // Staff restore an earlier revision (one that does not exist here: 404, nothing changes).
  [`POST ${C}/product-order/restore-revision`]: { scope: 'order', employeesOnly: true, call: ({ ids }) => ({ path: `${C}/product-order/restore-revision`, body: { productOrderId: ids.orderId, revisionNumber: 99999 } }), reached: 404 },
  // Accepting is the customer's (the order's owner or a sharee) seeing prices: staff on someone
  // else's order 403, a caller whose prices are hidden 403; the customer of an order not approved 409.
  [`POST ${C}/product-order/accept-quote`]: {
    scope: 'order',
    call: ({ ids }) => ({ path: `${C}/product-order/accept-quote`, body: { productOrderId: ids.orderId, revisionNumber: 1, fullName: 'Matrix Customer', termsAccepted: true } }),
    reached: (a, kind) => (a.pricingHidden || (a.employee && kind !== 'own') ? 403 : 409),
  },
  [`POST ${C}/product-order/quote-acceptance-setting`]: { scope: 'org', ownersOnly: true, call: ({ ids }) => ({ path: `${C}/product-order/quote-acceptance-setting`, body: { orgId: ids.orgId } }), reached: 200 },
  [`POST ${C}/confirm-order-payment`]: { scope: 'order', call: ({ ids }) => ({ path: `${C}/confirm-order-payment`, body: { productOrderId: ids.orderId, paymentMethod: 'wire', paymentData: { amount: 0 } } }), reached: payer },
  [`POST ${C}/create-stripe-payment-intent`]: {
    scope: 'order',
    call: ({ ids }) => ({ path: `${C}/create-stripe-payment-intent`, body: { productOrderId: ids.orderId, isCardPayment: true, paymentEnvironment: 'live', payInFull: true } }),
    reached: payer,
  },

  // API tokens of the organisation (owners only); each cell revokes and reads a token of its own.
  'POST /api/orgs/api-tokens/get': { scope: 'org', ownersOnly: true, call: ({ ids }) => ({ path: '/api/orgs/api-tokens/get', body: { orgId: ids.orgId } }), reached: 200 },
  'POST /api/orgs/api-tokens/create': { scope: 'org', ownersOnly: true, call: ({ ids }) => ({ path: '/api/orgs/api-tokens/create', body: { orgId: ids.orgId, name: 'Matrix', scopes: ['orders:read'] } }), reached: 200 },
  'POST /api/orgs/api-tokens/revoke': { scope: 'org', ownersOnly: true, call: async ({ t, ids }) => ({ path: '/api/orgs/api-tokens/revoke', body: { orgId: ids.orgId, id: await matrixToken(t, ids.orgId) } }), reached: 200 },
  'POST /api/orgs/api-tokens/calls': { scope: 'org', ownersOnly: true, call: async ({ t, ids }) => ({ path: '/api/orgs/api-tokens/calls', body: { orgId: ids.orgId, id: await matrixToken(t, ids.orgId) } }), reached: 200 },

  // Share-link entry needs no session; a token nobody made is missing for everyone.
  [`POST ${C}/get-org-role-for-token`]: { scope: 'public', call: () => ({ path: `${C}/get-org-role-for-token`, body: { shareToken: BOGUS_TOKEN } }), reached: 404 },
  [`POST ${C}/product-order/handle-guest-share-link`]: { scope: 'public', call: () => ({ path: `${C}/product-order/handle-guest-share-link`, body: { shareToken: BOGUS_TOKEN } }), reached: 404 },
  [`POST ${C}/product-order/get-involved-users`]: { scope: 'order', call: ({ ids }) => ({ path: `${C}/product-order/get-involved-users`, body: { orgId: ids.orgId, productOrderOrgSpecificId: ids.orgSpecificId } }), reached: 200 },
  [`POST ${C}/product-order/get-sharee-candidates`]: { scope: 'order', call: ({ ids }) => ({ path: `${C}/product-order/get-sharee-candidates`, body: { productOrderId: ids.orderId } }), reached: 200 },
  [`POST ${C}/product-order/generate-shareable-link`]: { scope: 'order', call: ({ ids }) => ({ path: `${C}/product-order/generate-shareable-link`, body: { productOrderId: ids.orderId } }), reached: 200 },
  [`POST ${C}/product-order/share`]: {
    scope: 'order',
    call: ({ ids, colleague }) => ({ path: `${C}/product-order/share`, body: { orgId: ids.orgId, productOrderOrgSpecificId: ids.orgSpecificId, sharees: [{ email: colleague.email }], shareNote: 'Matrix' } }),
    reached: 200,
  },
  [`POST ${C}/product-order/add-sharee`]: { scope: 'order', call: ({ ids, colleague }) => ({ path: `${C}/product-order/add-sharee`, body: { productOrderId: ids.orderId, shareeEmail: colleague.email } }), reached: 200 },
  [`POST ${C}/product-order/get-or-create-sharee`]: { scope: 'order', call: ({ ids, colleague }) => ({ path: `${C}/product-order/get-or-create-sharee`, body: { productOrderId: ids.orderId, shareeEmail: colleague.email } }), reached: 200 },
  [`POST ${C}/product-order/remove-sharee`]: {
    scope: 'order',
    async call({ t, ids, colleague }) {
      await involve(t, ids.orderId, colleague.id);
      return { path: `${C}/product-order/remove-sharee`, body: { orgId: ids.orgId, productOrderOrgSpecificId: ids.orgSpecificId, shareeEmail: colleague.email } };
    },
    reached: 200,
  },
  // Employees, or the order's owner (guest mode included) who sees prices: not a sharee.
  [`POST ${C}/product-order/update-involved-users-data`]: {
    scope: 'order',
    async call({ t, ids, colleague }) {
      await involve(t, ids.orderId, colleague.id);
      return { path: `${C}/product-order/update-involved-users-data`, body: { orgId: ids.orgId, productOrderOrgSpecificId: ids.orgSpecificId, shareeId: colleague.id, pricingIsHidden: 0 } };
    },
    // Who sees no prices does not decide who sees them.
    reached: (a) => (a.pricingHidden ? 403 : 200),
  },
};

/**
 * The scope an API token needs for each route, from the rule: reading orders (lists, counts, an order,
 * its catalogue, status history), writing orders (creating, changing, items, drawings,
 * status steps, recording a payment), and the catalogue (products, options, media, pricing). Every
 * other route is a person's (sign-in, sharing, guests, card payments, admin of the organisation, and
 * the PDFs, which are printed from the portal's pages with the caller's session).
 */
const TOKEN_SCOPE: Record<string, ApiTokenScope> = {
  ...Object.fromEntries(
    [
      'get-configurator-homepage-data', 'get-configurator-order-data', 'get-configurator-orders-data', 'get-configurator-orders-count',
      'get-order-owner-candidates', 'get-tax-rate', 'get-order-status-events', 'product-order/revisions', 'product-order/revision',
    ].map((p) => [`POST ${C}/${p}`, 'orders:read' as const]),
  ),
  [`GET ${C}/catalogue`]: 'orders:read',
  ...Object.fromEntries(
    [
      `${C}/create-product-order`, `${C}/create-product-order-with-items`, `${C}/duplicate-product-order`, `${C}/change-order-owner`,
      `${C}/submit-order`, `${C}/approve-order`, `${C}/product-order/reopen`, `${C}/product-order/action-required`, `${C}/product-order/cancel`,
      `${C}/update-order-status`, `${C}/request-status-update`, `${C}/confirm-order-payment`, `${C}/product-order/restore-revision`,
      `${R}/productInstances/create`, `${R}/productInstances/update`, `${R}/productInstances/destroy`, `${R}/productOrders/update`, `${R}/productOrders/destroy`,
      '/api/spatial/:resourceKey/create', '/api/spatial/:resourceKey/update', '/api/spatial/:resourceKey/destroy', '/api/spatial/entities/batch-update',
    ].map((p) => [`POST ${p}`, 'orders:write' as const]),
  ),
  ...Object.fromEntries(
    [
      `${R}/:resourceKey/get`, `${R}/:resourceKey/create`, `${R}/:resourceKey/update`, `${R}/:resourceKey/duplicate`, `${R}/:resourceKey/destroy`,
      '/api/media/upload', `${R}/media/update`, `${R}/media/destroy`, `${C}/get-pricing-version-orders`, `${C}/get-pricing-version-impact`, `${C}/publish-pricing-version`,
    ].map((p) => [`POST ${p}`, 'catalogue' as const]),
  ),
  'GET /api/media/:id/file': 'catalogue',
};

/** What a script sends: its bearer token, no cookie and no Origin. */
class TokenClient extends Client {
  constructor(baseUrl: string, private readonly token: string) {
    super(baseUrl);
  }
  override request<T = any>(method: string, p: string, body?: unknown, opts: { raw?: string | Buffer; headers?: Record<string, string> } = {}) {
    return super.request<T>(method, p, body, { ...opts, headers: { ...opts.headers, authorization: `Bearer ${this.token}`, origin: '' } });
  }
}

/** Opening a share link signs someone in or involves the caller in the order: a person's call, refused to a token. */
const PUBLIC_FOR_PERSONS = new Set([`POST ${C}/product-order/handle-guest-share-link`]);

/** A guest of its own for a cell: user, guest membership and guest record. */
async function newGuest(t: TestApp, orgId: number): Promise<number> {
  const email = `matrix-guest-${Date.now()}-${Math.random().toString(36).slice(2)}@example.test`;
  const userId = await t.repos.users.insert({ email, passwordHash: null, firstName: '', lastName: '', personalOrgId: null, isPlatformAdmin: 0, appData: {} });
  await t.repos.memberships.insert({ userId, orgId, role: 'guest', prevRole: null, accessData: {} });
  await t.repos.guests.insert({ orgId, userId, email, firstName: '', lastName: '', discount: null, disableSalesTax: 0, pricingIsHidden: 0 });
  return userId;
}

/** The order's first quote revision, frozen as a submission would (once). */
async function ensureRevision(t: TestApp, orderId: number): Promise<void> {
  const order = (await t.repos.productOrders.findOne({ id: orderId }))!;
  if (Number(order.quoteRevision) > 0) return;
  await t.db.transaction((trx) => freezeRevision({ repos: t.repos, catalogues: t.app.catalogues, plugins: t.app.plugins }, trx, orderId, { reason: 'submitted', userId: order.userId }));
}

/** A token of the organisation's owner, made for one cell. */
async function matrixToken(t: TestApp, orgId: number): Promise<number> {
  const [m] = await t.db('memberships').where({ org_id: orgId, role: 'owner' }).select('user_id');
  return t.app.apiTokens.create({ orgId, userId: m.user_id, name: 'Matrix cell', scopes: ['orders:read'], tokenHash: randomBytes(32).toString('hex'), hint: 'cpq_matr' });
}

async function involve(t: TestApp, orderId: number, userId: number): Promise<void> {
  const order = (await t.repos.productOrders.findOne({ id: orderId }))!;
  const involved = { ...(order.involvedUsers ?? {}), [String(userId)]: { role: 'sharee', pricingIsHidden: 0 } };
  await t.repos.productOrders.update({ id: orderId }, { involvedUsers: involved });
}

function expected(route: string, row: RouteRow, actor: Actor, order: OrderIds, kind: Kind): number {
  const reached = (a: Actor) => (typeof row.reached === 'number' ? row.reached : row.reached(a, kind));
  if (actor.tokenScopes) {
    // A token acts as its maker (850's owner), only where its scope reaches.
    if (row.scope === 'public') return PUBLIC_FOR_PERSONS.has(route) ? 403 : reached(actor);
    const scope = TOKEN_SCOPE[route];
    if (row.scope === 'user' || !scope) return 403;
    if (actor.orgId !== order.orgId) return 404;
    if (!actor.tokenScopes.includes(scope)) return 403;
    return reached(actor);
  }
  if (row.scope === 'public') return reached(actor);
  if (actor.name === 'anonymous') return 401;
  if (row.scope === 'user') return reached(actor);
  if (actor.orgId !== order.orgId) return 404;
  if (row.employeesOnly && !actor.employee) return 403;
  if (row.ownersOnly && !actor.owner) return 403;
  if (row.scope === 'order' && !actor.employee && kind !== 'own') return 404;
  return reached(actor);
}

/** Fields for employees only. */
const EMPLOYEE_KEY = /^(trackingNumber|estimatedShippingDate|commandData|pricingFailed|failedSteps)$/;

describe.each(databases)('authorisation matrix on $name', (dbCase) => {
  let t: TestApp;
  const actors = {} as Record<ActorName, Actor>;
  const orders = {} as Record<ActorName, Record<Kind, OrderIds>>;
  const forks = {} as Record<ActorName, () => Promise<Client>>;
  let colleague: { id: number; email: string };
  let cells = 0;

  beforeAll(async () => {
    // The tokens' rate limit is not what this test is about (test/apiTokens.test.ts is).
    t = await startTestApp(dbCase, { mailer: { send: async () => ({ messageId: 'matrix' }) }, apiTokenLimits: { calls: 1_000_000, windowMs: 60_000 } });
    const signIn = async (email: string) => t.as(email);
    const owner = await signIn('owner-850@demo.test');
    const member = await signIn('member-850@demo.test');
    const guest = await signIn('guest-850@demo.test');
    const otherOrg = await signIn('owner-1053@demo.test');
    const inGuestMode = async () => {
      const c = await signIn('owner-850@demo.test');
      expect((await c.post('/api/auth/guest-mode', { orgId: 850, guestMode: true })).status).toBe(200);
      return c;
    };
    const ownerGuestMode = await inGuestMode();

    /**
     * A new order owned by `client`, with one item, at its first step, without a phone: every call that
     * would move it on (submit, approve, cancel, pay) is refused, so the matrix can call them all.
     */
    const newOrder = async (client: Client, orgId: 850 | 1053, title: string): Promise<OrderIds> => {
      const created = await client.post(`${C}/create-product-order`, { productOrderProps: { orgId, productCategoryId: orgId === 850 ? 1 : 8, title } });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const id = created.body.data.id as number;
      const props = orgId === 850 ? { productId: 98, title: 'Entry', properties: { '7': { optionId: 23 } } } : { productId: 130, title: 'Floor', quantity: 30 };
      const item = await client.post(`${R}/productInstances/create`, { props: { productOrderId: id, ...props } });
      expect(item.status, JSON.stringify(item.body)).toBe(200);
      return { orgId, orderId: id, orgSpecificId: created.body.data.orgSpecificId, instanceId: item.body.data.id, ownerId: created.body.data.userId, statusKey: 'orderStarted' };
    };
    const O_owner = await newOrder(owner, 850, 'Matrix: owner');
    const O_member = await newOrder(member, 850, 'Matrix: member');
    const O_guest = await newOrder(guest, 850, 'Matrix: guest');
    const S = await newOrder(owner, 850, 'Matrix: shared by link');
    const P_owner = await newOrder(otherOrg, 1053, 'Matrix: 1053 owner');
    const P_guest = await newOrder(await signIn('guest-1053@demo.test'), 1053, 'Matrix: 1053 guest');

    // Someone not signed in opens S's link; the owner then hides prices from them.
    const link = (await owner.post(`${C}/product-order/generate-shareable-link`, { productOrderId: S.orderId })).body.data.shareableLink as string;
    const token = new URL(link).searchParams.get('shareToken')!;
    const openLink = async () => {
      const c = t.client();
      expect((await c.post(`${C}/product-order/handle-guest-share-link`, { shareToken: token })).status).toBe(200);
      return c;
    };
    const sharee = await openLink();
    const shareeId = (await sharee.get('/api/auth/session')).body.data.user.id as number;
    expect((await owner.post(`${C}/product-order/update-involved-users-data`, { orgId: 850, productOrderOrgSpecificId: S.orgSpecificId, shareeId, pricingIsHidden: 1 })).status).toBe(200);

    // A colleague to share with, known to 850.
    expect((await owner.post(`${C}/product-order/share`, { orgId: 850, productOrderOrgSpecificId: O_owner.orgSpecificId, sharees: [{ email: 'matrix.colleague@example.test' }] })).status).toBe(200);
    const colleagueRow = (await t.repos.users.findOne({ email: 'matrix.colleague@example.test' }))!;
    colleague = { id: colleagueRow.id, email: 'matrix.colleague@example.test' };

    const admins = new Set((await t.db('users').where({ is_platform_admin: 1 }).select('email')).map((u: { email: string }) => u.email));
    const add = (name: ActorName, client: Client, orgId: number | null, employee: boolean, own: OrderIds, sameOrg: OrderIds, otherOrgOrder: OrderIds, fork: () => Promise<Client>, pricingHidden = false, email = '') => {
      actors[name] = { name, client, orgId, employee, owner: employee && email.startsWith('owner-'), pricingHidden, platformAdmin: admins.has(email) };
      orders[name] = { own, sameOrg, otherOrg: otherOrgOrder };
      forks[name] = fork;
    };
    add('owner', owner, 850, true, O_owner, O_member, P_owner, () => signIn('owner-850@demo.test'), false, 'owner-850@demo.test');
    add('member', member, 850, true, O_member, O_owner, P_owner, () => signIn('member-850@demo.test'), false, 'member-850@demo.test');
    add('guest', guest, 850, false, O_guest, O_owner, P_owner, () => signIn('guest-850@demo.test'));
    add('ownerGuestMode', ownerGuestMode, 850, false, O_owner, O_member, P_owner, inGuestMode);
    add('shareeByLink', sharee, 850, false, S, O_owner, P_owner, openLink, true);
    // A guest whose guest record hides prices, with an order of their own.
    const hiddenGuestId = await newGuest(t, 850);
    await t.repos.guests.update({ orgId: 850, userId: hiddenGuestId }, { pricingIsHidden: 1 });
    const hiddenGuestEmail = (await t.repos.users.findOne({ id: hiddenGuestId }))!.email as string;
    await t.db('users').where({ id: hiddenGuestId }).update({ password_hash: (await t.db('users').where({ email: 'guest-850@demo.test' }).first()).password_hash });
    const hiddenGuest = await signIn(hiddenGuestEmail);
    add('priceHiddenGuest', hiddenGuest, 850, false, await newOrder(hiddenGuest, 850, 'Matrix: price-hidden guest'), O_owner, P_owner, () => signIn(hiddenGuestEmail), true);
    add('otherOrgEmployee', otherOrg, 1053, true, P_owner, P_guest, O_owner, () => signIn('owner-1053@demo.test'), false, 'owner-1053@demo.test');
    add('anonymous', t.client(), null, false, O_owner, O_member, P_owner, async () => t.client());
    // API tokens of 850's owner: one that reads orders only, one with every scope.
    const tokenActor = async (name: ActorName, scopes: readonly ApiTokenScope[]) => {
      const made = await owner.post('/api/orgs/api-tokens/create', { orgId: 850, name, scopes });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      const client = new TokenClient(t.url, made.body.data.token);
      add(name, client, 850, true, O_owner, O_member, P_owner, async () => client, false);
      actors[name] = { ...actors[name], owner: true, tokenScopes: scopes };
    };
    await tokenActor('tokenOrdersRead', ['orders:read']);
    await tokenActor('tokenAllScopes', API_TOKEN_SCOPES);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('has a row for every route of the API, and no row for a route that is gone', () => {
    const routes = t.routeTable.map((r) => `${r.method} ${r.path}`);
    expect(routes.filter((r) => !(r in ROUTES))).toEqual([]);
    expect(Object.keys(ROUTES).filter((r) => !routes.includes(r))).toEqual([]);
    expect(Object.keys(TOKEN_SCOPE).filter((r) => !routes.includes(r))).toEqual([]);
  });

  it('answers every route × caller × order as the rules say, and leaks nothing', async () => {
    const failures: string[] = [];
    for (const route of t.routeTable.map((r) => `${r.method} ${r.path}`)) {
      const row = ROUTES[route]!;
      for (const actor of Object.values(actors)) {
        for (const kind of ['own', 'sameOrg', 'otherOrg'] as const) {
          const ids = orders[actor.name][kind];
          for (const table of THROTTLE_TABLES) await t.db(table).del().catch(() => undefined);
          const forked = route === 'POST /api/auth/logout' ? await forks[actor.name]() : null;
          const client = forked ?? actor.client;
          const ctx: CellContext = { t, ids, actor, colleague };
          const call = await row.call(ctx);
          const res = call.raw
            ? await client.request('POST', call.path, undefined, { raw: call.raw, headers: call.headers })
            : await client.request(call.method ?? 'POST', call.path, call.body ?? (call.method === 'GET' ? undefined : {}));
          cells++;
          const want = expected(route, row, actor, ids, kind);
          const where = `${route} × ${actor.name} × ${kind}`;
          if (res.status !== want) {
            failures.push(`${where}: ${res.status} (expected ${want}) ${JSON.stringify(res.body).slice(0, 200)}`);
            continue;
          }
          if (res.status === 401 && row.scope !== 'public' && res.body?.error?.code !== 'unauthenticated') failures.push(`${where}: 401 without the unauthenticated code`);
          if (res.status >= 200 && res.status < 300 && !row.describesFields) {
            if (actor.pricingHidden) {
              // An order hides prices from this caller, so no answer holds any (hiding is per person in
              // the organisation: the catalogue and orders they made themselves included).
              const leaked = pricesIn(res.body);
              if (leaked.length) failures.push(`${where}: prices leak to a caller who sees none: ${leaked.slice(0, 5).join(', ')}`);
            }
            if (!actor.employee && actor.name !== 'anonymous') {
              const leaked = keysIn(res.body, (k) => EMPLOYEE_KEY.test(k));
              if (leaked.length) failures.push(`${where}: employee-only fields reach a guest: ${leaked.slice(0, 5).join(', ')}`);
            }
            if (actor.orgId !== null) {
              const foreign = keysIn(res.body, (k, v) => k === 'orgId' && typeof v === 'number' && v !== actor.orgId);
              if (foreign.length) failures.push(`${where}: another organisation's data: ${foreign.slice(0, 5).join(', ')}`);
            }
          }
          if (forked && !actor.tokenScopes) {
            expect((await forked.get('/api/auth/session')).status, `${where}: the session ends`).toBe(401);
            if (actor.name !== 'anonymous') expect((await actor.client.get('/api/auth/session')).status).toBe(200);
          }
        }
      }
    }
    console.log(`authorisation matrix (${dbCase.name}): ${cells} cells, ${t.routeTable.length} routes × ${Object.keys(actors).length} callers × 3 orders`);
    expect(failures).toEqual([]);
  }, 10 * 60_000);
});
