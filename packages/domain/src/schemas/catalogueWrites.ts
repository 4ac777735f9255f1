/**
 * Write bodies of the catalogue resource calls of the admin area (owners only):
 * POST /api/resources/{key}/create | update | destroy. Every body and every props object is closed
 * (additionalProperties false): a field that is not listed here is refused, never ignored.
 * Rules (defaults, ranks, archive): docs/decisions/0050-catalogue-writes.md.
 */
import { Type, type Static, type TObject, type TProperties, type TSchema } from '@sinclair/typebox';
import { PricingRuleVersionSchema } from './pricing.ts';
import { Flag, Id, IntColumn, Nullable, RefId } from './common.ts';
import { DrawingVisibility, InvoiceVisibility, OptionDataFieldType, Product, ProductCategory, ProductOption, ProductProperty, PropertyType, PublishLevel } from './catalogue.ts';
import { ProductGraphicNode, ProductGraphicSchema, ProductPricingRuleSchema, ProductPropertyGroupSchema } from './entities.ts';

/** The catalogue resources the admin area writes. */
export const CATALOGUE_WRITE_KEYS = ['products', 'productCategories', 'productProperties', 'productPropertyGroups', 'productOptions', 'productPricingRules', 'productGraphics'] as const;
export type CatalogueWriteKey = (typeof CATALOGUE_WRITE_KEYS)[number];

const Title = Type.String({ minLength: 1, maxLength: 255 });
const Url = Nullable(Type.String({ maxLength: 1000 }));
/** A list position typed by the owner: clamped to 1..count by the server. */
const Rank = IntColumn;
/** Keys that are ids as text ("27"). */
const IdKey = Type.String({ pattern: '^[1-9][0-9]{0,9}$' });
/** Pricing version keys: integers as text ("1", "2"...). */
export const PricingVersionKey = Type.String({ pattern: '^[1-9][0-9]{0,8}$' });
const closed = <P extends TProperties>(p: P) => Type.Object(p, { additionalProperties: false });

const productFields = {
  title: Title,
  rank: Rank,
  archived: Flag,
  description: Nullable(Type.String({ maxLength: 20000 })),
  links: Nullable(Type.String({ maxLength: 5000 })),
  thumbnailUrl: Url,
  publishLevel: PublishLevel,
  isStocked: Flag,
  currentInventory: Nullable(IntColumn),
  referenceCodes: closed({
    catalog: Type.Optional(Type.String({ maxLength: 255 })),
    factory: Type.Optional(Type.String({ maxLength: 255 })),
    machining: Type.Optional(Type.String({ maxLength: 255 })),
  }),
  associations: closed({
    productProperties: Type.Optional(
      Type.Record(IdKey, closed({ disabledProductOptionIds: Type.Optional(Type.Array(Id, { maxItems: 10000 })) }), { additionalProperties: false }),
    ),
  }),
  productCategoryId: RefId,
  productPricingRuleId: Nullable(Id),
  instanceTitleIsRequired: Flag,
  shouldRoundPrice: Flag,
  hasScript: Flag,
  exportPriceData: Nullable(
    closed({
      groupDataBy: Type.Optional(Type.Unknown()),
      rowsData: Type.Optional(Type.Unknown()),
      columnsData: Type.Optional(Type.Unknown()),
      fixedProperties: Type.Optional(Type.Unknown()),
    }),
  ),
  mediumId: Nullable(Id),
};

const categoryFields = { title: Title, rank: Rank, archived: Flag, thumbnailUrl: Url };

const propertyFields = {
  title: Title,
  internalTitle: Nullable(Type.String({ maxLength: 255 })),
  rank: Rank,
  archived: Flag,
  type: PropertyType,
  isArray: Flag,
  noOptionThumbnails: Flag,
  isOrderLevel: Flag,
  drawingVisibility: DrawingVisibility,
  invoiceVisibility: InvoiceVisibility,
  showThumbnailsOnInvoice: Flag,
  productOptionDataFields: Type.Array(
    closed({
      key: Type.String({ minLength: 1, maxLength: 100 }),
      title: Type.String({ maxLength: 255 }),
      type: OptionDataFieldType,
    }),
    { maxItems: 100 },
  ),
  data: closed({
    maxDimension: Type.Optional(Type.Number()),
    minDimension: Type.Optional(Type.Number()),
    dimensionInterval: Type.Optional(Type.Number({ minimum: 0 })),
    /** Customers may leave it unchosen: submit does not ask for it (docs/decisions/0091-required-options.md). */
    optional: Type.Optional(Type.Boolean()),
  }),
  productPropertyGroupId: Nullable(Id),
  thumbnailUrl: Url,
};

const groupFields = {
  title: Title,
  rank: Rank,
  /** The group's properties, keyed by property id (each with its settings in the group). */
  properties: Type.Record(IdKey, Type.Record(Type.String({ maxLength: 100 }), Type.Unknown()), { additionalProperties: false }),
};

const optionFields = {
  title: Title,
  rank: Rank,
  archived: Flag,
  publishLevel: PublishLevel,
  /** The option's data fields (the property's productOptionDataFields) and its price, data.priceInCents. */
  data: Type.Record(Type.String({ maxLength: 100 }), Type.Union([Type.String({ maxLength: 10000 }), Type.Number(), Type.Boolean(), Type.Null()])),
  /** Classifier numbers per classifier id. */
  classifications: Type.Record(IdKey, Type.Array(Type.Number(), { maxItems: 100 }), { additionalProperties: false }),
  referenceCodes: Type.Record(Type.String({ maxLength: 100 }), Type.String({ maxLength: 255 })),
  thumbnailUrl: Url,
};

const pricingRuleFields = {
  title: Title,
  deleted: Flag,
  /** Versions to replace (by key) or, with null, to delete; versions not named are kept. */
  versions: Type.Record(PricingVersionKey, Type.Union([PricingRuleVersionSchema, Type.Null()]), { additionalProperties: false, maxProperties: 100 }),
};

/** A product graphic: a tree of drawing nodes. */
const graphicFields = { title: Title, archived: Flag, nodes: Type.Array(ProductGraphicNode, { maxItems: 1000 }) };

const Where = closed({ id: Id });

function createBody<P extends TProperties>(fields: P, required: TProperties = {}) {
  const optional = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, Type.Optional(v)]));
  return closed({ props: Type.Object({ orgId: Id, ...required, ...optional }, { additionalProperties: false }) as TObject });
}
function updateBody<P extends TProperties>(fields: P, writable: readonly (keyof P)[]) {
  const props = Object.fromEntries(writable.map((k) => [k, Type.Optional(fields[k]!)]));
  return closed({ where: Where, props: Type.Object(props, { additionalProperties: false, minProperties: 1 }) });
}
const destroyBody = () => closed({ where: Where });

const keysOf = <P extends TProperties>(p: P) => Object.keys(p) as (keyof P)[];

export const CatalogueCreateBody = {
  products: createBody(productFields),
  productCategories: createBody(categoryFields),
  productProperties: createBody(propertyFields),
  productPropertyGroups: createBody(groupFields),
  /** An option belongs to its property for good: productPropertyId is set on create only. */
  productOptions: createBody(optionFields, { productPropertyId: Id }),
  /** A new rule starts with no versions; versions are added through update (addVersion). */
  productPricingRules: createBody({ title: Title }),
  productGraphics: createBody(graphicFields),
} satisfies Record<CatalogueWriteKey, TObject>;

export const CatalogueUpdateBody = {
  products: updateBody(productFields, keysOf(productFields)),
  productCategories: updateBody(categoryFields, keysOf(categoryFields)),
  productProperties: updateBody(propertyFields, keysOf(propertyFields)),
  productPropertyGroups: updateBody(groupFields, keysOf(groupFields)),
  productOptions: updateBody(optionFields, keysOf(optionFields)),
  /**
   * Title, deleted, versions replaced or deleted by key; `addVersion: true` adds the next version
   * (highest key + 1, dated tomorrow, no expressions). At least one of props and addVersion.
   */
  productPricingRules: closed({
    where: Where,
    props: Type.Optional(Type.Object(Object.fromEntries(keysOf(pricingRuleFields).map((k) => [k, Type.Optional(pricingRuleFields[k])])), { additionalProperties: false, minProperties: 1 })),
    addVersion: Type.Optional(Type.Literal(true)),
  }),
  productGraphics: updateBody(graphicFields, keysOf(graphicFields)),
} satisfies Record<CatalogueWriteKey, TObject>;

export const CatalogueDestroyBody = {
  products: destroyBody(),
  productCategories: destroyBody(),
  productProperties: destroyBody(),
  productPropertyGroups: destroyBody(),
  productOptions: destroyBody(),
  productPricingRules: destroyBody(),
  productGraphics: destroyBody(),
} satisfies Record<CatalogueWriteKey, TObject>;

/** The catalogue rows the admin area duplicates: products and properties (a property with its options). */
export const CATALOGUE_DUPLICATE_KEYS = ['products', 'productProperties'] as const;
export type CatalogueDuplicateKey = (typeof CATALOGUE_DUPLICATE_KEYS)[number];
/** POST /api/resources/{products|productProperties}/duplicate: the copy is answered. */
export const CatalogueDuplicateBody = closed({ where: Where });
export type CatalogueDuplicateBody = Static<typeof CatalogueDuplicateBody>;
/** The suffix of a duplicate's title. */
export const DUPLICATE_TITLE_SUFFIX = ' (copy)';

export type CatalogueDestroyBody = Static<(typeof CatalogueDestroyBody)[CatalogueWriteKey]>;
export type PricingRuleUpdateBody = Static<(typeof CatalogueUpdateBody)['productPricingRules']>;

/** The row each catalogue resource of the admin area stores: what its writes answer (as stored, for owners). */
export const CATALOGUE_ROW_SCHEMAS = {
  products: Product,
  productCategories: ProductCategory,
  productProperties: ProductProperty,
  productPropertyGroups: ProductPropertyGroupSchema,
  productOptions: ProductOption,
  productPricingRules: ProductPricingRuleSchema,
  productGraphics: ProductGraphicSchema,
} as const satisfies Record<CatalogueWriteKey, TSchema>;

/** POST /api/resources/{resourceKey}/create | update: the row as stored after the write, of the resource the path names. */
export const CatalogueRowResponse = Type.Union(CATALOGUE_WRITE_KEYS.map((k) => CATALOGUE_ROW_SCHEMAS[k]));
export type CatalogueRowResponse = Static<typeof CatalogueRowResponse>;

/**
 * POST /api/resources/{resourceKey}/destroy: the row as stored after it was archived (products,
 * categories, properties, options, graphics) or marked deleted (pricing rules); a property group is
 * deleted, and only its id is answered.
 */
export const CatalogueDestroyResponse = Type.Union([CatalogueRowResponse, closed({ id: Id })]);
export type CatalogueDestroyResponse = Static<typeof CatalogueDestroyResponse>;

/** POST /api/resources/{products|productProperties}/duplicate: the copy as stored. */
export const CatalogueDuplicateResponse = Type.Union(CATALOGUE_DUPLICATE_KEYS.map((k) => CATALOGUE_ROW_SCHEMAS[k]));
export type CatalogueDuplicateResponse = Static<typeof CatalogueDuplicateResponse>;

/** The default titles of new rows. */
export const NEW_ROW_TITLES: Record<CatalogueWriteKey, string> = {
  products: 'Untitled Product',
  productCategories: 'Untitled Category',
  productProperties: 'Untitled Product Property',
  productPropertyGroups: 'Untitled Property Group',
  productOptions: 'Untitled Option',
  productPricingRules: 'Untitled Pricing Rule',
  productGraphics: 'Untitled Graphic',
};
