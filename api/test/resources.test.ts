import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_RESOURCE_KEYS } from '@cpq/domain';
import { databases, startTestApp, type Client, type TestApp } from './helpers.ts';

describe.each(databases)('resources get on $name', (dbCase) => {
  let t: TestApp;
  let owner: Client, member: Client, guest: Client;
  beforeAll(async () => {
    t = await startTestApp(dbCase);
    [owner, member, guest] = await Promise.all([t.as('owner-850@demo.test'), t.as('member-850@demo.test'), t.as('guest-850@demo.test')]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (c: Client, key: string, where: Record<string, unknown>) => c.post(`/api/resources/${key}/get`, { where });

  it('answers rows of the named organisation only, for every catalogue resource', async () => {
    for (const key of CATALOGUE_RESOURCE_KEYS) {
      const res = await get(owner, key, { orgId: 850 });
      expect(res.status, key).toBe(200);
      expect(Array.isArray(res.body.data), key).toBe(true);
      expect(res.body.data.every((r: { orgId: number }) => r.orgId === 850), key).toBe(true);
    }
    const props = await get(owner, 'productProperties', { orgId: 850 });
    expect(props.body.data.map((p: { id: number }) => p.id)).toEqual(expect.arrayContaining([7, 26, 27, 112]));
    expect(props.body.data.find((p: { id: number }) => p.id === 27)).toMatchObject({ title: 'Engravings', type: 'text', isArray: 1 });
    const rules = await get(owner, 'productPricingRules', { orgId: 850 });
    expect(rules.body.data[0].versions['1'].expressions[0]).toMatchObject({ type: 'fixed', props: { value: 18500 } });
  });

  it('filters products and options by the caller’s role', async () => {
    const optionIds = async (c: Client) => (await get(c, 'productOptions', { orgId: 850, productPropertyId: 7 })).body.data.map((o: { id: number }) => o.id);
    expect(await optionIds(owner)).toEqual([22, 23, 24, 25]);
    expect(await optionIds(member)).toEqual([22, 23, 24]);
    expect(await optionIds(guest)).toEqual([22, 23]);
    const productIds = async (c: Client) => (await get(c, 'products', { orgId: 850, productCategoryId: 1 })).body.data.map((p: { id: number }) => p.id);
    expect(await productIds(owner)).toEqual([98, 99, 100, 101, 102]);
    expect(await productIds(member)).toEqual([98, 99, 100, 102]);
    // Archived products (102) are listed for employees' admin screens, never for guests.
    expect(await productIds(guest)).toEqual([98, 99]);
    const notArchived = await get(guest, 'products', { orgId: 850, productCategoryId: 1, archived: 0 });
    expect(notArchived.body.data.map((p: { id: number }) => p.id)).toEqual([98, 99]);
  });

  it('filters by id and answers the exact demo ids', async () => {
    const res = await get(owner, 'productOptions', { orgId: 850, id: [22, 23, 139] });
    expect(res.body.data.map((o: { id: number; productPropertyId: number }) => [o.id, o.productPropertyId])).toEqual([
      [22, 7],
      [23, 7],
      [139, 26],
    ]);
  });

  it('refuses another organisation, unknown resources and filters that do not apply', async () => {
    expect((await get(owner, 'products', { orgId: 1053 })).status).toBe(404); // like an organisation that does not exist
    const unknown = await get(owner, 'users', { orgId: 850 });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('unknownResource');
    const badFilter = await get(owner, 'productCategories', { orgId: 850, productPropertyId: 7 });
    expect(badFilter.status).toBe(400);
    expect(badFilter.body.error.message).toBe('where.productPropertyId is not a filter of productCategories');
    const noOrg = await owner.post('/api/resources/products/get', { where: {} });
    expect(noOrg.status).toBe(400);
    expect(noOrg.body.error.message).toBe('Organisation is required.');
  });
});
