/** A small catalogue and order for the documents tests: one keypad product priced $125.00 a piece. */
import type { Catalogue, OrderData } from '@cpq/client';
import type { CatalogueIndex, OrderDataProductInstance, OrderDataProductOrder } from '@cpq/domain';
import { makeCatalogue, makeOption, makePricingRule, makeProduct, makeProperty, productPropertiesOf } from '@cpq/test-utils';
import { DEFAULT_RULES, engineHooks } from '@cpq/plugin-sdk';
import type { DocumentInput } from './model.ts';

export function catalogueFixture(): CatalogueIndex {
  const product = {
    ...makeProduct({ id: 1, title: 'Keypad', productPricingRuleId: 1, referenceCodes: { catalog: 'KP', factory: 'F-KP' }, associations: productPropertiesOf([10, 11, 12]) }),
    // The product's code formula: its code, then the chosen Finish's code.
    referenceCodeFormulas: { propertySequence: [10], separator: '-' },
  };
  return makeCatalogue({
    products: [product],
    productProperties: [
      makeProperty({ id: 10, title: 'Finish', invoiceVisibility: 'inline', showThumbnailsOnInvoice: 1 }),
      makeProperty({ id: 11, title: 'Size', invoiceVisibility: 'column' }),
      makeProperty({ id: 12, title: 'Secret', invoiceVisibility: 'none' }),
    ],
    productOptions: [
      makeOption({ id: 101, productPropertyId: 10, title: 'Brass', referenceCodes: { catalog: 'BR' } }),
      makeOption({ id: 102, productPropertyId: 10, title: 'Nickel', thumbnailUrl: '/media/nickel.png' }),
      makeOption({ id: 111, productPropertyId: 11, title: 'Large' }),
      makeOption({ id: 121, productPropertyId: 12, title: 'Hidden choice' }),
    ],
    productPricingRules: [makePricingRule({ id: 1, versions: { '1': { created: '2025-01-01 00:00:00', expressions: [{ type: 'fixed', props: { value: 12500 }, operator: '+' }] } } })],
  });
}

export function orderFixture(over: Partial<OrderDataProductOrder> = {}): OrderDataProductOrder {
  return {
    id: 900,
    orgSpecificId: 42,
    orgId: 850,
    userId: 7,
    title: 'Kitchen',
    type: 'standalone',
    productId: null,
    productCategoryId: 1,
    archived: 0,
    isStocked: 0,
    disableSalesTax: 0,
    promptedForProjectInfo: 1,
    isProcessingPayment: 0,
    statusData: { orderStarted: { date: '2025-05-05 14:00:00' } },
    effectivePricingDate: null,
    amountPaidInCents: 0,
    involvedUsers: { '7': { role: 'owner', pricingIsHidden: 0 } },
    deliveryAddress: { streetAddress: '100 Harbour Road', city: 'Portland', state: 'ME', zip: '04101', country: 'US' },
    created: '2025-05-05 14:00:00',
    lastUpdated: '2025-05-07 14:00:00',
    ...over,
  };
}

export function instance(id: number, over: Partial<OrderDataProductInstance> = {}): OrderDataProductInstance {
  return { id, orgId: 850, productOrderId: 900, productId: 1, quantity: 1, rank: id, properties: {}, ...over };
}

/**
 * What buildDocument reads, for an owner's quote of orderFixture() with the default rules, at a fixed
 * time and with no guests or organisation settings; `over` changes any of it (the mode, the audience...).
 */
export function documentInput(catalogue: CatalogueIndex, instances: OrderDataProductInstance[], over: Partial<DocumentInput> = {}): DocumentInput {
  return {
    mode: 'quote',
    order: orderFixture(),
    instances,
    guests: [],
    catalogue,
    hooks: engineHooks(DEFAULT_RULES),
    orgSettings: {},
    guest: false,
    pricingHidden: false,
    hideDiscount: false,
    now: new Date('2026-11-23T12:00:00Z'),
    ...over,
  };
}

/** catalogueFixture() as the catalogue call answers it. */
export function catalogueResponse(pricingIsHidden = false): Catalogue {
  const s = catalogueFixture().snapshot;
  return {
    orgId: 850,
    version: 1,
    pricingIsHidden,
    products: [...s.products],
    productCategories: [],
    productProperties: [...s.productProperties],
    productPropertyGroups: [],
    productOptions: [...s.productOptions],
    productOptionClassifiers: [],
    productRules: [],
    productPricingRules: pricingIsHidden ? [] : [...s.productPricingRules],
    media: [],
    productGraphics: [],
  };
}

/** get-configurator-order-data's answer for orderFixture() with one item; the owner has a 10 % guest discount. */
export function orderDataResponse(over: Partial<OrderData> = {}): OrderData {
  return {
    productOrders: [orderFixture()],
    productInstances: [instance(1, { title: 'Entry', quantity: 2, properties: { '10': { optionId: 101 } } })],
    // The owner has a 10 % guest discount.
    guests: [{ userId: 7, disableSalesTax: 0, discount: { type: 'percent', value: 10 } }],
    isSpatial: false,
    pricingIsHidden: false,
    catalogueVersion: 1,
    catalogueAdditions: { products: [], productOptions: [], productPricingRules: [] },
    ...over,
  };
}
