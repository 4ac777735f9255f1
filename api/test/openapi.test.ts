import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validate as validateOpenApi } from '@readme/openapi-parser';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsImport from 'ajv-formats';
import { CONTRACT } from '../src/routes/openapi/contract.ts';
import { buildOpenApiDocument, openApiPathOf } from '../src/routes/openapi/document.ts';
import { CONTACT, databases, startTestApp, type Client, type Res, type TestApp } from './helpers.ts';
import { png } from './mediaFixtures.ts';
import { CATALOGUE, CREATE_ORDER, HOME, ITEM_CREATE, ITEM_DESTROY, ITEM_UPDATE, ORDER_DATA, ORDER_UPDATE, ORDERS_COUNT, ORDERS_DATA } from './paths.ts';

/**
 * The OpenAPI document at GET /api/openapi.json (docs/decisions/0120-openapi-contract.md): valid
 * OpenAPI 3.1 by a validator of its own (@readme/openapi-parser), one operation per route of the
 * route table and no other, and what the routes really answer — called as the demo people — matches
 * the answer schemas the served document gives (compiled by ajv as JSON Schema 2020-12, the dialect
 * of OpenAPI 3.1): every status answered is one the operation declares, every 200 body its schema,
 * every error body the Error schema.
 */

type Json = Record<string, any>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];
const CONTRACT_FILE = 'api/src/routes/openapi/contract.ts';

/** 'POST /api/resources/{resourceKey}/get' for every operation of a document. */
function documentOperations(doc: Json): string[] {
  return Object.entries(doc.paths as Record<string, Json>).flatMap(([p, item]) => METHODS.filter((m) => item[m]).map((m) => `${m.toUpperCase()} ${p}`));
}

/** What keeps a route table and a document apart, in sentences a developer can act on. */
function routeTableMismatches(routeTable: ReadonlyArray<{ method: string; path: string }>, doc: Json): string[] {
  const routes = routeTable.map((r) => {
    const { method, path } = openApiPathOf(`${r.method} ${r.path}`);
    return { key: `${r.method} ${r.path}`, op: `${method.toUpperCase()} ${path}` };
  });
  const ops = new Set(documentOperations(doc));
  const routeOps = new Set(routes.map((r) => r.op));
  return [
    ...routes.filter((r) => !ops.has(r.op)).map((r) => `Route ${r.key} has no operation in the OpenAPI document: add an entry '${r.key}' to ${CONTRACT_FILE}.`),
    ...[...ops].filter((op) => !routeOps.has(op)).map((op) => `Operation ${op} of the OpenAPI document has no route in app.routeTable: remove its entry from ${CONTRACT_FILE} (or register the route).`),
  ];
}

const addFormats = ((addFormatsImport as unknown as { default?: unknown }).default ?? addFormatsImport) as (a: Ajv2020) => Ajv2020;

/** Each response schema of the served document, compiled once (its `$ref`s point into the document's components). */
class Conformance {
  private readonly ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
  private readonly compiled = new Map<string, ValidateFunction>();
  /** Operations answered, with the statuses seen. */
  readonly seen = new Map<string, Set<number>>();
  private readonly templates: Array<{ path: string; re: RegExp; literal: number }>;

  constructor(readonly doc: Json) {
    this.templates = Object.keys(doc.paths)
      .map((p) => ({ path: p, re: new RegExp(`^${p.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`), literal: p.replace(/\{[^}]+\}/g, '').length }))
      // A literal path wins over a template (/api/resources/userGroups/get over /api/resources/{resourceKey}/get).
      .sort((a, b) => b.literal - a.literal);
  }

  schemaValidator(key: string, schema: Json): ValidateFunction {
    let v = this.compiled.get(key);
    if (!v) {
      v = this.ajv.compile({ ...schema, components: this.doc.components });
      this.compiled.set(key, v);
    }
    return v;
  }

  operation(method: string, url: string): { key: string; op: Json } {
    const path = new URL(url, 'http://x').pathname;
    const t = this.templates.find((c) => c.re.test(path) && this.doc.paths[c.path][method.toLowerCase()]);
    if (!t) throw new Error(`${method} ${path} matches no operation of the OpenAPI document.`);
    return { key: `${method} ${t.path}`, op: this.doc.paths[t.path][method.toLowerCase()] };
  }

  /** Checks an answer against the served document; answers its problems (none: conforms). */
  problems(method: string, url: string, res: Res): string[] {
    const { key, op } = this.operation(method, url);
    (this.seen.get(key) ?? this.seen.set(key, new Set()).get(key)!).add(res.status);
    const declared = op.responses[String(res.status)];
    if (!declared) return [`${key} answered ${res.status} (${JSON.stringify(res.body).slice(0, 300)}), a status its operation does not declare (it declares ${Object.keys(op.responses).join(', ')}).`];
    if (res.status >= 400) {
      const v = this.schemaValidator('Error', { $ref: '#/components/schemas/Error' });
      return v(res.body) ? [] : [`${key} answered ${res.status} with an error body that is not the Error schema: ${this.ajv.errorsText(v.errors)}`];
    }
    if (res.status !== 200) return [];
    const content = (this.doc.paths[key.slice(key.indexOf(' ') + 1)][method.toLowerCase()].responses['200'].content ?? {}) as Record<string, Json>;
    const type = (res.headers.get('content-type') ?? '').split(';')[0]!.trim();
    if (!(type in content)) return [`${key} answered 200 as ${type}, which its operation does not declare (${Object.keys(content).join(', ')}).`];
    const schema = content[type]!.schema as Json | undefined;
    if (!schema || type !== 'application/json') return [];
    const v = this.schemaValidator(`${key} 200`, schema);
    return v(res.body) ? [] : [`${key}: the answer does not match its schema in the document: ${this.ajv.errorsText(v.errors, { dataVar: 'body', separator: '\n  ' })}`];
  }
}

const dbCase = databases.find((d) => d.name === 'sqlite')!;

describe('the OpenAPI document of the API (sqlite)', () => {
  let t: TestApp;
  let served: Res<Json>;
  let doc: Json;
  let check: Conformance;
  const mails: Array<{ subject: string; text: string }> = [];

  beforeAll(async () => {
    t = await startTestApp(dbCase, { mailer: { send: async (m) => (mails.push({ subject: m.subject, text: m.text }), { messageId: String(mails.length) }) } });
    served = await t.client().get('/api/openapi.json');
    doc = served.body;
    check = new Conformance(doc);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is served at GET /api/openapi.json to anyone, as JSON, revalidated (no-cache, ETag)', async () => {
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toMatch(/^application\/json/);
    expect(served.headers.get('cache-control')).toBe('no-cache');
    const etag = served.headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect((await t.client().get('/api/openapi.json', { 'if-none-match': etag })).status).toBe(304);
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('CPQ portal API');
    expect(check.problems('GET', '/api/openapi.json', served)).toEqual([]);
  });

  it('is a valid OpenAPI 3.1 document for an independent validator (@readme/openapi-parser)', async () => {
    // The parser dereferences what it is given: it gets a copy.
    const result = await validateOpenApi(structuredClone(doc) as Parameters<typeof validateOpenApi>[0], { resolve: { external: false } });
    expect(result.valid ? [] : result.errors.map((e) => e.message)).toEqual([]);
    expect(result.specification).toBe('OpenAPI');
  });

  it('holds only schemas that are JSON Schema 2020-12, and names only security schemes it defines', () => {
    const ajv = new Ajv2020({ strict: false });
    const bad: string[] = [];
    const walk = (node: unknown, at: string) => {
      if (!node || typeof node !== 'object') return;
      for (const [k, v] of Object.entries(node as Json)) {
        if (k === 'schema' || (at.endsWith('/components/schemas') && v && typeof v === 'object')) {
          if (!ajv.validateSchema(v as Json)) bad.push(`${at}/${k}: ${ajv.errorsText(ajv.errors)}`);
        } else walk(v, `${at}/${k}`);
      }
    };
    walk(doc, '#');
    expect(bad).toEqual([]);
    const schemes = Object.keys(doc.components.securitySchemes);
    for (const op of documentOperations(doc)) {
      const [m, p] = op.split(' ') as [string, string];
      for (const requirement of doc.paths[p][m.toLowerCase()].security as Json[]) {
        for (const name of Object.keys(requirement)) expect(schemes, `${op} names the security scheme ${name}`).toContain(name);
      }
    }
  });

  it('has an operation for every route of the route table, and a route for every operation', () => {
    expect(routeTableMismatches(t.routeTable, doc)).toEqual([]);
    // The contract's keys are the route table's own spelling.
    const routes = new Set(t.routeTable.map((r) => `${r.method} ${r.path}`));
    expect(Object.keys(CONTRACT).filter((k) => !routes.has(k)).map((k) => `${CONTRACT_FILE} has an entry '${k}' that is not a route of app.routeTable.`)).toEqual([]);
  });

  it('tells a route without an operation, and an operation without a route, apart by name', () => {
    const { 'POST /api/configurator/get-tax-rate': _taxRate, ...withoutOne } = CONTRACT;
    expect(routeTableMismatches(t.routeTable, buildOpenApiDocument(withoutOne))).toEqual([
      `Route POST /api/configurator/get-tax-rate has no operation in the OpenAPI document: add an entry 'POST /api/configurator/get-tax-rate' to ${CONTRACT_FILE}.`,
    ]);
    const extra = buildOpenApiDocument({ ...CONTRACT, 'GET /api/nowhere/:id': { summary: 'Nothing.', tag: 'Platform', auth: 'public' } });
    expect(routeTableMismatches(t.routeTable, extra)).toEqual([
      `Operation GET /api/nowhere/{id} of the OpenAPI document has no route in app.routeTable: remove its entry from ${CONTRACT_FILE} (or register the route).`,
    ]);
  });

  it('says how each operation authenticates, with the token scope its policy gives', () => {
    const op = (m: string, p: string) => doc.paths[p][m];
    expect(op('get', '/api/health/live').security).toEqual([]);
    expect(op('post', '/api/configurator/get-org-role-for-token').security).toEqual([]);
    expect(op('get', '/api/auth/session').security).toEqual([{ cookieAuth: [] }]);
    expect(op('post', '/api/configurator/submit-order').security).toEqual([{ cookieAuth: [] }, { bearerAuth: ['orders:write'] }]);
    expect(op('get', '/api/configurator/catalogue').security).toEqual([{ cookieAuth: [] }, { bearerAuth: ['orders:read'] }]);
    expect(op('post', '/api/resources/{resourceKey}/create').security).toEqual([{ cookieAuth: [] }, { bearerAuth: ['catalogue'] }]);
    // Sharing is a person's call: no token.
    expect(op('post', '/api/configurator/product-order/share').security).toEqual([{ cookieAuth: [] }]);
    expect(doc.components.securitySchemes.cookieAuth).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'cpq_session' });
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const scope of ['orders:read', 'orders:write', 'catalogue']) expect(doc.components.securitySchemes.bearerAuth.description).toContain(`\`${scope}\``);
  });

  // ------------------------------------------------------------------------------ conformance

  /** Calls a route and checks the answer against the served document; answers the response. */
  async function call(client: Client, method: 'GET' | 'POST', url: string, body?: unknown, opts?: { raw?: Buffer; headers?: Record<string, string> }): Promise<Res> {
    const res = await client.request(method, url, body, opts);
    expect(check.problems(method, url, res)).toEqual([]);
    return res;
  }
  /** As call, and the answer must be a 200. */
  async function ok(client: Client, method: 'GET' | 'POST', url: string, body?: unknown, opts?: { raw?: Buffer; headers?: Record<string, string> }): Promise<Json> {
    const res = await call(client, method, url, body, opts);
    expect(res.status, `${method} ${url}: ${JSON.stringify(res.body).slice(0, 500)}`).toBe(200);
    return res.body as Json;
  }
  const C = '/api/configurator';
  const R = '/api/resources';
  const orderOf = async (orgId: number, title: string) => {
    const row = await t.db('product_orders').where({ org_id: orgId, title }).first();
    return { id: Number(row.id), orgSpecificId: Number(row.org_specific_id) };
  };

  it('health, brand, session and platform reads answer what the document says', async () => {
    const anyone = t.client();
    const owner = await t.as('owner-850@demo.test');
    const member = await t.as('member-850@demo.test');
    await ok(anyone, 'GET', '/api/health/live');
    await ok(anyone, 'GET', '/api/health/ready');
    await ok(anyone, 'GET', '/api/brand/850');
    expect((await call(anyone, 'GET', '/api/brand/99999')).status).toBe(404);
    expect((await call(anyone, 'GET', '/api/brand/abc')).status).toBe(400);
    expect((await call(anyone, 'GET', '/api/auth/session')).status).toBe(401);
    expect((await call(anyone, 'POST', '/api/auth/login', { email: 'owner-850@demo.test', password: 'wrong' })).status).toBe(401);
    await ok(t.client(), 'POST', '/api/auth/login', { email: 'member-1053@demo.test', password: 'demo' });
    for (const email of ['owner-850@demo.test', 'guest-1392@demo.test', 'multi@demo.test']) await ok(await t.as(email), 'GET', '/api/auth/session');
    await ok(member, 'POST', '/api/auth/guest-mode', { orgId: 850, guestMode: true });
    await ok(member, 'POST', '/api/auth/guest-mode', { orgId: 850, guestMode: false });
    await ok(owner, 'GET', '/api/platform/background-tasks');
    expect((await call(await t.as('guest-850@demo.test'), 'GET', '/api/platform/background-tasks')).status).toBe(403);
    await ok(member, 'POST', '/api/users/update-preferences', { cartIsVisible: true, ordersPageSettings: { pageRowsFilterValue: 50 } });
    expect((await call(anyone, 'POST', '/api/auth/invitation', { token: 'A'.repeat(43) })).status).toBe(404);
    expect((await call(anyone, 'POST', '/api/auth/accept-invitation', { token: 'A'.repeat(43), password: 'a long enough password' })).status).toBe(404);
    const leaving = await t.as('guest-850@demo.test');
    await ok(leaving, 'POST', '/api/auth/logout');
  });

  it('the home page, catalogue, order data and orders list of every role match their schemas', async () => {
    for (const [orgId, role] of [[850, 'owner'], [850, 'member'], [850, 'guest'], [1392, 'guest'], [1053, 'owner'], [1798, 'owner']] as const) {
      const client = await t.as(`${role}-${orgId}@demo.test`);
      await ok(client, 'POST', HOME, { orgId });
      const catalogue = await call(client, 'GET', CATALOGUE(orgId));
      expect(catalogue.status).toBe(200);
      expect((await call(client, 'GET', CATALOGUE(orgId), undefined, { headers: { 'if-none-match': catalogue.headers.get('etag')! } })).status).toBe(304);
      const list = await ok(client, 'POST', ORDERS_DATA, { orgId, filters: { archived: 'all' }, includeAdvancedOrderData: role !== 'guest' });
      for (const row of (list.data.productOrders as Json[]).slice(0, 3)) {
        await ok(client, 'POST', ORDER_DATA, { orgId, productOrderOrgSpecificId: row.orgSpecificId });
        await ok(client, 'GET', `${CATALOGUE(orgId)}&productOrderOrgSpecificId=${row.orgSpecificId}`);
        await ok(client, 'POST', `${C}/product-order/get-involved-users`, { orgId, productOrderOrgSpecificId: row.orgSpecificId });
        await ok(client, 'POST', `${C}/product-order/get-sharee-candidates`, { productOrderId: row.id });
        if (role !== 'guest') {
          await ok(client, 'POST', `${C}/get-order-status-events`, { productOrderId: row.id });
          await ok(client, 'POST', `${C}/product-order/revisions`, { productOrderId: row.id });
        }
      }
      if (role !== 'guest') {
        await ok(client, 'POST', ORDERS_DATA, { orgId, formatForCsvExport: true });
        await ok(client, 'POST', ORDERS_COUNT, { orgId, statusKeys: ['orderStarted', 'submittedForApproval'] });
        await ok(client, 'POST', `${C}/get-order-owner-candidates`, { orgId });
      } else {
        expect((await call(client, 'POST', ORDERS_COUNT, { orgId, statusKeys: ['orderStarted'] })).status).toBe(403);
      }
      await ok(client, 'POST', `${C}/get-tax-rate`, { orgId, deliveryAddress: { state: 'ME' } });
    }
  });

  it('every catalogue resource, as an owner and as a guest whose prices are hidden, and the admin reads', async () => {
    const readers = [
      [850, await t.as('owner-850@demo.test')],
      [850, await t.as('guest-850@demo.test')],
      [1392, await t.as('guest-1392@demo.test')],
      [1053, await t.as('member-1053@demo.test')],
    ] as const;
    const keys = ['products', 'productCategories', 'productProperties', 'productPropertyGroups', 'productOptions', 'productPricingRules', 'productOptionClassifiers', 'productRules', 'productGraphics', 'media'];
    for (const [orgId, client] of readers) for (const key of keys) await ok(client, 'POST', `${R}/${key}/get`, { where: { orgId } });
    expect((await call(readers[0][1], 'POST', `${R}/noSuchThing/get`, { where: { orgId: 850 } })).status).toBe(404);
    const owner = readers[0][1];
    await ok(owner, 'POST', `${C}/get-configurator-guests-data`, { orgId: 850 });
    await ok(owner, 'POST', `${R}/userGroups/get`, { where: { orgId: 850 } });
    await ok(owner, 'POST', `${C}/get-pricing-version-orders`, { orgId: 850, productPricingRuleId: 1, versionKey: '1' });
    await ok(owner, 'POST', `${C}/get-pricing-version-impact`, { orgId: 850, productPricingRuleId: 1, versionKey: '1' });
    expect((await call(owner, 'POST', `${C}/publish-pricing-version`, { orgId: 850, productPricingRuleId: 1, versionKey: '1' })).status).toBe(409);
    expect([404, 503]).toContain((await call(owner, 'POST', '/api/integrations/get-connect-session', { orgId: 850, integrationKey: 'monday' })).status);
    expect((await call(readers[1][1], 'POST', `${C}/get-configurator-guests-data`, { orgId: 850 })).status).toBe(403);
  });

  it('order writes, order actions and the status calls answer what the document says', async () => {
    const owner = await t.as('owner-850@demo.test');
    const created = (await ok(owner, 'POST', CREATE_ORDER, { productOrderProps: { orgId: 850, title: 'Contract check', productCategoryId: 1 } })).data;
    await ok(owner, 'POST', ORDER_UPDATE, { where: { id: created.id }, props: CONTACT });
    const item = (await ok(owner, 'POST', ITEM_CREATE, { props: { productOrderId: created.id, productId: 98, title: 'Hall', quantity: 2 } })).data;
    await ok(owner, 'POST', ITEM_UPDATE, { where: { id: item.id }, props: { quantity: 3, notes: 'Checked' } });
    const changed = await call(owner, 'POST', ITEM_UPDATE, { where: { id: item.id, expectedVersion: 'stale' }, props: { notes: 'Again' } });
    expect(changed.status).toBe(409);
    const second = (await ok(owner, 'POST', ITEM_CREATE, { props: { productOrderId: created.id, productId: 98, title: 'Porch', quantity: 1 } })).data;
    await ok(owner, 'POST', ITEM_DESTROY, { where: { id: second.id } });
    await ok(owner, 'POST', `${C}/duplicate-product-order`, { productOrderId: created.id });
    const memberId = (await t.repos.users.findOne({ email: 'member-850@demo.test' }))!.id;
    await ok(owner, 'POST', `${C}/change-order-owner`, { productOrderId: created.id, userId: memberId });
    await ok(owner, 'POST', `${C}/create-product-order-with-items`, { productOrderProps: { orgId: 850, title: 'Back boxes', productCategoryId: 1 }, propsSets: [{ productId: 98, quantity: 1, title: 'Box' }] });
    const untitled = (await ok(owner, 'POST', CREATE_ORDER, { productOrderProps: { orgId: 850 } })).data;
    await ok(owner, 'POST', `${R}/productOrders/destroy`, { where: { id: untitled.id } });
    expect((await call(owner, 'POST', `${R}/productOrders/destroy`, { where: { id: created.id } })).status).toBe(409);

    // The status calls: the answers of the order's steps, and a refused one (409).
    const submitted = await call(owner, 'POST', `${C}/submit-order`, { productOrderId: created.id });
    expect([200, 409]).toContain(submitted.status);
    const guestOrder = await t.db('product_orders').where({ org_id: 850, last_completed_status_key: 'submittedForApproval' }).first();
    if (guestOrder) {
      await ok(owner, 'POST', `${C}/product-order/action-required`, { productOrderId: Number(guestOrder.id), feedbackNotes: 'Please check the sizes.' });
      await ok(owner, 'POST', `${C}/product-order/revision`, { productOrderId: Number(guestOrder.id), revisionNumber: 1 });
    }
    await ok(owner, 'POST', `${C}/update-order-status`, { productOrderId: created.id, statusKey: 'submittedForApproval' });
    await ok(owner, 'POST', `${C}/request-status-update`, { productOrderId: created.id });
    await ok(owner, 'POST', `${C}/approve-order`, { productOrderId: created.id });
    await ok(owner, 'POST', `${C}/get-order-status-events`, { productOrderId: created.id });
    expect((await call(owner, 'POST', `${C}/product-order/reopen`, { productOrderId: created.id, reason: 'Another finish.' })).status).toBeLessThan(500);
    const toCancel = (await ok(owner, 'POST', CREATE_ORDER, { productOrderProps: { orgId: 850, title: 'To cancel' } })).data;
    expect((await call(owner, 'POST', `${C}/product-order/cancel`, { productOrderId: toCancel.id })).status).toBe(409);
    await ok(owner, 'POST', `${C}/update-order-status`, { productOrderId: toCancel.id, statusKey: 'submittedForApproval' });
    await ok(owner, 'POST', `${C}/product-order/cancel`, { productOrderId: toCancel.id });
    await ok(owner, 'POST', '/api/configurator/update-product-order-costs', { orgId: 850 });
  });

  it('payments answer what the document says (the simulated provider)', async () => {
    const owner = await t.as('owner-850@demo.test');
    const id = (await ok(owner, 'POST', CREATE_ORDER, { productOrderProps: { orgId: 850, title: 'Paid by card', productCategoryId: 1 } })).data.id;
    await ok(owner, 'POST', ORDER_UPDATE, { where: { id }, props: CONTACT });
    const statusData = Object.fromEntries(['orderStarted', 'submittedForApproval', 'readyToPayDeposit'].map((k) => [k, { date: '2026-01-02 10:00:00' }]));
    await t.db('product_orders').where({ id }).update({
      status_data: JSON.stringify(statusData),
      last_completed_status_key: 'readyToPayDeposit',
      costs: JSON.stringify({ orderSubTotal: 100_000, discount: 0, shipping: 0, shippingIsTbd: false, tax: 0, tariff: 0, orderTotal: 100_000, depositAmount: 40_000, depositPercentage: 40 }),
    });
    const intent = (await ok(owner, 'POST', `${C}/create-stripe-payment-intent`, { productOrderId: id, isCardPayment: true, paymentEnvironment: 'live', payInFull: false })).data;
    await ok(owner, 'POST', `${C}/update-stripe-payment-intent`, { productOrderId: id, paymentIntentId: intent.paymentIntentId, isCardPayment: true, paymentEnvironment: 'live', payInFull: false });
    const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123' };
    const confirmed = await call(owner, 'POST', `${C}/confirm-order-payment`, { productOrderId: id, paymentMethod: 'stripe', paymentData: { amount: intent.amountInCents, paymentIntentId: intent.paymentIntentId, card } });
    expect(confirmed.status).toBe(200);
    await ok(owner, 'POST', `${C}/get-stripe-payment-intent`, { paymentIntentId: intent.paymentIntentId, paymentEnvironment: 'live' });
    expect((await call(owner, 'POST', `${C}/get-stripe-payment-intent`, { paymentIntentId: 'pi_unknown', paymentEnvironment: 'live' })).status).toBe(404);
    expect((await call(t.client(), 'POST', '/api/webhooks/payments', { id: 'evt_1', type: 'payment_intent.succeeded', data: { object: { id: 'pi_1' } } })).status).toBeLessThan(500);
  });

  it('sharing, share links and guests answer what the document says', async () => {
    const owner = await t.as('owner-850@demo.test');
    const order = (await ok(owner, 'POST', CREATE_ORDER, { productOrderProps: { orgId: 850, title: 'Shared order', productCategoryId: 1 } })).data;
    const link = (await ok(owner, 'POST', `${C}/product-order/generate-shareable-link`, { productOrderId: order.id, validForDays: 7 })).data;
    const shareToken = new URL(link.shareableLink).searchParams.get('shareToken')!;
    const stranger = t.client();
    await ok(stranger, 'POST', `${C}/get-org-role-for-token`, { shareToken });
    await ok(stranger, 'POST', `${C}/product-order/handle-guest-share-link`, { shareToken });
    await ok(stranger, 'GET', '/api/auth/session');
    expect((await call(t.client(), 'POST', `${C}/get-org-role-for-token`, { shareToken: 'A'.repeat(43) })).status).toBe(404);
    await ok(owner, 'POST', `${C}/product-order/share`, { orgId: 850, productOrderOrgSpecificId: order.orgSpecificId, sharees: [{ email: 'colleague@example.test' }], shareNote: 'Have a look.' });
    await ok(owner, 'POST', `${C}/product-order/add-sharee`, { productOrderId: order.id, shareeEmail: 'member-850@demo.test' });
    await ok(owner, 'POST', `${C}/product-order/get-or-create-sharee`, { productOrderId: order.id, shareeEmail: 'someone.new@example.test' });
    const memberId = (await t.repos.users.findOne({ email: 'member-850@demo.test' }))!.id;
    await ok(owner, 'POST', `${C}/product-order/update-involved-users-data`, { orgId: 850, productOrderOrgSpecificId: order.orgSpecificId, shareeId: memberId, pricingIsHidden: 1 });
    await ok(owner, 'POST', `${C}/product-order/remove-sharee`, { orgId: 850, productOrderOrgSpecificId: order.orgSpecificId, shareeEmail: 'member-850@demo.test' });
    await ok(owner, 'POST', `${C}/product-order/get-involved-users`, { orgId: 850, productOrderOrgSpecificId: order.orgSpecificId });

    const guest = (await ok(owner, 'POST', '/api/orgs/invite-guest', { email: 'new.guest@example.test', activeOrgId: 850, pricingIsHidden: 0 })).data.guest;
    expect((await call(owner, 'POST', '/api/orgs/invite-guest', { email: 'new.guest@example.test', activeOrgId: 850, pricingIsHidden: 0 })).status).toBe(409);
    await ok(owner, 'POST', '/api/orgs/update-guest-data', { orgId: 850, userId: guest.userId, pricingIsHidden: 1 });
    await ok(owner, 'POST', '/api/orgs/update-guest-data', { orgId: 850, userId: guest.userId, updateProps: { appData: { designEngine: { discount: { type: 'percent', value: 10 }, disableSalesTax: true } } } });
    // The invitation mail's link: what it is for, then accepted (the guest is signed in).
    const token = /invitation\?token=([A-Za-z0-9_%-]+)/.exec(mails.map((m) => m.text).join('\n'))?.[1];
    expect(token).toBeTruthy();
    await ok(t.client(), 'POST', '/api/auth/invitation', { token: decodeURIComponent(token!) });
    await ok(t.client(), 'POST', '/api/auth/accept-invitation', { token: decodeURIComponent(token!), password: 'a long enough password' });
    const group = (await ok(owner, 'POST', `${R}/userGroups/create`, { props: { orgId: 850, title: 'Contract', userIds: [guest.userId] } })).data;
    await ok(owner, 'POST', `${R}/userGroups/update`, { where: { id: group.id }, props: { title: 'Contract check' } });
    await ok(owner, 'POST', '/api/orgs/disinvite-guest', { orgId: 850, userId: guest.userId });
    await ok(owner, 'POST', `${R}/userGroups/destroy`, { where: { id: group.id } });
  });

  it('catalogue writes, media and documents answer what the document says', async () => {
    const owner = await t.as('owner-850@demo.test');
    const product = (await ok(owner, 'POST', `${R}/products/create`, { props: { orgId: 850, title: 'Contract product', productCategoryId: 1 } })).data;
    await ok(owner, 'POST', `${R}/products/update`, { where: { id: product.id }, props: { title: 'Contract product 2', referenceCodes: { catalog: 'C-1' } } });
    await ok(owner, 'POST', `${R}/products/duplicate`, { where: { id: product.id } });
    await ok(owner, 'POST', `${R}/products/destroy`, { where: { id: product.id } });
    const property = (await ok(owner, 'POST', `${R}/productProperties/create`, { props: { orgId: 850, title: 'Contract property' } })).data;
    await ok(owner, 'POST', `${R}/productProperties/duplicate`, { where: { id: property.id } });
    await ok(owner, 'POST', `${R}/productOptions/create`, { props: { orgId: 850, productPropertyId: property.id, title: 'Contract option', data: { priceInCents: 100 } } });
    await ok(owner, 'POST', `${R}/productCategories/create`, { props: { orgId: 850, title: 'Contract category' } });
    const group = (await ok(owner, 'POST', `${R}/productPropertyGroups/create`, { props: { orgId: 850, title: 'Contract group', properties: { [String(property.id)]: {} } } })).data;
    await ok(owner, 'POST', `${R}/productPropertyGroups/destroy`, { where: { id: group.id } });
    const rule = (await ok(owner, 'POST', `${R}/productPricingRules/create`, { props: { orgId: 850, title: 'Contract rule' } })).data;
    await ok(owner, 'POST', `${R}/productPricingRules/update`, { where: { id: rule.id }, addVersion: true });
    await ok(owner, 'POST', `${R}/productGraphics/create`, { props: { orgId: 850, title: 'Contract graphic', nodes: [{ id: 'face', type: 'rect', props: { width: 10 }, children: [{ id: 'dot', type: 'circle', props: { r: 1 } }] }] } });
    expect((await call(await t.as('member-850@demo.test'), 'POST', `${R}/products/create`, { props: { orgId: 850, title: 'No' } })).status).toBe(403);

    const medium = (await ok(owner, 'POST', '/api/media/upload?orgId=850', undefined, { raw: png(), headers: { 'content-type': 'image/png', 'x-file-name': encodeURIComponent('contract.png') } })).data;
    expect((await call(owner, 'POST', '/api/media/upload?orgId=850', undefined, { raw: png(), headers: { 'content-type': 'text/plain' } })).status).toBe(415);
    await ok(owner, 'POST', `${R}/media/update`, { where: { id: medium.id }, props: { title: 'Contract', associations: { products: { '98': true } } } });
    await ok(t.client(), 'GET', medium.presignedUrl);
    expect((await call(t.client(), 'GET', `/api/media/file/850/${'0'.repeat(32)}.png?expires=1&signature=${'0'.repeat(64)}`)).status).toBe(403);
    await ok(owner, 'GET', `/api/media/${medium.id}/file`);
    expect((await call(owner, 'GET', '/api/media/999999/file')).status).toBe(404);
    await ok(owner, 'POST', `${R}/media/destroy`, { where: { id: medium.id } });

    const order = await orderOf(850, 'Harbour View Residence');
    await ok(owner, 'POST', '/api/documents/pdf', { orgId: 850, productOrderOrgSpecificId: order.orgSpecificId, document: 'documents', mode: 'quote' });
    expect((await call(await t.as('guest-850@demo.test'), 'POST', '/api/documents/pdf', { orgId: 850, productOrderOrgSpecificId: order.orgSpecificId, document: 'documents', mode: 'factory' })).status).toBeGreaterThanOrEqual(403);
  });

  it('the drawing calls answer what the document says', async () => {
    const owner = await t.as('owner-1798@demo.test');
    const lobby = await orderOf(1798, 'Lobby Mural — Ellis Tower');
    const S = '/api/spatial';
    const create = (key: string, props: object) => ok(owner, 'POST', `${S}/${key}/create`, { props: { orgId: 1798, productOrderId: lobby.id, ...props } });
    const wall = (await create('archWalls', { from: { x: 0, z: 180 }, to: { x: 0, z: 0 } })).data;
    await ok(owner, 'POST', `${S}/archWalls/update`, { where: { id: wall.id }, props: { height: 100 } });
    await create('archElevations', { from: { x: 0, z: 0 }, to: { x: 240, z: 0 } });
    const view = (await create('archCustomViews', {})).data;
    await create('productCanvasTexts', { position: { x: 5, y: 5 }, customViewId: view.id });
    await create('productCanvasLines', { customViewId: view.id });
    const area = (await create('entities', { type: 'calicoMuralArea', data: { archCustomViewId: view.id, position: { x: 0, y: 0 }, size: { width: 100, height: 96 } } })).data;
    await ok(owner, 'POST', `${S}/entities/batch-update`, { updates: [{ where: { id: area.id }, props: { data: { position: { x: 1, y: 1 } } } }] });
    await ok(owner, 'POST', `${S}/archWalls/destroy`, { where: { id: wall.id } });
    await ok(owner, 'POST', ORDER_DATA, { orgId: 1798, productOrderOrgSpecificId: lobby.orgSpecificId });
    const flat = await orderOf(850, 'Harbour View Residence');
    expect((await call(await t.as('owner-850@demo.test'), 'POST', `${S}/archWalls/create`, { props: { orgId: 850, productOrderId: flat.id, from: { x: 0, z: 0 }, to: { x: 1, z: 0 } } })).status).toBe(409);
  });

  it('API tokens: the admin calls answer what the document says', async () => {
    if (!doc.paths['/api/orgs/api-tokens/get']) return;
    const owner = await t.as('owner-850@demo.test');
    const made = (await ok(owner, 'POST', '/api/orgs/api-tokens/create', { orgId: 850, name: 'Contract', scopes: ['orders:read'] })).data;
    await ok(owner, 'POST', '/api/orgs/api-tokens/get', { orgId: 850 });
    // A token reads what its scope allows, and no more.
    const machine = t.client();
    const asToken = { headers: { authorization: `Bearer ${made.token}` } };
    await ok(machine, 'GET', CATALOGUE(850), undefined, asToken);
    await ok(machine, 'POST', HOME, { orgId: 850 }, asToken);
    expect((await call(machine, 'POST', `${R}/products/get`, { where: { orgId: 850 } }, asToken)).status).toBe(403);
    await ok(owner, 'POST', '/api/orgs/api-tokens/calls', { orgId: 850, id: made.apiToken.id });
    await ok(owner, 'POST', '/api/orgs/api-tokens/revoke', { orgId: 850, id: made.apiToken.id });
  });

  it('every GET and the main reads and writes were answered as documented', () => {
    const answered = (key: string) => [...(check.seen.get(key) ?? [])].some((s) => s === 200);
    const gets = documentOperations(doc).filter((op) => op.startsWith('GET '));
    expect(gets.filter((op) => !answered(op)).map((op) => `${op} was not called with a 200 answer`)).toEqual([]);
    const main = [
      'POST /api/configurator/get-configurator-order-data',
      'POST /api/configurator/get-configurator-orders-data',
      'POST /api/configurator/get-configurator-orders-count',
      'POST /api/configurator/get-configurator-homepage-data',
      'POST /api/configurator/create-product-order',
      'POST /api/resources/productOrders/update',
      'POST /api/resources/productInstances/create',
      'POST /api/configurator/get-order-status-events',
      'POST /api/configurator/approve-order',
      'POST /api/resources/{resourceKey}/get',
      'POST /api/resources/{resourceKey}/create',
      'POST /api/configurator/get-configurator-guests-data',
      'POST /api/resources/userGroups/get',
      'POST /api/configurator/get-pricing-version-impact',
    ];
    expect(main.filter((op) => !answered(op)).map((op) => `${op} was not called with a 200 answer`)).toEqual([]);
    const total = documentOperations(doc).length;
    const covered = documentOperations(doc).filter(answered).length;
    const others = documentOperations(doc).filter((op) => !answered(op)).map((op) => `${op} (${[...(check.seen.get(op) ?? [])].join(', ') || 'not called'})`);
    console.info(`[openapi] ${covered} of ${total} operations answered 200 and matched the document; the others answered as documented: ${others.join('; ')}.`);
  });
});
