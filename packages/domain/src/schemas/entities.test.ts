import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import {
  ENTITY_SCHEMAS,
  PRODUCT_INSTANCE_COMPUTED_FIELDS,
  PRODUCT_ORDER_COMPUTED_FIELDS,
  ProductInstanceSchema,
  ProductOrderDetail,
  ProductOrderWritable,
  ProductInstanceWritable,
  RESOURCE_WRITE_BODIES,
} from './entities.ts';

const ajv = () => new Ajv({ strict: false, allErrors: true });

const version = { created: '2024-01-01 00:00:00', expressions: [{ type: 'fixed', props: { value: 100 }, operator: '+' }] };
const address = { streetAddress: '1 Main St', city: 'Springfield', state: 'IL', zip: '62701', country: 'US' };
const instanceProps = {
  '7': { optionId: 22 },
  '27': { engravings: { '0': { above: { text: 'LIGHTS\nON', fontFamily: 'Helvetica', fontSize: 4 }, below: { text: 'OFF' } } } },
  '112': { text: ['BELOW'] },
  '141': { value: 600 },
};
const writableOrder = {
  title: 'Lobby 2',
  phone: '4155550123',
  deliveryAddress: address,
  billingAddress: null,
  firmName: 'Acme',
  clientEmails: ['a@b.example'],
  discountMode: 'rate',
  discountPercentage: 15,
  commandData: { number: 'C-1', date: '2024-02-01', totalInCents: 100 },
  involvedUsers: { '5': { role: 'sharee', pricingIsHidden: 1 } },
  effectivePricingDate: '2024-01-15',
};

const samples: Record<keyof typeof ENTITY_SCHEMAS, unknown> = {
  ProductInstanceSchema: { id: 1, orgId: 850, productOrderId: 3, productId: 98, title: 'Kitchen', quantity: 2, rank: 1, notes: null, properties: instanceProps, archCustomViewId: null, customPriceInCents: null, unitPriceInCents: 1000, totalPriceInCents: 2000 },
  ProductInstanceWritable: { quantity: 3, properties: instanceProps },
  ProductInstanceCreateProps: { productOrderId: 3, productId: -1, notes: 'Custom', customPriceInCents: 5000 },
  ProductOrderWritable: writableOrder,
  ProductOrderCreateProps: { orgId: 850, title: 'Untitled Order', productCategoryId: 1, isStocked: 0, type: 'standalone' },
  ProductOrderDetail: {
    id: 1, orgSpecificId: 12, orgId: 850, ...writableOrder, costs: { orderSubTotal: 0, discount: 0, shipping: 0, shippingIsTbd: true, tax: 0, tariff: 0, orderTotal: 0, depositAmount: 0, depositPercentage: 50 },
    statusData: { orderStarted: { date: '2024-01-01' } }, amountPaidInCents: 0, isProcessingPayment: 0, productInstancesCount: 2,
  },
  InvolvedUsers: { '1': { role: 'owner', pricingIsHidden: 0 } },
  ProductRuleSchema: { id: 1, orgId: 850, type: 'incompatible', fromResourceKey: 'productOptions', fromIds: [22], toResourceKey: 'productOptions', toIds: [139] },
  ProductPricingRuleSchema: { id: 1, orgId: 850, title: 'Keypad', deleted: 0, versions: { '1': version, '2': { created: '2025-06-01 00:00:00', expressions: [] } } },
  ProductOptionClassifierSchema: { id: 1, orgId: 850, title: 'Sizes', numberTitles: ['Width', 'Height'] },
  ProductOptionClassifierRowSchema: { id: 1, orgId: 850, title: 'Finish tiers', rank: 1, archived: 0, data: { numberTitles: ['Upcharge'], groups: [{ id: 1, title: 'Standard', optionIds: [22] }] } },
  ProductPropertyGroupSchema: { id: 1, orgId: 850, title: 'Plate', rank: 1, archived: 0, properties: { '8': {}, '9': {} } },
  ProductGraphicSchema: {
    id: 1, title: 'Keypad', archived: 0,
    nodes: [{ id: 'root', type: 'group', props: { x: 0, y: 0, z: 0, width: 82, height: 82, depth: 10 }, children: [{ id: 'r', type: 'rect', props: { x: 0, y: 0, width: 82, height: 82, fill: '#fff' }, condition: { productPropertyId: 8, productOptionId: 200 }, children: [] }] }],
  },
  MediumSchema: { id: 1, orgId: 850, type: 'image', title: 'Front', fileName: 'front', fileExtension: 'png', hasFile: 1, associations: { products: { '98': true } } },
  GuestSchema: { id: 9, email: 'g@x.example', firstName: 'G', lastName: 'X', appData: { designEngine: { discount: { type: 'rate', value: 10 }, disableSalesTax: true, integrationsData: { monday: { itemId: '123' } } } }, orgAccessEdgeData: { designEngine: { pricingIsHidden: 1 } } },
  UserGroupSchema: { id: 1, orgId: 850, title: 'Dealers', userIds: [1, 2, 3] },
  ArchWallSchema: { id: 1, orgId: 1798, productOrderId: 3, from: { x: 0, z: 0 }, to: { x: 100, z: 0 }, height: 96, thickness: 4 },
  ArchElevationSchema: { id: 1, orgId: 1798, productOrderId: 3, from: { x: 0, z: 0 }, to: { x: 100, z: 0 }, height: 96, thickness: 4, viewDepth: 50 },
  ArchCustomViewSchema: { id: 1, orgId: 1798, productOrderId: 3, title: 'North wall', rank: 1, drawingNotesData: {} },
  EntitySchema: { id: 1, orgId: 1798, productOrderId: 3, type: 'calicoMuralPanel', parentId: 4, parentResourceKey: 'entities', data: { position: { x: 0, y: 0 }, size: { width: 30, height: 30 }, bleedTop: 1, panelNumber: 3, archCustomViewId: 1 }, isTentative: 0 },
  ProductCanvasTextSchema: { id: 1, orgId: 1798, productOrderId: 3, text: 'Text', position: { x: 0, y: 0 }, width: 100, customViewId: null },
  ProductCanvasLineSchema: { id: 1, orgId: 1798, productOrderId: 3, from: { x: 0, y: 0 }, to: { x: 50, y: 50 }, strokeWidth: 1, toSymbol: 'none' },
  ProductInstanceCreateBody: { props: { productOrderId: 3, productId: 98, quantity: 1, properties: {} } },
  ProductInstanceUpdateBody: { where: { id: 5 }, props: { title: 'Hall', rank: 2 } },
  ProductOrderCreateBody: { props: { orgId: 850, title: 'New' } },
  ProductOrderUpdateBody: { where: { id: 5, orgId: 850 }, props: { archived: 1 } },
  ResourceDestroyBody: { where: { id: 5 } },
};

describe('entity schemas', () => {
  it.each(Object.keys(ENTITY_SCHEMAS) as (keyof typeof ENTITY_SCHEMAS)[])('%s compiles and accepts its sample', (name) => {
    const validate = ajv().compile(ENTITY_SCHEMAS[name]);
    const ok = validate(samples[name]);
    expect(validate.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
  });

  it('instance title max 40, quantity integer ≥ 1', () => {
    const v = ajv().compile(ProductInstanceWritable);
    expect(v({ title: 'x'.repeat(40) })).toBe(true);
    expect(v({ title: 'x'.repeat(41) })).toBe(false);
    expect(v({ quantity: 0 })).toBe(false);
    expect(v({ quantity: 1.5 })).toBe(false);
    expect(v({ properties: { abc: {} } })).toBe(false);
    expect(v({})).toBe(false);
  });

  it('writable shapes refuse every computed field', () => {
    const order = ajv().compile(ProductOrderWritable);
    for (const f of PRODUCT_ORDER_COMPUTED_FIELDS) expect(order({ title: 'A', [f]: 1 }), f).toBe(false);
    expect(order({ orgId: 850 })).toBe(false);
    const inst = ajv().compile(ProductInstanceWritable);
    for (const f of PRODUCT_INSTANCE_COMPUTED_FIELDS) expect(inst({ quantity: 1, [f]: 1 }), f).toBe(false);
    expect(inst({ productOrderId: 4 })).toBe(false);
  });

  it('computed fields are marked readOnly in the read shapes', () => {
    const props = (s: { properties: Record<string, { readOnly?: boolean }> }) => s.properties;
    expect(props(ProductInstanceSchema).unitPriceInCents!.readOnly).toBe(true);
    expect(props(ProductInstanceSchema).totalPriceInCents!.readOnly).toBe(true);
    expect(props(ProductInstanceSchema).quantity!.readOnly).toBeUndefined();
    for (const f of ['costs', 'statusData', 'amountPaidInCents', 'orgSpecificId']) expect(props(ProductOrderDetail)[f]!.readOnly, f).toBe(true);
  });

  it('resource bodies: additional properties refused, where needs an id', () => {
    const b = RESOURCE_WRITE_BODIES;
    expect(ajv().compile(b.productOrders.update)({ where: { id: 1 }, props: { title: 'A' }, extra: 1 })).toBe(false);
    expect(ajv().compile(b.productOrders.update)({ where: {}, props: { title: 'A' } })).toBe(false);
    expect(ajv().compile(b.productOrders.update)({ where: { id: 1 }, props: { costs: {} } })).toBe(false);
    expect(ajv().compile(b.productInstances.destroy)({ where: { id: 1, productOrderId: 2 } })).toBe(false);
    expect(ajv().compile(b.productInstances.create)({ props: { productId: 98 } })).toBe(false);
    expect(ajv().compile(b.productOrders.create)({ props: { title: 'no org' } })).toBe(false);
  });

  it('pricing rule versions are checked with the pricing module schema', () => {
    const v = ajv().compile(ENTITY_SCHEMAS.ProductPricingRuleSchema);
    expect(v({ id: 1, orgId: 1, deleted: 0, versions: { '1': { created: 'tomorrow', expressions: [] } } })).toBe(false);
    expect(v({ id: 1, orgId: 1, deleted: 0, versions: { v1: version } })).toBe(false);
  });
});
