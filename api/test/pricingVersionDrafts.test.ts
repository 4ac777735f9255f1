import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PricingVersionImpactResponse, PublishPricingVersionResponse } from '@cpq/domain';
import { compile, describeError } from '../src/http/validate.ts';
import { databases, startTestApp, type Client, type TestApp } from './helpers.ts';
import { CATALOGUE, CREATE_ORDER, ITEM_CREATE, ORDER_UPDATE } from './paths.ts';

/**
 * Draft pricing versions, written from the rules:
 * - "Add version" makes a draft: it prices nothing (orders keep the published version) until it is
 *   published; saving it keeps it a draft; only owners see it.
 * - POST get-pricing-version-impact prices every order a version text would affect — non-archived
 *   orders with an item of a product using the rule whose effective pricing date (now when none)
 *   selects that version, before or with the text in place — and answers how many, the total change
 *   of their items' totals (before discount, shipping, taxes) and the 10 biggest changes.
 * - POST publish-pricing-version refuses (409, nothing written) a draft without expressions or one
 *   pricing every item of a product at $0 (the items of the orders it would price, else the
 *   product's default configuration); publishing records who and when, leaves an audit line and
 *   bumps the catalogue version (stored prices become stale and are repriced).
 * Owners only; another organisation's rule answers like a missing one.
 *
 * The fixture: product "Draft test lamp" (no properties) alone uses a new rule whose version 1
 * (2025-01-01) is $10.00 a unit. Orders of organisation 850:
 *   A  no effective date (now)   3 lamps + 1 lamp + a custom item at $7.00   → $47.00 today
 *   B  2025-06-01                2 lamps                                     → $20.00
 *   C  2024-01-01 (before v1)    5 lamps                                     → $50.00
 *   D  archived                  1 lamp
 *   bulk 1…11  2025-07-01         i lamps
 */
const C = '/api/configurator';
const R = '/api/resources';
const ORG = 850;
const fixed = (value: number, operator = '+') => ({ type: 'fixed', props: { value }, operator });
/** A response's differences from its schema in packages/domain (none expected). */
function errorsOf(schema: Parameters<typeof compile>[0], value: unknown): string[] {
  const validate = compile(schema);
  return validate(value) ? [] : (validate.errors ?? []).map(describeError);
}

describe.each(databases)('pricing version drafts on $name', (dbCase) => {
  let t: TestApp;
  let owner: Client;
  let ownerId: number;
  let ruleId: number;
  let productId: number;
  const orders: Record<string, { id: number; orgSpecificId: number }> = {};

  const ruleNow = async () => (await t.repos.productPricingRules.findOne({ id: ruleId }))!;
  const catalogueVersion = async () => Number((await t.db('organisations').where({ id: ORG }).first('catalogue_version')).catalogue_version);
  const auditLines = async () => t.repos.auditLog.find({ entity: 'productPricingRules', entityId: ruleId }, { orderBy: ['id'] });
  const itemsOf = async (name: string) => t.repos.productInstances.find({ productOrderId: orders[name]!.id, productId }, { orderBy: ['rank', 'id'] });
  const impact = (body: Record<string, unknown>, client = owner) => client.post(`${C}/get-pricing-version-impact`, { orgId: ORG, productPricingRuleId: ruleId, ...body });
  const publish = (versionKey: string, client = owner) => client.post(`${C}/publish-pricing-version`, { orgId: ORG, productPricingRuleId: ruleId, versionKey });
  const saveVersion = (key: string, version: unknown) => owner.post(`${R}/productPricingRules/update`, { where: { id: ruleId }, props: { versions: { [key]: version } } });
  const idOf = (name: string) => orders[name]!.id;
  /** Touches an order (its title): a write reprices what is stale. */
  const touch = async (name: string) => expect((await owner.post(ORDER_UPDATE, { where: { id: idOf(name) }, props: { title: `${name} touched` } })).status).toBe(200);

  beforeAll(async () => {
    t = await startTestApp(dbCase);
    owner = await t.as('owner-850@demo.test');
    ownerId = (await t.repos.users.findOne({ email: 'owner-850@demo.test' }))!.id;
    const rule = await owner.post(`${R}/productPricingRules/create`, { props: { orgId: ORG, title: 'Lamps (drafts test)' } });
    expect(rule.status, JSON.stringify(rule.body)).toBe(200);
    ruleId = rule.body.data.id;
    // A version sent under a new key (not as a draft) is in force at once, as before drafts existed.
    expect((await saveVersion('1', { created: '2025-01-01 00:00:00', expressions: [fixed(1000)] })).status).toBe(200);
    const product = await owner.post(`${R}/products/create`, { props: { orgId: ORG, title: 'Draft test lamp', productPricingRuleId: ruleId } });
    expect(product.status, JSON.stringify(product.body)).toBe(200);
    productId = product.body.data.id;

    const make = async (name: string, date: string | null, quantities: number[], custom = 0) => {
      const o = await owner.post(CREATE_ORDER, { productOrderProps: { orgId: ORG, title: name } });
      expect(o.status, JSON.stringify(o.body)).toBe(200);
      orders[name] = { id: o.body.data.id, orgSpecificId: o.body.data.orgSpecificId };
      for (const quantity of quantities) {
        const item = await owner.post(ITEM_CREATE, { props: { productOrderId: o.body.data.id, productId, title: name, quantity } });
        expect(item.status, JSON.stringify(item.body)).toBe(200);
      }
      if (custom) expect((await owner.post(ITEM_CREATE, { props: { productOrderId: o.body.data.id, productId: -1, title: 'Survey', quantity: 1, customPriceInCents: custom } })).status).toBe(200);
      if (date) expect((await owner.post(ORDER_UPDATE, { where: { id: o.body.data.id }, props: { effectivePricingDate: date } })).status).toBe(200);
    };
    await make('A', null, [3, 1], 700);
    await make('B', '2025-06-01', [2]);
    await make('C', '2024-01-01', [5]);
    await make('D', null, [1]);
    expect((await owner.post(ORDER_UPDATE, { where: { id: idOf('D') }, props: { archived: 1 } })).status).toBe(200);
    for (let i = 1; i <= 11; i++) await make(`bulk ${i}`, '2025-07-01', [i]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('adds a draft that prices nothing: saved as often as wanted, orders keep the published version', async () => {
    const added = await owner.post(`${R}/productPricingRules/update`, { where: { id: ruleId }, addVersion: true });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const draft = added.body.data.versions['2'];
    expect(draft).toMatchObject({ expressions: [], draft: true, draftedBy: ownerId });
    expect(Math.abs(new Date(`${draft.draftedAt.replace(' ', 'T')}Z`).getTime() - Date.now())).toBeLessThan(60_000);
    expect(Math.abs(new Date(`${draft.created.replace(' ', 'T')}Z`).getTime() - (Date.now() + 86_400_000))).toBeLessThan(60_000);

    // Saved with prices and a past date (the editor sends no draft marker): still a draft.
    const saved = await saveVersion('2', { created: '2025-03-01 00:00:00', expressions: [fixed(5000)] });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.versions['2']).toEqual({ created: '2025-03-01 00:00:00', expressions: [fixed(5000)], draft: true, draftedBy: ownerId, draftedAt: draft.draftedAt });

    // Its date has come for A, yet A's lamps keep version 1's $10.00 when A is repriced.
    await touch('A');
    expect((await itemsOf('A')).map((i) => [i.unitPriceInCents, i.totalPriceInCents, i.pricingRuleVersion])).toEqual([
      [1000, 3000, '1'],
      [1000, 1000, '1'],
    ]);
    // No order is priced by a draft.
    const priced = await owner.post(`${C}/get-pricing-version-orders`, { orgId: ORG, productPricingRuleId: ruleId, versionKey: '2' });
    expect(priced.status).toBe(200);
    expect(priced.body.data.productOrders).toEqual([]);
  });

  it('answers what publishing the draft would do: orders, total change and the 10 biggest changes', async () => {
    const res = await impact({ versionKey: '2' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(errorsOf(PricingVersionImpactResponse, res.body.data)).toEqual([]);
    // A (now) and B (2025-06-01) and the bulk orders (2025-07-01) are on or after 2025-03-01; C is
    // before every version (the earliest published, 1, stays); D is archived.
    // A: 4 lamps $10.00 → $50.00 (+$160.00), the custom $7.00 unchanged: $47.00 → $207.00.
    // B: 2 lamps: $20.00 → $100.00 (+$80.00). bulk i: i lamps, +$40.00 × i.
    // Total: 16000 + 8000 + 4000 × (1 + … + 11) = 24000 + 264000 = 288000.
    const change = (name: string, before: number, after: number) => ({ orderId: idOf(name), orgSpecificId: orders[name]!.orgSpecificId, title: name, beforeInCents: before, afterInCents: after, changeInCents: after - before });
    const bulk = (i: number) => change(`bulk ${i}`, 1000 * i, 5000 * i);
    expect(res.body.data.impact).toEqual({
      versionKey: '2',
      orders: 13,
      changedOrders: 13,
      totalChangeInCents: 288000,
      // Largest first; A and bulk 4 both +$160.00: the lower order id (A, made first) first.
      biggestChanges: [bulk(11), bulk(10), bulk(9), bulk(8), bulk(7), bulk(6), bulk(5), { ...change('A', 4700, 20700), title: 'A touched' }, bulk(4), bulk(3)],
      failedItems: 0,
    });
  });

  it('prices any version text in place of a version: a draft’s or a published one’s', async () => {
    // The draft at $15.00 instead: A +$20.00, B +$10.00, bulk i +$5.00 × i → 2000 + 1000 + 500 × 66.
    const text = await impact({ versionKey: '2', draft: { created: '2025-03-01 00:00:00', expressions: [fixed(1000), fixed(3, '*'), fixed(2, '/')] } });
    expect(text.status, JSON.stringify(text.body)).toBe(200);
    expect(text.body.data.impact).toMatchObject({ orders: 13, changedOrders: 13, totalChangeInCents: 36000 });
    // Version 1 at $12.00: every order it prices now — the draft is not one of them — A, B, C and the bulk orders.
    // A +$8.00, B +$4.00, C +$10.00, bulk i +$2.00 × i → 800 + 400 + 1000 + 200 × 66 = 15400.
    const v1 = await impact({ versionKey: '1', draft: { created: '2025-01-01 00:00:00', expressions: [fixed(1200)] } });
    expect(v1.body.data.impact).toMatchObject({ orders: 14, changedOrders: 14, totalChangeInCents: 15400 });
    expect(v1.body.data.impact.biggestChanges.slice(0, 2).map((c: { title: string; changeInCents: number }) => [c.title, c.changeInCents])).toEqual([
      ['bulk 11', 2200],
      ['bulk 10', 2000],
    ]);
    // The same text as stored: nothing changes.
    expect((await impact({ versionKey: '1' })).body.data.impact).toMatchObject({ orders: 14, changedOrders: 0, totalChangeInCents: 0, biggestChanges: [] });
  });

  it('refuses to publish a draft with no expressions (409), writing nothing', async () => {
    const added = await owner.post(`${R}/productPricingRules/update`, { where: { id: ruleId }, addVersion: true });
    expect(added.body.data.versions['3']).toMatchObject({ draft: true, expressions: [] });
    const before = await ruleNow();
    const [v0, lines] = [await catalogueVersion(), (await auditLines()).length];
    const res = await publish('3');
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body.error.code).toBe('pricingVersionEmpty');
    expect(res.body.error.message).toContain('no expressions');
    expect((await ruleNow()).versions).toEqual(before.versions);
    expect(await catalogueVersion()).toBe(v0);
    expect((await auditLines()).length).toBe(lines);
  });

  it('refuses to publish a stored draft that does not match the version schema (409), naming where', async () => {
    // Only a write around the API can store one; the publication checks what it publishes anyway.
    const rule = await ruleNow();
    const broken = { created: '2099-01-01 00:00:00', expressions: [{ type: 'fixed', props: { value: 1 }, operator: '^' }], draft: true };
    await t.repos.productPricingRules.update({ id: ruleId }, { versions: { ...rule.versions, '8': broken } });
    const res = await publish('8');
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body.error.code).toBe('pricingVersionInvalid');
    expect(res.body.error.message).toBe('Version 8 cannot be published. Operator: choose one of "+", "-", "*", "/", "%", "and", "or" or "===" (expression 1).');
    expect((await ruleNow()).versions['8']).toEqual(broken);
    await t.repos.productPricingRules.update({ id: ruleId }, { versions: rule.versions });
  });

  it('refuses to publish a draft that prices every item of the product at $0 (409), writing nothing', async () => {
    const zero = [fixed(1000), fixed(0, '*')];
    // Dated tomorrow it would price no order yet: the lamp's default configuration is tried.
    const tomorrow = (await ruleNow()).versions['3']!.created;
    expect((await saveVersion('3', { created: tomorrow, expressions: zero })).status).toBe(200);
    const before = await ruleNow();
    const [v0, lines] = [await catalogueVersion(), (await auditLines()).length];
    const res = await publish('3');
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body.error.code).toBe('pricingVersionPricesZero');
    expect(res.body.error.message).toContain('every item of Draft test lamp at $0.00');
    expect(res.body.error.details).toEqual({ productIds: [productId] });
    // Dated 2025-03-01 it would price the 14 lamp items of 13 orders, all at $0: refused too.
    expect((await saveVersion('3', { created: '2025-03-01 00:00:00', expressions: zero })).status).toBe(200);
    const onOrders = await publish('3');
    expect(onOrders.status).toBe(409);
    expect(onOrders.body.error.code).toBe('pricingVersionPricesZero');
    expect(onOrders.body.error.message).toContain('(14 items tried)');
    expect((await ruleNow()).versions['3']).toMatchObject({ draft: true, expressions: zero });
    expect((await ruleNow()).versions['2']).toEqual(before.versions['2']);
    expect(await catalogueVersion()).toBeGreaterThanOrEqual(v0);
    // Only the save wrote (its own audit line); the refused publications nothing.
    expect((await auditLines()).filter((l) => l.action === 'publishVersion')).toHaveLength(0);
    expect((await auditLines()).length).toBe(lines + 1);
    // Out of the way: the next tests publish version 2.
    expect((await saveVersion('3', null)).status).toBe(200);
  });

  it('publishes a draft: who and when recorded, audited, the catalogue version bumped, orders repriced by it', async () => {
    const v0 = await catalogueVersion();
    const draftedAt = (await ruleNow()).versions['2']!.draftedAt;
    const res = await publish('2');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(errorsOf(PublishPricingVersionResponse, res.body.data)).toEqual([]);
    const published = res.body.data.productPricingRule.versions['2'];
    expect(published).toEqual({ created: '2025-03-01 00:00:00', expressions: [fixed(5000)], draftedBy: ownerId, draftedAt, publishedBy: ownerId, publishedAt: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) });
    expect(Math.abs(new Date(`${published.publishedAt.replace(' ', 'T')}Z`).getTime() - Date.now())).toBeLessThan(60_000);
    expect((await ruleNow()).versions['2']).toEqual(published);
    expect(await catalogueVersion()).toBeGreaterThan(v0);
    const line = (await auditLines()).at(-1)!;
    expect(line).toMatchObject({ orgId: ORG, userId: ownerId, action: 'publishVersion', data: { versionKey: '2' } });
    expect((line.data as { changes: Record<string, unknown> }).changes['versions.2']).toEqual({ before: { created: '2025-03-01 00:00:00', expressions: [fixed(5000)], draft: true, draftedBy: ownerId, draftedAt }, after: published });

    // The next write to A reprices it with version 2; C (before every version) keeps version 1.
    await touch('A');
    expect((await itemsOf('A')).map((i) => [i.unitPriceInCents, i.totalPriceInCents, i.pricingRuleVersion])).toEqual([
      [5000, 15000, '2'],
      [5000, 5000, '2'],
    ]);
    await touch('C');
    expect((await itemsOf('C')).map((i) => i.pricingRuleVersion)).toEqual(['1']);

    const again = await publish('2');
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('pricingVersionPublished');
  });

  it('keeps a published version published when it is saved, whatever status the text claims', async () => {
    const stored = (await ruleNow()).versions['2']!;
    const res = await saveVersion('2', { created: '2025-03-01 00:00:00', expressions: [fixed(5100)], draft: true, publishedBy: 999999, draftedBy: 999999 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.versions['2']).toEqual({ ...stored, expressions: [fixed(5100)] });
    expect((await saveVersion('2', { created: '2025-03-01 00:00:00', expressions: [fixed(5000)] })).status).toBe(200);
  });

  it('sends drafts to owners only: not to members, nor in any catalogue', async () => {
    expect((await owner.post(`${R}/productPricingRules/update`, { where: { id: ruleId }, addVersion: true })).status).toBe(200);
    const key = Object.keys((await ruleNow()).versions).sort().at(-1)!;
    expect((await ruleNow()).versions[key]!.draft).toBe(true);
    const ownRead = await owner.post(`${R}/productPricingRules/get`, { where: { orgId: ORG, id: ruleId } });
    expect(Object.keys(ownRead.body.data[0].versions)).toContain(key);
    const member = await t.as('member-850@demo.test');
    const memberRead = await member.post(`${R}/productPricingRules/get`, { where: { orgId: ORG, id: ruleId } });
    expect(memberRead.status).toBe(200);
    expect(Object.keys(memberRead.body.data[0].versions).sort()).toEqual(['1', '2']);
    for (const client of [owner, member]) {
      const catalogue = await client.get(CATALOGUE(ORG));
      expect(catalogue.status).toBe(200);
      const rule = catalogue.body.data.productPricingRules.find((r: { id: number }) => r.id === ruleId);
      expect(Object.keys(rule.versions).sort()).toEqual(['1', '2']);
    }
    expect((await saveVersion(key, null)).status).toBe(200);
  });

  it('is for owners only; another organisation’s rule or a missing version answers 404', async () => {
    for (const email of ['member-850@demo.test', 'guest-850@demo.test']) {
      const c = await t.as(email);
      expect((await impact({ versionKey: '1' }, c)).status, email).toBe(403);
      expect((await publish('1', c)).status, email).toBe(403);
    }
    const inGuestMode = await t.as('owner-850@demo.test');
    expect((await inGuestMode.post('/api/auth/guest-mode', { orgId: ORG, guestMode: true })).status).toBe(200);
    expect((await impact({ versionKey: '1' }, inGuestMode)).status).toBe(403);
    expect((await publish('1', inGuestMode)).status).toBe(403);
    const other = await t.as('owner-1053@demo.test');
    expect((await impact({ versionKey: '1' }, other)).body.error.code).toBe('organisationNotFound');
    expect((await publish('1', other)).status).toBe(404);
    expect((await impact({ versionKey: '1' }, t.client())).status).toBe(401);
    expect((await publish('1', t.client())).status).toBe(401);
    // Rule 4 belongs to 1053.
    for (const path of ['get-pricing-version-impact', 'publish-pricing-version']) {
      const foreign = await owner.post(`${C}/${path}`, { orgId: ORG, productPricingRuleId: 4, versionKey: '1' });
      expect(foreign.status, path).toBe(404);
      expect(foreign.body.error.code, path).toBe('pricingRuleNotFound');
      const missing = await owner.post(`${C}/${path}`, { orgId: ORG, productPricingRuleId: ruleId, versionKey: '9' });
      expect(missing.body.error.code, path).toBe('pricingVersionNotFound');
    }
  });

  it('refuses a bad body with 400', async () => {
    for (const body of [{ versionKey: 'one' }, { versionKey: '0' }, { versionKey: 1 }, { versionKey: '1', extra: true }, { versionKey: '1', productPricingRuleId: 'x' }, {}]) {
      expect((await impact(body)).status, JSON.stringify(body)).toBe(400);
      expect((await owner.post(`${C}/publish-pricing-version`, { orgId: ORG, productPricingRuleId: ruleId, ...body })).status, JSON.stringify(body)).toBe(400);
    }
    // A draft text is checked against the version schema, naming where it is wrong.
    const bad = await impact({ versionKey: '1', draft: { created: '2025-01-01', expressions: [{ type: 'fixed', props: { value: 1 }, operator: '^' }] } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Operator: choose one of "+", "-", "*", "/", "%", "and", "or" or "===" (expression 1).');
    expect((await owner.post(`${C}/publish-pricing-version`, { orgId: ORG, productPricingRuleId: ruleId, versionKey: '1', draft: {} })).status).toBe(400);
  });
});
