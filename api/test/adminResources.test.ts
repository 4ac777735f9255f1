import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, type Client, type TestApp, startTestApp } from './helpers.ts';

/**
 * Catalogue writes of the admin area: POST /api/resources/{key}/create | update | destroy. Expected
 * values come from the catalogue rules (default titles, new = highest rank + 1, a move renumbers all
 * from 1 clamped to 1..count, archive / deleted / delete, pricing versions), not from the code.
 */
type Row = Record<string, any>;
const R = '/api/resources';

describe.each(databases)('catalogue writes on $name', (dbCase) => {
  let t: TestApp;
  let owner: Client, member: Client, guest: Client, otherOwner: Client;
  beforeAll(async () => {
    t = await startTestApp(dbCase);
    [owner, member, guest, otherOwner] = await Promise.all([t.as('owner-850@demo.test'), t.as('member-850@demo.test'), t.as('guest-850@demo.test'), t.as('owner-1053@demo.test')]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (c: Client, key: string, op: 'create' | 'update' | 'destroy', body: unknown) => c.post(`${R}/${key}/${op}`, body);
  const rowsOf = async (table: string, where: Row) => (await (t.repos as any)[table].find(where, { orderBy: ['rank', 'id'] })) as Row[];
  const one = async (table: string, id: number) => (await (t.repos as any)[table].findOne({ id })) as Row | undefined;
  const auditOf = async (entity: string, entityId: number) => (await t.repos.auditLog.find({ entity, entityId }, { orderBy: ['id'] })) as Row[];
  const auditCount = async () => (await t.repos.auditLog.find({})).length;
  const version = async (orgId: number) => Number((await t.db('organisations').where({ id: orgId }).first('catalogue_version')).catalogue_version);
  const maxRank = (rows: Row[]) => Math.max(0, ...rows.map((r) => Number(r.rank)));
  const ranksById = (rows: Row[]) => rows.map((r) => [r.id, r.rank]);

  it('creates each resource with its default title, last in its list, with an audit line and a new catalogue version', async () => {
    const cases: Array<[string, string, Row, (r: Row) => Row]> = [
      ['productCategories', 'Untitled Category', {}, () => ({ orgId: 850 })],
      ['products', 'Untitled Product', {}, () => ({ orgId: 850 })],
      ['productProperties', 'Untitled Product Property', {}, () => ({ orgId: 850 })],
      ['productPropertyGroups', 'Untitled Property Group', {}, () => ({ orgId: 850 })],
      ['productOptions', 'Untitled Option', { productPropertyId: 7 }, () => ({ orgId: 850, productPropertyId: 7 })],
    ];
    for (const [key, title, extra, scope] of cases) {
      const before = await rowsOf(key, scope({}));
      const v0 = await version(850);
      const res = await call(owner, key, 'create', { props: { orgId: 850, ...extra } });
      expect(res.status, `${key} ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body.data, key).toMatchObject({ orgId: 850, title, rank: maxRank(before) + 1 });
      expect(await version(850), key).toBeGreaterThan(v0);
      const [line] = await auditOf(key, res.body.data.id);
      expect(line, key).toMatchObject({ orgId: 850, action: 'create', data: { changes: { title: { before: null, after: title } } } });
      expect(line!.userId, key).toBe((await t.repos.users.findOne({ email: 'owner-850@demo.test' }))!.id);
      expect(line!.created, key).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    }
    const product = (await call(owner, 'products', 'create', { props: { orgId: 850, title: 'Dimmer' } })).body.data;
    expect(product).toMatchObject({ title: 'Dimmer', archived: 0, productCategoryId: -1, publishLevel: 'all' });

    const rule = await call(owner, 'productPricingRules', 'create', { props: { orgId: 850, title: 'Dimmers' } });
    expect(rule.status).toBe(200);
    expect(rule.body.data).toMatchObject({ orgId: 850, title: 'Dimmers', deleted: 0, versions: {} });
  });

  it('gives a new property one option, Untitled Option at rank 1, and a dimensions property max 0, min 0, interval 0', async () => {
    const res = await call(owner, 'productProperties', 'create', { props: { orgId: 850 } });
    const options = await rowsOf('productOptions', { productPropertyId: res.body.data.id });
    expect(options.map((o) => [o.title, o.rank, o.archived, o.orgId])).toEqual([['Untitled Option', 1, 0, 850]]);

    const dims = await call(owner, 'productProperties', 'create', { props: { orgId: 850, type: 'dimensions' } });
    expect(dims.body.data.data).toEqual({ maxDimension: 0, minDimension: 0, dimensionInterval: 0 });
    // Turned into a dimensions property later, without data: the same start.
    const text = (await call(owner, 'productProperties', 'create', { props: { orgId: 850, type: 'text' } })).body.data;
    expect(text.data).toEqual({});
    const turned = await call(owner, 'productProperties', 'update', { where: { id: text.id }, props: { type: 'dimensions' } });
    expect(turned.body.data).toMatchObject({ type: 'dimensions', data: { maxDimension: 0, minDimension: 0, dimensionInterval: 0 } });
    // Data given is kept.
    const given = await call(owner, 'productProperties', 'create', { props: { orgId: 850, type: 'dimensions', data: { maxDimension: 900, minDimension: 100, dimensionInterval: 5 } } });
    expect(given.body.data.data).toEqual({ maxDimension: 900, minDimension: 100, dimensionInterval: 5 });
  });

  it('moves a row to a typed position and renumbers its whole list from 1, clamped to 1..count', async () => {
    // Options are numbered within their property: property 8 has 200, 201, 202, 203.
    const ids = (await rowsOf('productOptions', { productPropertyId: 8 })).map((o) => o.id);
    expect(ids).toEqual([200, 201, 202, 203]);
    const move = (id: number, rank: number) => call(owner, 'productOptions', 'update', { where: { id }, props: { rank } });
    expect((await move(203, 1)).status).toBe(200);
    expect(ranksById(await rowsOf('productOptions', { productPropertyId: 8 }))).toEqual([[203, 1], [200, 2], [201, 3], [202, 4]]);
    await move(203, 99); // clamped to the count
    expect(ranksById(await rowsOf('productOptions', { productPropertyId: 8 }))).toEqual([[200, 1], [201, 2], [202, 3], [203, 4]]);
    // Already last: a position past the end is the same position, nothing to write.
    const linesAtLast = await auditCount();
    await move(203, 50);
    expect(await auditCount()).toBe(linesAtLast);
    await move(202, -5); // clamped to 1
    expect(ranksById(await rowsOf('productOptions', { productPropertyId: 8 }))).toEqual([[202, 1], [200, 2], [201, 3], [203, 4]]);
    const line = (await auditOf('productOptions', 202)).at(-1)!;
    expect(line.data).toMatchObject({ changes: { rank: { before: 3, after: 1 } }, renumbered: { '202': [3, 1], '200': [1, 2], '201': [2, 3] } });
    // The same position changes nothing and leaves no line.
    const lines = await auditCount();
    const v0 = await version(850);
    expect((await move(202, 1)).status).toBe(200);
    expect(await auditCount()).toBe(lines);
    expect(await version(850)).toBe(v0);
    // Other properties' options are not renumbered.
    expect(ranksById(await rowsOf('productOptions', { productPropertyId: 7 })).slice(0, 2)).toEqual([[22, 1], [23, 2]]);

    // Categories: one list per organisation (850's ranks are 1..7 with 13 at 2); a new one typed at 2.
    const before = await rowsOf('productCategories', { orgId: 850 });
    const created = await call(owner, 'productCategories', 'create', { props: { orgId: 850, title: 'Dimmers', rank: 2 } });
    const after = await rowsOf('productCategories', { orgId: 850 });
    expect(after.map((c) => c.id)).toEqual([before[0]!.id, created.body.data.id, ...before.slice(1).map((c) => c.id)]);
    expect(after.map((c) => c.rank)).toEqual(after.map((_c, i) => i + 1));
    expect(created.body.data.rank).toBe(2);
  });

  it('updates the fields given and audits each change before and after', async () => {
    const updates: Array<[string, number, Row]> = [
      ['products', 98, { title: 'Keypad Pro', isStocked: 1, currentInventory: -3, referenceCodes: { catalog: 'KP-1' } }],
      ['productCategories', 2, { title: 'Floor Boxes', thumbnailUrl: 'https://cdn.example.test/f.png' }],
      ['productProperties', 12, { internalTitle: 'finish-plate', invoiceVisibility: 'column' }],
      ['productPropertyGroups', 1, { title: 'Plate settings', properties: { '8': {}, '9': {} } }],
      ['productOptions', 22, { title: 'Satin Nickel II', data: { fill: '#bbbbbb', priceInCents: 100 } }],
      ['productPricingRules', 2, { title: 'Plates' }],
    ];
    for (const [key, id, props] of updates) {
      const before = (await one(key, id))!;
      const res = await call(owner, key, 'update', { where: { id }, props });
      expect(res.status, `${key} ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body.data, key).toMatchObject(props);
      const stored = (await one(key, id))!;
      expect(stored, key).toMatchObject(props);
      const line = (await auditOf(key, id)).at(-1)!;
      expect(line.action, key).toBe('update');
      expect(Object.keys(line.data.changes).sort(), key).toEqual(Object.keys(props).sort());
      for (const f of Object.keys(props)) expect(line.data.changes[f], `${key}.${f}`).toEqual({ before: before[f] ?? null, after: props[f] });
    }
  });

  it('destroys as the catalogue does: archives products, properties, options and categories, marks pricing rules deleted', async () => {
    const cases: Array<[string, string]> = [
      ['products', 'archived'],
      ['productProperties', 'archived'],
      ['productOptions', 'archived'],
      ['productCategories', 'archived'],
      ['productPricingRules', 'deleted'],
    ];
    for (const [key, flag] of cases) {
      const props = key === 'productOptions' ? { orgId: 850, productPropertyId: 7 } : { orgId: 850 };
      const id = (await call(owner, key, 'create', { props })).body.data.id as number;
      const res = await call(owner, key, 'destroy', { where: { id } });
      expect(res.status, key).toBe(200);
      expect((await one(key, id))![flag], key).toBe(1);
      expect((await auditOf(key, id)).at(-1)!.data.changes[flag], key).toEqual({ before: 0, after: 1 });
      // ARCHIVE / UNARCHIVE: back through update.
      await call(owner, key, 'update', { where: { id }, props: { [flag]: 0 } });
      expect((await one(key, id))![flag], key).toBe(0);
    }
  });

  it("keeps a group's property map and its properties' group in step, whichever side is written", async () => {
    const group = async (id: number) => Object.keys((await one('productPropertyGroups', id))!.properties).map(Number).sort((a, b) => a - b);
    const groupOf = async (id: number) => (await one('productProperties', id))!.productPropertyGroupId ?? null;
    // A new group: no properties yet.
    const g = (await call(owner, 'productPropertyGroups', 'create', { props: { orgId: 850, title: 'Membership' } })).body.data;
    const before1 = await group(1);
    const [inOne] = before1; // a property of group 1

    // Written on the group's side: the property moves here and leaves group 1's map.
    expect((await call(owner, 'productPropertyGroups', 'update', { where: { id: g.id }, props: { properties: { [String(inOne)]: {} } } })).status).toBe(200);
    expect(await groupOf(inOne!)).toBe(g.id);
    expect(await group(1)).toEqual(before1.filter((p) => p !== inOne));
    expect((await auditOf('productProperties', inOne!)).at(-1)).toMatchObject({ action: 'update', data: { groupMembership: true, changes: { productPropertyGroupId: { before: 1, after: g.id } } } });

    // Taken out of the group's map: the property has no group.
    expect((await call(owner, 'productPropertyGroups', 'update', { where: { id: g.id }, props: { properties: {} } })).status).toBe(200);
    expect(await groupOf(inOne!)).toBeNull();

    // Written on the property's side: its new group's map gets it, its old one loses it.
    expect((await call(owner, 'productProperties', 'update', { where: { id: inOne }, props: { productPropertyGroupId: 2 } })).status).toBe(200);
    expect(await group(2)).toContain(inOne);
    expect((await call(owner, 'productProperties', 'update', { where: { id: inOne }, props: { productPropertyGroupId: g.id } })).status).toBe(200);
    expect(await group(2)).not.toContain(inOne);
    expect(await group(g.id)).toEqual([inOne]);

    // A property created in a group, and a duplicate of it, appear in the group's map.
    const created = (await call(owner, 'productProperties', 'create', { props: { orgId: 850, productPropertyGroupId: g.id } })).body.data;
    const copy = (await owner.post(`${R}/productProperties/duplicate`, { where: { id: created.id } })).body.data;
    expect(await group(g.id)).toEqual([inOne, created.id, copy.id].sort((a, b) => a - b));
  });

  it('deletes a property group: its properties leave it and the other groups are renumbered', async () => {
    const groups = await rowsOf('productPropertyGroups', { orgId: 850 });
    const first = groups[0]!;
    const members = (await rowsOf('productProperties', { orgId: 850, productPropertyGroupId: first.id })).map((p) => p.id);
    expect(members.length).toBeGreaterThan(0);
    const res = await call(owner, 'productPropertyGroups', 'destroy', { where: { id: first.id } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await one('productPropertyGroups', first.id)).toBeUndefined();
    for (const id of members) expect((await one('productProperties', id))!.productPropertyGroupId).toBeNull();
    const left = await rowsOf('productPropertyGroups', { orgId: 850 });
    expect(left.map((g) => g.id)).toEqual(groups.slice(1).map((g) => g.id));
    expect(left.map((g) => g.rank)).toEqual(left.map((_g, i) => i + 1));
    expect((await auditOf('productPropertyGroups', first.id)).at(-1)).toMatchObject({ action: 'destroy', data: { deleted: { title: first.title }, ungroupedProperties: members } });
  });

  it('adds, replaces and deletes pricing versions, each validated against the pricing version schema', async () => {
    const id = (await call(owner, 'productPricingRules', 'create', { props: { orgId: 850 } })).body.data.id as number;
    const tomorrow = Date.now() + 24 * 3600 * 1000;
    const added = await call(owner, 'productPricingRules', 'update', { where: { id }, addVersion: true });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(Object.keys(added.body.data.versions)).toEqual(['1']);
    expect(added.body.data.versions['1'].expressions).toEqual([]);
    const created = new Date(added.body.data.versions['1'].created.replace(' ', 'T') + 'Z').getTime();
    expect(Math.abs(created - tomorrow)).toBeLessThan(60_000);
    await call(owner, 'productPricingRules', 'update', { where: { id }, addVersion: true });
    // Highest + 1, not count + 1.
    await call(owner, 'productPricingRules', 'update', { where: { id }, props: { versions: { '1': null } } });
    const third = await call(owner, 'productPricingRules', 'update', { where: { id }, addVersion: true });
    expect(Object.keys(third.body.data.versions).sort()).toEqual(['2', '3']);

    const good = { created: '2027-01-01 00:00:00', expressions: [{ type: 'fixed', props: { value: 4370 }, operator: '+', description: 'Base' }] };
    const replaced = await call(owner, 'productPricingRules', 'update', { where: { id }, props: { versions: { '2': good } } });
    expect(replaced.status).toBe(200);
    // Added versions are drafts, and saving one keeps it a draft (publishing is a call of its own).
    const asDraft = { ...good, draft: true, draftedBy: (await t.repos.users.findOne({ email: 'owner-850@demo.test' }))!.id, draftedAt: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) };
    expect(replaced.body.data.versions['2']).toEqual(asDraft);
    expect(replaced.body.data.versions['3']).toMatchObject({ expressions: [], draft: true });
    expect((await auditOf('productPricingRules', id)).at(-1)!.data.changes.versions.after['2']).toEqual(asDraft);

    // An invalid version: 400 naming where, nothing changes.
    const stored = (await one('productPricingRules', id))!;
    const lines = await auditCount();
    const bad = { created: '2027-01-01 00:00:00', expressions: [good.expressions[0], { type: 'fixed', props: { value: 1 }, operator: '^' }] };
    const refused = await call(owner, 'productPricingRules', 'update', { where: { id }, props: { versions: { '2': bad } } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe('Operator: choose one of "+", "-", "*", "/", "%", "and", "or" or "===" (expression 2 of version 2).');
    const noType = await call(owner, 'productPricingRules', 'update', { where: { id }, props: { versions: { '3': { created: '2027-01-01', expressions: [{ props: {}, operator: '+' }] } } } });
    expect(noType.status).toBe(400);
    expect(noType.body.error.message).toBe('Type is required (expression 1 of version 3).');
    expect((await call(owner, 'productPricingRules', 'update', { where: { id }, props: { versions: { x: good } } })).status).toBe(400);
    expect((await call(owner, 'productPricingRules', 'update', { where: { id } })).status).toBe(400);
    expect((await one('productPricingRules', id))!.versions).toEqual(stored.versions);
    expect(await auditCount()).toBe(lines);
    // Deleting a version that is not there.
    expect((await call(owner, 'productPricingRules', 'update', { where: { id }, props: { versions: { '9': null } } })).status).toBe(404);
  });

  it('creates, edits and archives product graphics (not part of the cached catalogue)', async () => {
    const created = await call(owner, 'productGraphics', 'create', { props: { orgId: 850 } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data).toMatchObject({ orgId: 850, title: 'Untitled Graphic', archived: 0, nodes: [] });
    const id = created.body.data.id as number;
    const nodes = [{ id: 'top', type: 'group', title: 'Top', props: { x: 0, y: 0, z: 0, width: 10, height: 10, depth: 1 }, children: [{ id: 'c', type: 'cube', props: { x: 0, y: 0, z: 0, width: 1, height: 1, depth: 1, fill: '#000' } }] }];
    const edited = await call(owner, 'productGraphics', 'update', { where: { id }, props: { title: 'Plate', nodes } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect((await one('productGraphics', id))!).toMatchObject({ title: 'Plate', nodes });
    expect((await auditOf('productGraphics', id)).at(-1)!.data.changes).toEqual({ title: { before: 'Untitled Graphic', after: 'Plate' }, nodes: { before: [], after: nodes } });
    const bad = await call(owner, 'productGraphics', 'update', { where: { id }, props: { nodes: [{ id: 'x', type: 'hexagon', props: {} }] } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^Type: choose one of .* \(node 1\)\.$/);
    expect((await call(member, 'productGraphics', 'update', { where: { id }, props: { title: 'Member' } })).status).toBe(403);
    expect((await call(otherOwner, 'productGraphics', 'destroy', { where: { id } })).status).toBe(404);
    expect((await one('productGraphics', id))!).toMatchObject({ title: 'Plate', archived: 0, nodes });
    expect((await call(owner, 'productGraphics', 'destroy', { where: { id } })).status).toBe(200);
    expect((await one('productGraphics', id))!.archived).toBe(1);
  });

  it('duplicates a product and a property (with its options): same record, title + " (copy)", last in its list, audited', async () => {
    const product = (await one('products', 98))!;
    const products = await rowsOf('products', { orgId: 850 });
    const res = await owner.post(`${R}/products/duplicate`, { where: { id: 98 } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const copy = res.body.data;
    expect(copy.id).not.toBe(98);
    expect(copy.title).toBe(`${product.title} (copy)`);
    expect(copy.rank).toBe(maxRank(products) + 1);
    const { id: _a, title: _b, rank: _c, created: _d, lastUpdated: _e, ...same } = product;
    expect(copy).toMatchObject(same);
    expect(await auditOf('products', copy.id)).toMatchObject([{ action: 'duplicate', data: { from: 98 } }]);
    expect((await one('products', 98))!.title).toBe(product.title);

    const options = await rowsOf('productOptions', { productPropertyId: 7 });
    const prop = (await owner.post(`${R}/productProperties/duplicate`, { where: { id: 7 } })).body.data;
    expect(prop.title).toBe(`${(await one('productProperties', 7))!.title} (copy)`);
    const copied = await rowsOf('productOptions', { productPropertyId: prop.id });
    expect(copied.map((o) => [o.title, o.rank, o.archived, o.data])).toEqual(options.map((o) => [o.title, o.rank, o.archived, o.data]));
    expect(copied.every((o) => !options.some((x) => x.id === o.id))).toBe(true);
    expect(await rowsOf('productOptions', { productPropertyId: 7 })).toEqual(options);
  });

  it('duplicates for owners only, within their organisation, and only products and properties', async () => {
    const lines = await auditCount();
    const count = (await rowsOf('products', {})).length;
    for (const c of [member, guest]) expect((await c.post(`${R}/products/duplicate`, { where: { id: 98 } })).status).toBe(403);
    expect((await otherOwner.post(`${R}/products/duplicate`, { where: { id: 98 } })).status).toBe(404);
    expect((await owner.post(`${R}/products/duplicate`, { where: { id: 999999 } })).status).toBe(404);
    expect((await owner.post(`${R}/productCategories/duplicate`, { where: { id: 1 } })).body.error.code).toBe('unknownResource');
    for (const body of [{}, { where: {} }, { where: { id: '98' } }, { where: { id: 98 }, props: {} }]) {
      expect((await owner.post(`${R}/products/duplicate`, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await t.client().post(`${R}/products/duplicate`, { where: { id: 98 } })).status).toBe(401);
    expect(await auditCount()).toBe(lines);
    expect((await rowsOf('products', {})).length).toBe(count);
  });

  it('refuses bodies outside the schema with 400 and changes nothing', async () => {
    const bodies: Array<[string, string, unknown]> = [
      ['products', 'create', { props: { orgId: 850, color: 'red' } }],
      ['products', 'create', { props: { title: 'No organisation' } }],
      ['products', 'update', { where: { id: 98 }, props: { id: 5 } }],
      ['products', 'update', { where: { id: 98 }, props: { publishLevel: 'everyone' } }],
      ['products', 'update', { where: { id: 98 }, props: {} }],
      ['products', 'update', { where: { id: 98 }, props: { referenceCodes: { sku: 'x' } } }],
      ['productCategories', 'update', { where: { id: 1 }, props: { title: '' } }],
      ['productCategories', 'update', { where: { id: 1 }, props: { archived: 2 } }],
      ['productProperties', 'create', { props: { orgId: 850, type: 'colour' } }],
      ['productProperties', 'update', { where: { id: 7 }, props: { data: { maxDimension: 'big' } } }],
      ['productPropertyGroups', 'update', { where: { id: 2 }, props: { properties: { abc: {} } } }],
      ['productOptions', 'create', { props: { orgId: 850 } }],
      ['productOptions', 'update', { where: { id: 22 }, props: { productPropertyId: 8 } }],
      ['productPricingRules', 'create', { props: { orgId: 850, versions: {} } }],
      ['productPricingRules', 'update', { where: { id: 1 }, props: { versions: { '1': { expressions: [] } } } }],
      ['productCategories', 'destroy', { where: { id: 1, orgId: 850 } }],
      ['productCategories', 'destroy', { where: {} }],
    ];
    const lines = await auditCount();
    const v0 = await version(850);
    const products = await rowsOf('products', { orgId: 850 });
    for (const [key, op, body] of bodies) {
      const res = await call(owner, key, op as 'create', body);
      expect(res.status, `${key}/${op} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body.error.code).toBe('invalidBody');
    }
    expect(await auditCount()).toBe(lines);
    expect(await version(850)).toBe(v0);
    expect(await rowsOf('products', { orgId: 850 })).toEqual(products);
  });

  it('refuses members and guests (403) and changes nothing', async () => {
    const lines = await auditCount();
    const v0 = await version(850);
    const product = (await one('products', 99))!;
    for (const c of [member, guest]) {
      for (const [key, op, body] of [
        ['products', 'create', { props: { orgId: 850 } }],
        ['products', 'update', { where: { id: 99 }, props: { title: 'Changed' } }],
        ['products', 'destroy', { where: { id: 99 } }],
        ['productPropertyGroups', 'destroy', { where: { id: 2 } }],
        ['productPricingRules', 'update', { where: { id: 1 }, addVersion: true }],
      ] as const) {
        const res = await call(c, key, op, body);
        expect(res.status, `${key}/${op}`).toBe(403);
      }
    }
    expect(await auditCount()).toBe(lines);
    expect(await version(850)).toBe(v0);
    expect(await one('products', 99)).toEqual(product);
    expect(await one('productPropertyGroups', 2)).toBeDefined();
  });

  it('answers another organisation’s rows and references like missing ones (404) and changes nothing', async () => {
    const lines = await auditCount();
    const [v850, v1053] = [await version(850), await version(1053)];
    const cases: Array<[Client, string, string, unknown]> = [
      [otherOwner, 'products', 'update', { where: { id: 98 }, props: { title: 'Mine now' } }],
      [otherOwner, 'products', 'destroy', { where: { id: 98 } }],
      [otherOwner, 'productPricingRules', 'update', { where: { id: 1 }, addVersion: true }],
      [otherOwner, 'productPropertyGroups', 'destroy', { where: { id: 2 } }],
      [owner, 'products', 'create', { props: { orgId: 1053 } }],
      [owner, 'products', 'update', { where: { id: 999999 }, props: { title: 'Missing' } }],
      // References to 1053's category, pricing rule, property and group.
      [owner, 'products', 'update', { where: { id: 98 }, props: { productCategoryId: 8 } }],
      [owner, 'products', 'update', { where: { id: 98 }, props: { productPricingRuleId: 4 } }],
      [owner, 'products', 'update', { where: { id: 98 }, props: { associations: { productProperties: { '141': {} } } } }],
      [owner, 'productOptions', 'create', { props: { orgId: 850, productPropertyId: 141 } }],
      [owner, 'productProperties', 'update', { where: { id: 7 }, props: { productPropertyGroupId: 3 } }],
      [owner, 'productPropertyGroups', 'update', { where: { id: 2 }, props: { properties: { '141': {} } } }],
    ];
    for (const [c, key, op, body] of cases) {
      const res = await call(c, key, op as 'update', body);
      expect(res.status, `${key}/${op} ${JSON.stringify(body)} ${JSON.stringify(res.body)}`).toBe(404);
    }
    expect(await auditCount()).toBe(lines);
    expect([await version(850), await version(1053)]).toEqual([v850, v1053]);
    expect((await one('products', 98))!.productCategoryId).toBe(1);
    // Unknown and non-catalogue resources.
    expect((await call(owner, 'users', 'create', { props: { orgId: 850 } })).body.error.code).toBe('unknownResource');
    // Product rules have no write rules yet (media have their own routes: test/media.test.ts).
    expect((await call(owner, 'productRules', 'destroy', { where: { id: 1 } })).body.error.code).toBe('unknownResource');
    // Signed out: 401 before anything else.
    expect((await call(t.client(), 'products', 'update', { where: { id: 98 }, props: { title: 'x' } })).status).toBe(401);
    expect((await call(t.client(), 'products', 'update', { where: { id: 999999 }, props: { title: 'x' } })).status).toBe(401);
  });

  it('refreshes the catalogue others read: a guest sees the change after the write', async () => {
    const home = async () => (await guest.post('/api/configurator/get-configurator-homepage-data', { orgId: 850 })).body.data;
    const titleOf = (data: Row, id: number) => data.products.find((p: Row) => p.id === id)?.title;
    const first = await home();
    const current = titleOf(first, 99);
    expect(current).toBeDefined();
    expect(titleOf(await home(), 99)).toBe(current); // cached
    const v0 = await version(850);
    expect((await call(owner, 'products', 'update', { where: { id: 99 }, props: { title: 'Keypad, renamed' } })).status).toBe(200);
    expect(await version(850)).toBe(v0 + 1);
    expect(titleOf(await home(), 99)).toBe('Keypad, renamed');
    // Archived: gone from the guest's home page.
    await call(owner, 'products', 'destroy', { where: { id: 99 } });
    expect(titleOf(await home(), 99)).toBeUndefined();
    await call(owner, 'products', 'update', { where: { id: 99 }, props: { archived: 0 } });
    expect(titleOf(await home(), 99)).toBe('Keypad, renamed');
    // A category archived leaves the home page too.
    const cat = first.productCategories[0].id as number;
    await call(owner, 'productCategories', 'destroy', { where: { id: cat } });
    expect((await home()).productCategories.map((c: Row) => c.id)).not.toContain(cat);
  });
});
