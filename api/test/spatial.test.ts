import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, databases, startTestApp, type Client, type TestApp } from './helpers.ts';
import { ORDER_DATA } from './paths.ts';

const S = '/api/spatial';
const TABLES = ['arch_walls', 'arch_elevations', 'arch_custom_views', 'entities', 'product_canvas_texts', 'product_canvas_lines'];

describe.each(databases)('the drawing of a spatial order on $name', (dbCase) => {
  let t: TestApp;
  let owner: Client, member: Client, guest: Client, owner850: Client, owner1053: Client;
  /** 1798's "Lobby Mural" (owner-1798's project) and 1053's "Fjord House Doors" (category 20). */
  let lobby: { id: number; orgSpecificId: number };
  let doors: { id: number; orgSpecificId: number };
  let keypads850: number;

  beforeAll(async () => {
    t = await startTestApp(dbCase);
    [owner, member, guest, owner850, owner1053] = await Promise.all([
      t.as('owner-1798@demo.test'),
      t.as('member-1798@demo.test'),
      t.as('guest-1798@demo.test'),
      t.as('owner-850@demo.test'),
      t.as('owner-1053@demo.test'),
    ]);
    const order = async (orgId: number, title: string) => {
      const row = await t.db('product_orders').where({ org_id: orgId, title }).first();
      return { id: Number(row.id), orgSpecificId: Number(row.org_specific_id) };
    };
    lobby = await order(1798, 'Lobby Mural — Ellis Tower');
    doors = await order(1053, 'Fjord House Doors');
    keypads850 = (await order(850, 'Harbour View Residence')).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const counts = async () => Promise.all(TABLES.map((tb) => countRows(t.db, tb)));
  const create = (c: Client, key: string, props: object) => c.post(`${S}/${key}/create`, { props });
  const views = async (orderId: number) => (await t.db('arch_custom_views').where({ product_order_id: orderId }).orderBy('rank')).map((v) => [v.title, Number(v.rank)]);

  it('creates a wall with the default height 96 and thickness 4, sent back in the order data', async () => {
    const before = await t.db('product_orders').where({ id: lobby.id }).first();
    const res = await create(member, 'archWalls', { orgId: 1798, productOrderId: lobby.id, from: { x: 0, z: 180 }, to: { x: 0, z: 0 } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ orgId: 1798, productOrderId: lobby.id, from: { x: 0, z: 180 }, to: { x: 0, z: 0 }, height: 96, thickness: 4 });
    const data = (await member.post(ORDER_DATA, { orgId: 1798, productOrderOrgSpecificId: lobby.orgSpecificId })).body.data;
    expect(data.archWalls.map((w: { id: number }) => w.id)).toContain(res.body.data.id);
    const after = await t.db('product_orders').where({ id: lobby.id }).first();
    expect(Number(after.revision)).toBeGreaterThan(Number(before.revision));
  });

  it('applies the spec defaults: elevation view depth 50, text "Text" 100 wide, line (0,0)→(50,50) stroke 1, view "Untitled Viewport"', async () => {
    const el = await create(owner, 'archElevations', { orgId: 1798, productOrderId: lobby.id, from: { x: 0, z: 0 }, to: { x: 240, z: 0 } });
    expect(el.body.data).toMatchObject({ viewDepth: 50, height: 96, thickness: 4 });
    const view = await create(owner, 'archCustomViews', { orgId: 1798, productOrderId: lobby.id });
    expect(view.body.data).toMatchObject({ title: 'Untitled Viewport', rank: 2 });
    const text = await create(owner, 'productCanvasTexts', { orgId: 1798, productOrderId: lobby.id, position: { x: 5, y: 5 }, customViewId: view.body.data.id });
    expect(text.body.data).toMatchObject({ text: 'Text', width: 100 });
    const line = await create(owner, 'productCanvasLines', { orgId: 1798, productOrderId: lobby.id, customViewId: view.body.data.id });
    expect(line.body.data).toMatchObject({ from: { x: 0, y: 0 }, to: { x: 50, y: 50 }, strokeWidth: 1, toSymbol: 'arrow' });
  });

  it.each([
    ['an unknown field', 'archWalls', { from: { x: 0, z: 0 }, to: { x: 1, z: 0 }, colour: 'red' }],
    ['a wall without its end', 'archWalls', { from: { x: 0, z: 0 } }],
    ['a coordinate given as text', 'archWalls', { from: { x: '0', z: 0 }, to: { x: 1, z: 0 } }],
    ['a negative thickness', 'archWalls', { from: { x: 0, z: 0 }, to: { x: 1, z: 0 }, thickness: -1 }],
    ['an entity of zero width', 'entities', { type: 'calicoMuralPanel', data: { position: { x: 0, y: 0 }, size: { width: 0, height: 96 } } }],
    ['an unknown entity type', 'entities', { type: 'calicoMuralBanner', data: {} }],
    ['a notes key the popup does not have', 'archCustomViews', { drawingNotesData: { general: 'ok', colour: 'red' } }],
    ['a text of zero width', 'productCanvasTexts', { position: { x: 0, y: 0 }, width: 0 }],
  ])('refuses %s with 400 and writes nothing', async (_name, key, props) => {
    const before = await counts();
    const res = await create(owner, key, { orgId: 1798, productOrderId: lobby.id, ...props });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(typeof res.body.error.message).toBe('string');
    expect(await counts()).toEqual(before);
  });

  it('refuses a view of another order (400), and an update naming none (400)', async () => {
    const otherView = await create(owner1053, 'archCustomViews', { orgId: 1053, productOrderId: doors.id, title: 'Entry Doors' });
    expect(otherView.status, JSON.stringify(otherView.body)).toBe(200);
    const before = await counts();
    const res = await create(owner, 'productCanvasTexts', { orgId: 1798, productOrderId: lobby.id, position: { x: 0, y: 0 }, customViewId: otherView.body.data.id });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/view of this order/);
    const wall = (await t.db('arch_walls').where({ product_order_id: lobby.id }).first()).id;
    expect((await owner.post(`${S}/archWalls/update`, { where: { id: wall }, props: {} })).status).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it("a 1053 door order (category 20) is spatial and drawable; an 850 keypad order is not (409) and nothing is written", async () => {
    const ok = await create(owner1053, 'entities', { orgId: 1053, productOrderId: doors.id, type: 'line', data: { from: { x: 0, y: 0 }, to: { x: 600, y: 0 }, size: 2 } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const before = await counts();
    const refused = await create(owner850, 'archWalls', { orgId: 850, productOrderId: keypads850, from: { x: 0, z: 0 }, to: { x: 10, z: 0 } });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe('This order has no drawing canvas.');
    expect(await counts()).toEqual(before);
  });

  it("another organisation's order and rows answer like missing ones (404); a guest not involved gets 404", async () => {
    const wall = (await t.db('arch_walls').where({ product_order_id: lobby.id }).first()).id;
    const before = await counts();
    expect((await owner850.post(`${S}/archWalls/update`, { where: { id: wall }, props: { height: 1 } })).status).toBe(404);
    expect((await owner850.post(`${S}/archWalls/destroy`, { where: { id: wall } })).status).toBe(404);
    expect((await create(owner850, 'archWalls', { orgId: 1798, productOrderId: lobby.id, from: { x: 0, z: 0 }, to: { x: 1, z: 0 } })).status).toBe(404);
    expect((await guest.post(`${S}/archWalls/update`, { where: { id: wall }, props: { height: 1 } })).status).toBe(404);
    expect((await t.client().post(`${S}/archWalls/update`, { where: { id: wall }, props: { height: 1 } })).status).toBe(401);
    expect((await owner.post(`${S}/products/update`, { where: { id: wall }, props: { height: 1 } })).status).toBe(404);
    expect(await counts()).toEqual(before);
  });

  it('clamps a view rank to 1..count and renumbers from 1; deleting a view takes its entities, texts and lines and unplaces its items', async () => {
    const mk = async (title: string, rank?: number) => (await create(owner, 'archCustomViews', { orgId: 1798, productOrderId: lobby.id, title, ...(rank ? { rank } : {}) })).body.data.id as number;
    await t.db('arch_custom_views').where({ product_order_id: lobby.id }).whereNot({ title: 'North Wall' }).del();
    await t.db('arch_custom_views').where({ product_order_id: lobby.id }).update({ rank: 1 });
    const east = await mk('East Wall');
    const first = await mk('Lobby Entrance', 1);
    expect(await views(lobby.id)).toEqual([['Lobby Entrance', 1], ['North Wall', 2], ['East Wall', 3]]);
    expect((await owner.post(`${S}/archCustomViews/update`, { where: { id: first }, props: { rank: 99 } })).status).toBe(200);
    expect(await views(lobby.id)).toEqual([['North Wall', 1], ['East Wall', 2], ['Lobby Entrance', 3]]);

    const area = (await create(owner, 'entities', { orgId: 1798, productOrderId: lobby.id, type: 'calicoMuralArea', data: { archCustomViewId: east, position: { x: 0, y: 0 }, size: { width: 100, height: 96 } } })).body.data.id;
    const panel = (await create(owner, 'entities', { orgId: 1798, productOrderId: lobby.id, type: 'calicoMuralPanel', parentId: area, parentResourceKey: 'entities', data: { archCustomViewId: east, position: { x: 0, y: 0 }, size: { width: 50, height: 96 } } })).body.data.id;
    await create(owner, 'productCanvasTexts', { orgId: 1798, productOrderId: lobby.id, position: { x: 0, y: 0 }, customViewId: east });
    await create(owner, 'productCanvasLines', { orgId: 1798, productOrderId: lobby.id, customViewId: east });
    const item = await t.db('product_instances').where({ product_order_id: lobby.id }).first();
    await t.db('product_instances').where({ id: item.id }).update({ arch_custom_view_id: east });

    expect((await owner.post(`${S}/archCustomViews/destroy`, { where: { id: east } })).status).toBe(200);
    expect(await views(lobby.id)).toEqual([['North Wall', 1], ['Lobby Entrance', 2]]);
    expect(await t.db('entities').whereIn('id', [area, panel])).toEqual([]);
    expect(await t.db('product_canvas_texts').where({ custom_view_id: east })).toEqual([]);
    expect(await t.db('product_canvas_lines').where({ custom_view_id: east })).toEqual([]);
    expect((await t.db('product_instances').where({ id: item.id }).first()).arch_custom_view_id).toBeNull();
  });

  it('merges an entity update over its stored data (a drag sends the position only)', async () => {
    const view = (await t.db('arch_custom_views').where({ product_order_id: lobby.id }).first()).id;
    const id = (await create(owner, 'entities', { orgId: 1798, productOrderId: lobby.id, type: 'calicoMuralTexture', data: { archCustomViewId: view, position: { x: 0, y: 0 }, size: { width: 775, height: 175 }, muralProductOptionId: 991 } })).body.data.id;
    const res = await owner.post(`${S}/entities/update`, { where: { id }, props: { data: { position: { x: 12.5, y: 4 } } } });
    expect(res.status).toBe(200);
    expect(res.body.data.data).toMatchObject({ archCustomViewId: view, position: { x: 12.5, y: 4 }, size: { width: 775, height: 175 }, muralProductOptionId: 991 });
  });

  it('updates many entities in one call, all or nothing', async () => {
    const view = (await t.db('arch_custom_views').where({ product_order_id: lobby.id }).first()).id;
    const mk = async (x: number) => (await create(owner, 'entities', { orgId: 1798, productOrderId: lobby.id, type: 'calicoMuralPanel', data: { archCustomViewId: view, position: { x, y: 0 }, size: { width: 54, height: 96 } } })).body.data.id as number;
    const [a, b] = [await mk(0), await mk(54)];
    const ok = await owner.post(`${S}/entities/batch-update`, { updates: [{ where: { id: a }, props: { data: { panelNumber: 1 } } }, { where: { id: b }, props: { data: { panelNumber: 2, position: { x: 54.5, y: 0 } } } }] });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.map((e: { data: { panelNumber: number } }) => e.data.panelNumber).sort()).toEqual([1, 2]);
    const stored = async () => (await t.db('entities').whereIn('id', [a, b]).orderBy('id')).map((e) => JSON.stringify(e.data));
    const before = await stored();
    // One id of another order (the 1053 door order's line): nothing is changed.
    const foreign = (await t.db('entities').where({ product_order_id: doors.id }).first()).id;
    const refused = await owner.post(`${S}/entities/batch-update`, { updates: [{ where: { id: a }, props: { data: { panelNumber: 9 } } }, { where: { id: foreign }, props: { data: { panelNumber: 9 } } }] });
    expect(refused.status).toBe(404);
    const twice = await owner.post(`${S}/entities/batch-update`, { updates: [{ where: { id: a }, props: { data: { panelNumber: 9 } } }, { where: { id: a }, props: { data: { panelNumber: 8 } } }] });
    expect(twice.status).toBe(400);
    const zero = await owner.post(`${S}/entities/batch-update`, { updates: [{ where: { id: a }, props: { data: { size: { width: 0, height: 96 } } } }] });
    expect(zero.status).toBe(400);
    expect(await stored()).toEqual(before);
  });

  it('a new project someone started drawing is not discarded when left (409, still there); an empty one is', async () => {
    const newProject = async () => (await member.post('/api/configurator/create-product-order', { productOrderProps: { orgId: 1798 } })).body.data as { id: number };
    const drawn = await newProject();
    expect((await create(member, 'archWalls', { orgId: 1798, productOrderId: drawn.id, from: { x: 0, z: 0 }, to: { x: 96, z: 0 } })).status).toBe(200);
    const kept = await member.post('/api/resources/productOrders/destroy', { where: { id: drawn.id } });
    expect(kept.status).toBe(409);
    expect(kept.body.error.message).toBe('This order is kept: it has a drawing.');
    expect(await t.db('product_orders').where({ id: drawn.id }).first()).toBeDefined();
    const empty = await newProject();
    expect((await member.post('/api/resources/productOrders/destroy', { where: { id: empty.id } })).status).toBe(200);
  });

  it('places an item in a viewport at a position and moves it; a bad position is refused and changes nothing', async () => {
    const view = (await create(owner, 'archCustomViews', { orgId: 1798, productOrderId: lobby.id, title: 'Placed items' })).body.data.id as number;
    const made = await owner.post('/api/resources/productInstances/create', { props: { orgId: 1798, productOrderId: lobby.id, productId: -1, title: 'Bench', notes: 'Oak bench', archCustomViewId: view, canvasPosition: { x: 40, y: 60 } } });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data).toMatchObject({ archCustomViewId: view, canvasPosition: { x: 40, y: 60 } });
    const id = made.body.data.id as number;
    const moved = await owner.post('/api/resources/productInstances/update', { where: { id }, props: { canvasPosition: { x: 100.5, y: 60 } } });
    expect(moved.body.data.canvasPosition).toEqual({ x: 100.5, y: 60 });
    const bad = await owner.post('/api/resources/productInstances/update', { where: { id }, props: { canvasPosition: { x: 'left', y: 60 } } });
    expect(bad.status).toBe(400);
    const data = (await owner.post(ORDER_DATA, { orgId: 1798, productOrderOrgSpecificId: lobby.orgSpecificId })).body.data;
    expect(data.productInstances.find((i: { id: number }) => i.id === id)).toMatchObject({ archCustomViewId: view, canvasPosition: { x: 100.5, y: 60 } });
  });

  it("keeps a wall label's plan position and view start as plan points; anything else is refused and nothing is written", async () => {
    const view = (await create(owner, 'archCustomViews', { orgId: 1798, productOrderId: lobby.id, title: 'Labelled' })).body.data.id as number;
    const data = { archCustomViewId: view, title: 'North Wall', customViewPosition: { x: 20, y: 20 }, labelPlanPosition: { x: 150, z: 60 }, viewStartPlanPosition: { x: 0, z: 60 }, indicateViewStartOnPlan: true };
    const made = await create(owner, 'entities', { orgId: 1798, productOrderId: lobby.id, type: 'calicoWallLabel', data });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data.data).toMatchObject(data);
    const before = await counts();
    for (const bad of [{ labelPlanPosition: { x: 1, y: 2 } }, { viewStartPlanPosition: 'start' }, { indicateViewStartOnPlan: 'yes' }]) {
      const res = await create(owner, 'entities', { orgId: 1798, productOrderId: lobby.id, type: 'calicoWallLabel', data: { ...data, ...bad } });
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    expect(await counts()).toEqual(before);
  });
});
