import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { makeCategory, makeOption, makePricingRule, makeProduct, makeProductRule, makeProperty } from '@cpq/test-utils';
import { CatalogueResponse, HomepageDataResponse, OrderDataResponse } from './api.ts';
import { PRODUCT_INSTANCE_PRICE_FIELDS, PRODUCT_ORDER_PRICE_FIELDS, PRODUCT_PRICE_FIELDS } from './entities.ts';

const ajv = () => new Ajv({ strict: false, allErrors: true });
type Json = Record<string, unknown>;

const costs = { orderSubTotal: 4370, discount: 0, shipping: 0, shippingIsTbd: true, tax: 0, tariff: 0, orderTotal: 4370, depositAmount: 2185, depositPercentage: 50 };
const order = {
  id: 3, orgSpecificId: 12, orgId: 850, userId: 7, title: 'Lobby', type: 'standalone', productId: 98, productCategoryId: 1, archived: 0, isStocked: 0, disableSalesTax: 0,
  involvedUsers: { '7': { role: 'owner', pricingIsHidden: 0 } }, statusData: { orderStarted: { date: '2024-01-01', paymentAmountInCents: 100 } },
  isProcessingPayment: 0, costs, amountPaidInCents: 0, discountMode: 'rate', discountPercentage: 10, shippingFlatAmount: 500,
  created: '2024-01-01 10:00:00', lastUpdated: '2024-01-02 10:00:00',
};
const instance = { id: 5, orgId: 850, productOrderId: 3, productId: 98, title: 'Hall', quantity: 2, rank: 1, properties: { '7': { optionId: 22 } }, unitPriceInCents: 2185, totalPriceInCents: 4370, pricingRuleVersion: '1', isValid: 1, validationIssues: [], customPriceInCents: null };
const version = { created: '2024-01-01 00:00:00', expressions: [{ type: 'fixed', props: { value: 2185 }, operator: '+' }] };

const pricedCatalogue = {
  orgId: 850,
  version: 7,
  pricingIsHidden: false,
  products: [makeProduct({ id: 98, productPricingRuleId: 3 })],
  productCategories: [makeCategory({ id: 1 })],
  productPricingRules: [makePricingRule({ id: 3, versions: { '1': version } as never })],
  productProperties: [makeProperty({ id: 7 })],
  productOptions: [makeOption({ id: 22, productPropertyId: 7, data: { priceInCents: 4500 }, classifications: { '1': [4500] } })],
  productOptionClassifiers: [{ id: 1, orgId: 850, title: 'Finish tiers', rank: 1, archived: 0, data: { numberTitles: ['Upcharge'], groups: [] } }],
  productPropertyGroups: [{ id: 1, orgId: 850, title: 'Plate', rank: 1, archived: 0, properties: { '7': {} } }],
  productRules: [makeProductRule({ id: 1, fromIds: [22], toIds: [23] })],
  media: [{ id: 1, orgId: 850, type: 'image', title: 'Front', associations: { products: { '98': true } } }],
  productGraphics: [{ id: 1, orgId: 850, productId: 98, title: 'Keypad', archived: 0, nodes: [{ id: 'face', type: 'rect', props: { width: '=p8.width', height: 82 } }] }],
};

const noAdditions = { products: [], productOptions: [], productPricingRules: [] };
const priced = {
  productOrders: [{ ...order, revision: 4 }],
  productInstances: [{ ...instance, pricingFailures: [{ ruleId: 3, versionKey: '1', productId: 98, expressionPath: '2', description: null, reason: 'division by zero (2185 / 0)' }] }],
  guests: [{ userId: 7, disableSalesTax: 0, discount: { type: 'percent', value: 10 } }],
  isSpatial: false,
  pricingIsHidden: false,
  catalogueVersion: 7,
  catalogueAdditions: { ...noAdditions, products: [makeProduct({ id: 102, archived: 1, productPricingRuleId: 3 })] },
};

const omit = (row: Json, fields: readonly string[]) => Object.fromEntries(Object.entries(row).filter(([k]) => !fields.includes(k)));

/** What the server sends a caller who may not see prices. */
const hidden = {
  ...priced,
  productOrders: [omit(order, PRODUCT_ORDER_PRICE_FIELDS)],
  productInstances: [omit(instance, PRODUCT_INSTANCE_PRICE_FIELDS)],
  guests: [],
  pricingIsHidden: true,
  catalogueAdditions: noAdditions,
};
const hiddenCatalogue = {
  ...pricedCatalogue,
  pricingIsHidden: true,
  products: pricedCatalogue.products.map((p) => omit(p, PRODUCT_PRICE_FIELDS)),
  productPricingRules: [],
  productOptions: pricedCatalogue.productOptions.map((o) => ({ ...omit(o, ['classifications']), data: {} })),
};

const valid = (schema: Parameters<Ajv['compile']>[0], data: unknown) => {
  const v = ajv().compile(schema);
  const ok = v(JSON.parse(JSON.stringify(data)));
  return { ok, errors: (v.errors ?? []).map((e) => `${e.instancePath} ${e.message}`) };
};

describe('OrderDataResponse', () => {
  it('accepts the order data of a caller who sees prices', () => {
    expect(valid(OrderDataResponse, priced)).toEqual({ ok: true, errors: [] });
  });

  it('accepts the order data with every price field left out (pricing hidden)', () => {
    expect(valid(OrderDataResponse, hidden)).toEqual({ ok: true, errors: [] });
  });

  it('still requires everything that is not a price, and carries no catalogue', () => {
    const { productInstances: _items, ...noItems } = priced;
    expect(valid(OrderDataResponse, noItems).ok).toBe(false);
    expect(valid(OrderDataResponse, { ...priced, productOrders: [] }).ok).toBe(false);
    expect(valid(OrderDataResponse, { ...priced, productOrders: [order, order] }).ok).toBe(false);
    expect(valid(OrderDataResponse, { ...priced, productInstances: [omit(instance, ['productId'])] }).ok).toBe(false);
    expect(valid(OrderDataResponse, { ...priced, guests: [{ userId: 7 }] }).ok).toBe(false);
    expect(valid(OrderDataResponse, { ...priced, productOrders: [omit(order, ['isStocked'])] }).ok).toBe(false);
    expect(valid(OrderDataResponse, { ...priced, pricingIsHidden: 'no' }).ok).toBe(false);
    expect(valid(OrderDataResponse, omit(priced, ['catalogueVersion'])).ok).toBe(false);
    expect(valid(OrderDataResponse, omit(priced, ['catalogueAdditions'])).ok).toBe(false);
    expect(valid(OrderDataResponse, { ...priced, catalogueAdditions: { products: [] } }).ok).toBe(false);
  });

  it('accepts the drawing records of an architectural order', () => {
    const arch = {
      ...priced,
      isSpatial: true,
      archWalls: [{ id: 1, orgId: 850, productOrderId: 3, from: { x: 0, z: 0 }, to: { x: 100, z: 0 }, height: 96, thickness: 4 }],
      archElevations: [],
      archCustomViews: [{ id: 1, orgId: 850, productOrderId: 3, title: 'North wall', rank: 1 }],
      entities: [{ id: 1, orgId: 850, productOrderId: 3, type: 'calicoMuralPanel', data: { position: { x: 0, y: 0 } } }],
      productCanvasTexts: [],
      productCanvasLines: [],
    };
    expect(valid(OrderDataResponse, arch)).toEqual({ ok: true, errors: [] });
    expect(valid(OrderDataResponse, { ...arch, archWalls: [{ id: 1 }] }).ok).toBe(false);
  });
});

describe('CatalogueResponse', () => {
  it('accepts the catalogue with prices and with every price left out', () => {
    expect(valid(CatalogueResponse, pricedCatalogue)).toEqual({ ok: true, errors: [] });
    expect(valid(CatalogueResponse, hiddenCatalogue)).toEqual({ ok: true, errors: [] });
  });

  it('requires its version, audience flag and every list', () => {
    for (const k of ['version', 'pricingIsHidden', 'products', 'productCategories', 'productOptions', 'productPricingRules', 'media']) {
      expect(valid(CatalogueResponse, omit(pricedCatalogue, [k])).ok, k).toBe(false);
    }
    expect(valid(CatalogueResponse, { ...pricedCatalogue, products: [omit(pricedCatalogue.products[0]!, ['title'])] }).ok).toBe(false);
  });
});

describe('HomepageDataResponse', () => {
  it('accepts categories and products, with or without their price fields', () => {
    const products = [makeProduct({ id: 98, productPricingRuleId: 3 })];
    expect(valid(HomepageDataResponse, { products, productCategories: [makeCategory({ id: 1 })] })).toEqual({ ok: true, errors: [] });
    expect(valid(HomepageDataResponse, { products: products.map((p) => omit(p, PRODUCT_PRICE_FIELDS)), productCategories: [] }).ok).toBe(true);
    expect(valid(HomepageDataResponse, { products }).ok).toBe(false);
  });
});
