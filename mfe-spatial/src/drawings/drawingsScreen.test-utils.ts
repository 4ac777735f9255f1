// The drawings screen's test data: one organisation (850), a one-property catalogue and a two-item order.
import type { Catalogue, OrderData } from '@cpq/client';
import type { OrgMembership, SessionData } from '@cpq/domain';
import { makeOption, makeProduct, makeProperty, productPropertiesOf } from '@cpq/test-utils';

/** Owner of 850, whose organisation has the given design settings (logo, accent...). */
export const sessionWith = (designEngine: Record<string, unknown> = {}): SessionData =>
  ({
    user: { id: 1, email: 'owner-850@demo.test', name: 'Eleanor Whitcombe', firstName: 'Eleanor', lastName: 'Whitcombe' },
    organisations: [{ id: 850, title: 'Lumen & Brass', role: 'owner', prevRole: null, appData: { designEngine } } as OrgMembership],
    engineVersion: 'test',
  }) as SessionData;

export const catalogue = {
  orgId: 850,
  version: 1,
  pricingIsHidden: false,
  products: [makeProduct({ id: 1, title: 'Keypad', associations: productPropertiesOf([10]) })],
  productCategories: [],
  productProperties: [makeProperty({ id: 10, title: 'Finish' })],
  productPropertyGroups: [],
  productOptions: [makeOption({ id: 100, productPropertyId: 10, title: 'Satin Brass' })],
  productOptionClassifiers: [],
  productRules: [],
  productPricingRules: [],
  media: [],
  productGraphics: [],
} as unknown as Catalogue;

const instance = (id: number, rank: number) => ({ id, orgId: 850, productOrderId: 7, productId: 1, title: `Room ${id}`, quantity: 2, rank, notes: '', properties: { '10': { optionId: 100 } } });

/** Order 12 "Harbour View" with Room 20 and Room 21 (ranked 1 and 2, listed in the other order). */
export const orderDataWith = (estimateNumber: string | null): OrderData =>
  ({
    productOrders: [{ id: 7, orgId: 850, orgSpecificId: 12, title: 'Harbour View', estimateNumber, type: 'standalone' }],
    productInstances: [instance(21, 2), instance(20, 1)],
    guests: [],
    isSpatial: false,
    pricingIsHidden: false,
    catalogueVersion: 1,
    catalogueAdditions: { products: [], productOptions: [], productPricingRules: [] },
  }) as unknown as OrderData;
