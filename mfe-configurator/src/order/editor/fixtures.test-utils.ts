/** A small catalogue and order for the editor's component tests (records built with @cpq/test-utils). */
import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { api, sessionAtom, type Catalogue, type OrderData } from '@cpq/client';
import { CatalogueIndex, catalogueSnapshotFromRows, measureTextServer, type OrgMembership, type SessionData } from '@cpq/domain';
import { makeOption, makeProduct, makeProductRule, makeProperty, productPropertiesOf } from '@cpq/test-utils';
import { DEFAULT_RULES, engineHooks, type PluginRules } from '@cpq/plugin-sdk';
import type { EditorEngine } from './itemViews.ts';
import type { Instance, InstancePatch, NewInstance, Order } from './writes.ts';

export const properties = [
  makeProperty({ id: 10, title: 'Finish', rank: 1 }),
  makeProperty({ id: 11, title: 'Plate', rank: 2 }),
  makeProperty({ id: 12, title: 'Width', rank: 3, type: 'dimensions', data: { minDimension: 300, maxDimension: 1200, dimensionInterval: 10 } }),
  makeProperty({ id: 13, title: 'Colour', rank: 4 }),
];
export const options = [
  makeOption({ id: 100, productPropertyId: 10, title: 'Nickel', rank: 1 }),
  makeOption({ id: 101, productPropertyId: 10, title: 'Brass', rank: 2 }),
  makeOption({ id: 110, productPropertyId: 11, title: 'Small', rank: 1 }),
  makeOption({ id: 111, productPropertyId: 11, title: 'Large', rank: 2 }),
  ...['Red', 'Orange', 'Yellow', 'Green', 'Blue', 'Indigo', 'Violet', 'White', 'Black', 'Grey', 'Pink', 'Teal'].map((title, i) => makeOption({ id: 130 + i, productPropertyId: 13, title, rank: i + 1 })),
];
export const products = [
  makeProduct({ id: 1, title: 'Keypad', rank: 1, productCategoryId: 1, instanceTitleIsRequired: 1, associations: productPropertiesOf([10, 11, 12, 13]) }),
  makeProduct({ id: 2, title: 'Plate', rank: 2, productCategoryId: 1, associations: productPropertiesOf([11]) }),
];
/** Brass rules out both plates (a dead end: choosing it is refused); nickel is not made in red. */
export const rules = [
  makeProductRule({ id: 1, fromIds: [101], toIds: [110], title: 'Brass not small' }),
  makeProductRule({ id: 2, fromIds: [101], toIds: [111], title: 'Brass not large' }),
  makeProductRule({ id: 3, fromIds: [100], toIds: [130], title: 'Nickel not red' }),
];

export const catalogue = {
  orgId: 850,
  version: 1,
  pricingIsHidden: false,
  products,
  productCategories: [],
  productProperties: properties,
  productPropertyGroups: [],
  productOptions: options,
  productOptionClassifiers: [],
  productRules: rules,
  productPricingRules: [],
  media: [],
  productGraphics: [],
} as unknown as Catalogue;

export function engine(pluginRules: PluginRules = DEFAULT_RULES): EditorEngine {
  const rows = { products, productProperties: properties, productOptions: options, productRules: rules, productPricingRules: [], productOptionClassifiers: [] };
  return { catalogue: new CatalogueIndex(catalogueSnapshotFromRows(rows as never)), hooks: engineHooks(pluginRules), measureText: measureTextServer, now: new Date('2026-01-01T00:00:00Z') };
}

export function item(fields: Partial<Instance> & { id: number }): Instance {
  return { orgId: 850, productOrderId: 7, productId: 1, title: `Item ${fields.id}`, quantity: 1, rank: fields.id, notes: null, properties: {}, ...fields } as Instance;
}

export function order(fields: Partial<Order> = {}): Order {
  return {
    id: 7,
    orgSpecificId: 12,
    orgId: 850,
    userId: 1,
    title: 'Lobby',
    type: 'standalone',
    productId: null,
    productCategoryId: 1,
    archived: 0,
    isStocked: 0,
    disableSalesTax: 0,
    promptedForProjectInfo: 1,
    involvedUsers: {},
    created: '2026-01-01 00:00:00',
    lastUpdated: '2026-01-01 00:00:00',
    statusData: {},
    lastCompletedStatusKey: null,
    ...fields,
  } as unknown as Order;
}

export function data(items: Instance[]): OrderData {
  return { productOrders: [order()], productInstances: items, guests: [], isSpatial: false, pricingIsHidden: false, catalogueVersion: 1, catalogueAdditions: { products: [], productOptions: [], productPricingRules: [] } } as unknown as OrderData;
}

export function org(role = 'owner', over: Partial<OrgMembership['appData']['designEngine']> = {}): OrgMembership {
  return { id: 850, title: 'Lumen & Brass', role, prevRole: null, appData: { designEngine: { ordersContactEmail: 'quotes@lb.example', ...over } } } as OrgMembership;
}

export function storeFor(role = 'owner') {
  const store = createStore();
  const s: SessionData = { user: { id: 1, email: 'a@b.c', name: 'A B', firstName: 'A', lastName: 'B' }, organisations: [org(role)], engineVersion: 'test' };
  store.set(sessionAtom, s);
  return store;
}

/** Writes that answer like the API (an in-memory server holding the items), recorded for the test to inspect. */
export function fakeWrites(initial: Instance[] = []) {
  let next = 1000;
  const stored = new Map(initial.map((i) => [i.id, i]));
  return {
    stored,
    createInstance: vi.fn(async (props: NewInstance) => {
      const created = item({ id: next++, ...(props as Partial<Instance>) } as Instance);
      stored.set(created.id, created);
      return created;
    }),
    updateInstance: vi.fn(async (id: number, props: InstancePatch, _expectedVersion?: string) => {
      const before = stored.get(id) ?? item({ id });
      const { properties, ...rest } = props as Partial<Instance>;
      const after = { ...before, ...rest, properties: { ...before.properties, ...(properties ?? {}) } } as Instance;
      stored.set(id, after);
      return after;
    }),
    destroyInstance: vi.fn(async (id: number) => {
      stored.delete(id);
      return { id };
    }),
    updateOrder: vi.fn(async (_id: number, props: Record<string, unknown>) => order(props as Partial<Order>)),
  };
}

/**
 * Before each test: an empty localStorage, and the editor's own loads answered (an order with no items,
 * preferences saved); after it, the page unmounted. For a test file whose `vi.mock('@cpq/client')` makes
 * `api.orderData` and `api.updatePreferences` spies. Call once at the top of the file.
 */
export function resetEditorEachTest(): void {
  beforeEach(() => {
    localStorage.clear();
    vi.mocked(api.orderData).mockResolvedValue(data([]));
    vi.mocked(api.updatePreferences).mockResolvedValue({});
  });
  afterEach(() => cleanup());
}

/** Opens a property's section in the item editor (its header is the section's first button). */
export const openProperty = (user: ReturnType<typeof userEvent.setup>, id: number) => user.click(within(screen.getByTestId(`property-${id}`)).getAllByRole('button')[0]!);
