import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage as SentMail } from '../src/adapters/mail/index.ts';
import { sendStatusMail } from '../src/services/statusMail.ts';
import { databases, startTestApp, type Client, type TestApp } from './helpers.ts';
import { pricesIn } from './prices.ts';

/**
 * Hidden prices are per person in an organisation: a guest from whom any order (or the organisation)
 * hides prices receives no price from any call — the catalogue, the home page, the orders list, an
 * order of their own, the order shared with them. Expectations are written from that rule: every
 * answer is walked for a key that carries money with a value that is not empty or zero.
 */

const C = '/api/configurator';
const R = '/api/resources';
const CATALOGUE_KEYS = ['products', 'productCategories', 'productProperties', 'productPropertyGroups', 'productOptions', 'productPricingRules', 'productOptionClassifiers', 'productRules', 'productGraphics', 'media'];

function textsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(textsIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(textsIn);
  return [];
}

describe.each(databases)('hidden prices per person on $name', (dbCase) => {
  let t: TestApp;
  let owner: Client;
  let sharee: Client;
  let shareeId: number;
  let shared: { id: number; orgSpecificId: number };
  const mails: SentMail[] = [];

  /** Every read a guest's pages make in an organisation, with the answers' bodies. */
  async function readsOf(c: Client, orgId: number, order: { orgSpecificId: number }): Promise<Array<[string, unknown]>> {
    const out: Array<[string, unknown]> = [];
    const post = async (path: string, body: unknown) => {
      const res = await c.post(path, body);
      expect(res.status, `${path} ${JSON.stringify(res.body).slice(0, 200)}`).toBe(200);
      out.push([path, res.body]);
    };
    await post(`${C}/get-configurator-homepage-data`, { orgId });
    await post(`${C}/get-configurator-orders-data`, { orgId });
    await post(`${C}/get-configurator-order-data`, { orgId, productOrderOrgSpecificId: order.orgSpecificId });
    await post(`${C}/product-order/get-involved-users`, { orgId, productOrderOrgSpecificId: order.orgSpecificId });
    for (const key of CATALOGUE_KEYS) await post(`${R}/${key}/get`, { where: { orgId } });
    for (const path of [`${C}/catalogue?orgId=${orgId}`, `${C}/catalogue?orgId=${orgId}&productOrderOrgSpecificId=${order.orgSpecificId}`]) {
      const res = await c.get(path);
      expect(res.status, path).toBe(200);
      out.push([path, res.body]);
    }
    return out;
  }

  const leaks = (answers: Array<[string, unknown]>) => answers.flatMap(([path, body]) => pricesIn(body).map((p) => `${path}: ${p}`));

  beforeAll(async () => {
    t = await startTestApp(dbCase, { mailer: { send: async (m: SentMail) => (mails.push(m), { messageId: `m${mails.length}` }) } });
    owner = await t.as('owner-850@demo.test');
    const created = await owner.post(`${C}/create-product-order-with-items`, {
      productOrderProps: { orgId: 850, title: 'Hidden prices', productCategoryId: 1 },
      propsSets: [{ productId: 98, title: 'Hall', quantity: 2 }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    shared = { id: created.body.data.id, orgSpecificId: created.body.data.orgSpecificId };
    const link = (await owner.post(`${C}/product-order/generate-shareable-link`, { productOrderId: shared.id })).body.data.shareableLink as string;
    sharee = t.client();
    expect((await sharee.post(`${C}/product-order/handle-guest-share-link`, { shareToken: new URL(link).searchParams.get('shareToken') })).status).toBe(200);
    shareeId = (await sharee.get('/api/auth/session')).body.data.user.id as number;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a sharee sees prices until the owner hides them, then from no call, their own order included, and again once shown', async () => {
    // Before: the sharee sees the catalogue's prices (the rule is not "guests see nothing").
    expect(leaks(await readsOf(sharee, 850, shared)).length).toBeGreaterThan(0);

    expect((await owner.post(`${C}/product-order/update-involved-users-data`, { orgId: 850, productOrderOrgSpecificId: shared.orgSpecificId, shareeId, pricingIsHidden: 1 })).status).toBe(200);
    // An order the sharee makes themselves: its answer and everything read after it hold no price.
    const own = await sharee.post(`${C}/create-product-order-with-items`, {
      productOrderProps: { orgId: 850, title: 'Mine', productCategoryId: 1 },
      propsSets: [{ productId: 98, title: 'Study', quantity: 1 }],
    });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(pricesIn(own.body)).toEqual([]);
    expect(leaks(await readsOf(sharee, 850, shared))).toEqual([]);
    expect(leaks(await readsOf(sharee, 850, own.body.data))).toEqual([]);
    // The session tells the browser the same.
    const org = (await sharee.get('/api/auth/session')).body.data.organisations.find((o: { id: number }) => o.id === 850);
    expect(org.pricingIsHidden).toBe(true);

    // Shown again on that order: prices come back everywhere.
    expect((await owner.post(`${C}/product-order/update-involved-users-data`, { orgId: 850, productOrderOrgSpecificId: shared.orgSpecificId, shareeId, pricingIsHidden: 0 })).status).toBe(200);
    expect(leaks(await readsOf(sharee, 850, own.body.data)).length).toBeGreaterThan(0);
  });

  it('a guest of an organisation that hides prices from its guests receives none (1392)', async () => {
    const guest = await t.as('guest-1392@demo.test');
    const own = await guest.post(`${C}/create-product-order-with-items`, {
      productOrderProps: { orgId: 1392, title: 'Porch', productCategoryId: 14 },
      propsSets: [{ productId: 170, title: 'Pendant', quantity: 2 }],
    });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(pricesIn(own.body)).toEqual([]);
    expect(leaks(await readsOf(guest, 1392, own.body.data))).toEqual([]);
    // Its owner reads the same calls with prices.
    const employee = await t.as('owner-1392@demo.test');
    expect(leaks(await readsOf(employee, 1392, own.body.data)).length).toBeGreaterThan(0);
  });

  it('guests read product rules without their titles (which may name unpublished products) and none about what they cannot see', async () => {
    const guest = await t.as('guest-850@demo.test');
    const rules = (await guest.post(`${R}/productRules/get`, { where: { orgId: 850 } })).body.data as Array<Record<string, unknown>>;
    const catalogue = (await guest.get(`${C}/catalogue?orgId=850`)).body.data;
    for (const answer of [rules, catalogue.productRules, catalogue.productOptionClassifiers]) {
      const texts = textsIn(answer).join(' | ');
      // Solaris (an admin-level product and option) and Damier (an internal product) are not for guests.
      expect(texts).not.toMatch(/Solaris|Damier/);
    }
    expect(rules.every((r) => !('title' in r) && !('description' in r))).toBe(true);
    // A rule from the Solaris option (internal) is not sent; one between options guests see is.
    const ids = rules.map((r) => r.id);
    expect(ids).not.toContain(1);
    expect(ids).toContain(3);
    // Classifier groups name only options the guest may see; the owner's name them all, with titles.
    const ownerRules = (await owner.post(`${R}/productRules/get`, { where: { orgId: 850 } })).body.data as Array<Record<string, unknown>>;
    expect(ownerRules.find((r) => r.id === 1)?.title).toBe('Solaris has no matched paint');
  });

  it('a payment mail names no amount to a person whose prices are hidden, and the amount to one who sees them', async () => {
    const hiddenOwner = (await t.repos.productOrders.find({ orgId: 1392, title: 'Guest House Doors' }))[0]!;
    const visibleOwner = (await t.repos.productOrders.find({ orgId: 1392, title: 'Gallery Lighting' }))[0]!;
    const deps = { repos: t.repos, mailer: { send: async (m: SentMail) => (mails.push(m), { messageId: 'x' }) }, publicUrl: 'https://portal.test', logError: (err: unknown) => { throw err; } };
    mails.length = 0;
    await sendStatusMail(deps, { ...hiddenOwner, clientEmails: [] }, 'Halden', { kind: 'paymentReceived', amountInCents: 123_456 });
    await sendStatusMail(deps, { ...visibleOwner, clientEmails: [] }, 'Halden', { kind: 'paymentReceived', amountInCents: 123_456 });
    expect(mails.map((m) => [m.to, m.text.includes('$1,234.56')])).toEqual([
      [['guest-1392@demo.test'], false],
      [['owner-1392@demo.test'], true],
    ]);
    expect(mails[0]!.text).toContain('We received a payment for order');
  });
});
