import { Type, type Static } from '@sinclair/typebox';
import { Flag, Id, Nullable, RefId } from './common.ts';
import { CATALOGUE_RESOURCE_KEYS, Product, ProductCategory, ProductOption, ProductProperty } from './catalogue.ts';
import {
  ArchCustomViewSchema,
  ArchElevationSchema,
  ArchWallSchema,
  EntitySchema,
  MediumSchema,
  PRODUCT_ORDER_PRICE_FIELDS,
  PRODUCT_PRICE_FIELDS,
  ProductCanvasLineSchema,
  ProductCanvasTextSchema,
  ProductInstanceSchema,
  ProductOptionClassifierRowSchema,
  ProductOrderDetail,
  ProductGraphicSchema,
  ProductPricingRuleSchema,
  ProductPropertyGroupSchema,
  ProductRuleSchema,
} from './entities.ts';
import { Costs, ProductOrderType } from './productOrder.ts';

/** Request bodies of the named calls. Each is validated by ajv in the API. */

export const HomepageDataBody = Type.Object({ orgId: Id }, { additionalProperties: false });
export type HomepageDataBody = Static<typeof HomepageDataBody>;

/** productOrderProps of create-product-order (orgId, title, category, product, isStocked, userId, type, costs). Computed fields are not accepted. */
export const ProductOrderProps = Type.Object(
  {
    orgId: Id,
    title: Type.Optional(Type.String({ maxLength: 200 })),
    productCategoryId: Type.Optional(RefId),
    productId: Type.Optional(Type.Union([RefId, Type.Null()])),
    isStocked: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1), Type.Boolean()])),
    userId: Type.Optional(Id),
    type: Type.Optional(ProductOrderType),
    /** Accepted for compatibility with the spec's payload; the server always starts from zero costs. */
    costs: Type.Optional(Type.Partial(Costs)),
  },
  { additionalProperties: false },
);
export type ProductOrderProps = Static<typeof ProductOrderProps>;

export const CreateProductOrderBody = Type.Object(
  { productOrderProps: ProductOrderProps },
  { additionalProperties: false },
);
export type CreateProductOrderBody = Static<typeof CreateProductOrderBody>;

export const OrderDataBody = Type.Object(
  {
    orgId: Id,
    productOrderOrgSpecificId: Id,
    userId: Type.Optional(Id),
    shareToken: Type.Optional(Type.String({ maxLength: 200 })),
    shareableOrderId: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Integer()])),
  },
  { additionalProperties: false },
);
export type OrderDataBody = Static<typeof OrderDataBody>;

export const CatalogueResourceKeySchema = Type.Union(CATALOGUE_RESOURCE_KEYS.map((k) => Type.Literal(k)));

/** POST /api/resources/{resourceKey}/get body. `where` must name the organisation. */
export const ResourceGetBody = Type.Object(
  {
    where: Type.Object(
      {
        orgId: Id,
        id: Type.Optional(Type.Union([Id, Type.Array(Id, { maxItems: 1000 })])),
        productPropertyId: Type.Optional(Id),
        productCategoryId: Type.Optional(RefId),
        archived: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
        type: Type.Optional(Type.String({ maxLength: 50 })),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type ResourceGetBody = Static<typeof ResourceGetBody>;

// ------------------------------------------------------------------ responses (the `data` of each call)

// Price fields are made optional with Composite([Omit, Partial(Pick)]), written out at each use so the
// static types stay exact (a generic helper widens every field to optional).

/** A product as the configurator calls send it (its pricing rule id is left out when pricing is hidden). */
export const ConfiguratorProduct = Type.Composite([Type.Omit(Product, PRODUCT_PRICE_FIELDS), Type.Partial(Type.Pick(Product, PRODUCT_PRICE_FIELDS))]);
export type ConfiguratorProduct = Static<typeof ConfiguratorProduct>;

/** POST /api/configurator/get-configurator-homepage-data. */
export const HomepageDataResponse = Type.Object({
  products: Type.Array(ConfiguratorProduct),
  productCategories: Type.Array(ProductCategory),
});
export type HomepageDataResponse = Static<typeof HomepageDataResponse>;

/** An option as the order data sends it: without classifications (nor data.priceInCents) when pricing is hidden. */
export const OrderDataProductOption = Type.Composite([Type.Omit(ProductOption, ['classifications']), Type.Partial(Type.Pick(ProductOption, ['classifications']))]);
export type OrderDataProductOption = Static<typeof OrderDataProductOption>;

/** Order fields every stored order has, so the order page can rely on them. */
const ORDER_DATA_REQUIRED_FIELDS = ['userId', 'type', 'productId', 'productCategoryId', 'archived', 'isStocked', 'disableSalesTax', 'involvedUsers', 'created', 'lastUpdated'] as const;

/** The order with its costs, payments and pricing fields optional (left out when pricing is hidden). */
export const OrderDataProductOrder = Type.Composite([
  Type.Omit(ProductOrderDetail, [...PRODUCT_ORDER_PRICE_FIELDS, ...ORDER_DATA_REQUIRED_FIELDS]),
  Type.Partial(Type.Pick(ProductOrderDetail, PRODUCT_ORDER_PRICE_FIELDS)),
  Type.Required(Type.Pick(ProductOrderDetail, ORDER_DATA_REQUIRED_FIELDS)),
]);
export type OrderDataProductOrder = Static<typeof OrderDataProductOrder>;

/** Items carry their stored prices only when the caller may see prices (those fields are optional already). */
export const OrderDataProductInstance = Type.Composite([
  Type.Omit(ProductInstanceSchema, ['rank']),
  // Every stored item has its place in the order.
  Type.Required(Type.Pick(ProductInstanceSchema, ['rank'])),
]);
export type OrderDataProductInstance = Static<typeof OrderDataProductInstance>;

/** The order owner's guest terms (sales-tax exemption, percent discount): pricing inputs, the only part of the guest record sent. */
export const OrderDataGuest = Type.Object({ userId: Id, disableSalesTax: Flag, discount: Nullable(Type.Object({ type: Type.String(), value: Type.Number() })) });
export type OrderDataGuest = Static<typeof OrderDataGuest>;

/**
 * GET /api/configurator/catalogue?orgId=…[&productOrderOrgSpecificId=…]: the organisation's catalogue
 * as the caller may see it — one cached, versioned response per organisation and audience (publish
 * levels of the caller's role, prices visible or not), revalidated with its ETag. Archived products
 * and options are not in it (an order that still uses some gets them with its order data). When
 * pricing is hidden from the caller, `pricingIsHidden` is true and no price leaves the server:
 * productPricingRules is empty, the PRODUCT_PRICE_FIELDS of products, option classifications and
 * data.priceInCents are left out.
 */
export const CatalogueResponse = Type.Object({
  orgId: Id,
  /** organisations.catalogue_version: bumped by every catalogue write. */
  version: Type.Integer({ minimum: 0 }),
  pricingIsHidden: Type.Boolean(),
  products: Type.Array(ConfiguratorProduct),
  productCategories: Type.Array(ProductCategory),
  productProperties: Type.Array(ProductProperty),
  productPropertyGroups: Type.Array(ProductPropertyGroupSchema),
  productOptions: Type.Array(OrderDataProductOption),
  productOptionClassifiers: Type.Array(ProductOptionClassifierRowSchema),
  productRules: Type.Array(ProductRuleSchema),
  productPricingRules: Type.Array(ProductPricingRuleSchema),
  media: Type.Array(MediumSchema),
  /** Active graphics of the products sent (each names its productId): the base of their drawings. */
  productGraphics: Type.Array(ProductGraphicSchema),
});
export type CatalogueResponse = Static<typeof CatalogueResponse>;

/** Query of GET /api/configurator/catalogue (numbers arrive as text and are read before validation). */
export const CatalogueQuery = Type.Object(
  { orgId: Id, productOrderOrgSpecificId: Type.Optional(Id) },
  { additionalProperties: false },
);
export type CatalogueQuery = Static<typeof CatalogueQuery>;

/**
 * Catalogue rows an order still uses that the caller's catalogue does not carry (archived products
 * and options chosen before they were archived, and the pricing rules of those products), shaped
 * like the catalogue.
 */
export const CatalogueAdditions = Type.Object({
  products: Type.Array(ConfiguratorProduct),
  productOptions: Type.Array(OrderDataProductOption),
  productPricingRules: Type.Array(ProductPricingRuleSchema),
});
export type CatalogueAdditions = Static<typeof CatalogueAdditions>;

/**
 * POST /api/configurator/get-configurator-order-data: the order alone — its items, the owner's
 * sales-tax exemption and, for architectural orders, its spatial lists. The catalogue travels
 * separately (CatalogueResponse); `catalogueVersion` says which version the stored prices were
 * read against, and `catalogueAdditions` carries what the order uses beyond the caller's catalogue.
 * When pricing is hidden from the caller, `pricingIsHidden` is true and the PRODUCT_*_PRICE_FIELDS
 * of the order and its items are left out.
 */
export const OrderDataResponse = Type.Object({
  productOrders: Type.Array(OrderDataProductOrder, { minItems: 1, maxItems: 1 }),
  productInstances: Type.Array(OrderDataProductInstance),
  guests: Type.Array(OrderDataGuest),
  isSpatial: Type.Boolean(),
  pricingIsHidden: Type.Boolean(),
  catalogueVersion: Type.Integer({ minimum: 0 }),
  catalogueAdditions: CatalogueAdditions,
  archWalls: Type.Optional(Type.Array(ArchWallSchema)),
  archElevations: Type.Optional(Type.Array(ArchElevationSchema)),
  archCustomViews: Type.Optional(Type.Array(ArchCustomViewSchema)),
  entities: Type.Optional(Type.Array(EntitySchema)),
  productCanvasTexts: Type.Optional(Type.Array(ProductCanvasTextSchema)),
  productCanvasLines: Type.Optional(Type.Array(ProductCanvasLineSchema)),
});
export type OrderDataResponse = Static<typeof OrderDataResponse>;

// ------------------------------------------------------------------ answers of the order write calls

/**
 * An order as every call that writes or makes one answers it (create-product-order, the order update
 * and the order actions: copy, owner change, create with items): the stored order shaped for the
 * caller exactly as get-configurator-order-data sends it — no price fields when prices are hidden
 * from the caller, no employee-only fields for a guest.
 */
export const ProductOrderResponse = OrderDataProductOrder;
export type ProductOrderResponse = Static<typeof ProductOrderResponse>;

/** An item as the item create and update calls answer it, shaped like the items of get-configurator-order-data. */
export const ProductInstanceResponse = OrderDataProductInstance;
export type ProductInstanceResponse = Static<typeof ProductInstanceResponse>;

/** POST /api/resources/productInstances/destroy: the item removed (the other items renumbered). */
export const ProductInstanceDestroyResponse = Type.Object({ id: Id }, { additionalProperties: false });
export type ProductInstanceDestroyResponse = Static<typeof ProductInstanceDestroyResponse>;

/** POST /api/resources/productOrders/destroy: an untitled, empty order discarded. */
export const ProductOrderDestroyResponse = Type.Object({ id: Id, deleted: Type.Literal(true) }, { additionalProperties: false });
export type ProductOrderDestroyResponse = Static<typeof ProductOrderDestroyResponse>;

/**
 * POST /api/resources/{resourceKey}/get: the organisation's rows of that catalogue resource, as
 * stored and shaped for the caller (publish levels; no prices, pricing rules, option classifications
 * nor classifier numbers when prices are hidden from the caller; media with their time-limited
 * address). Each resource's rows have their own fields (see CatalogueResponse for their shapes):
 * only what every row has is fixed here.
 */
export const ResourceRowsResponse = Type.Array(
  Type.Object({ id: Id, orgId: Id }, { additionalProperties: true, description: 'A row of the named resource; its other fields are those of the resource.' }),
);
export type ResourceRowsResponse = Static<typeof ResourceRowsResponse>;
