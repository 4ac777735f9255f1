import { Type, type Static } from '@sinclair/typebox';
import { Flag, Id, Nullable, RefId } from './common.ts';

export const PublishLevel = Type.Union([Type.Literal('admin'), Type.Literal('internal'), Type.Literal('all')]);

export const ProductCategory = Type.Object({
  id: Id,
  orgId: Id,
  title: Type.String(),
  rank: Type.Integer(),
  archived: Flag,
  thumbnailUrl: Nullable(Type.String()),
});
export type ProductCategory = Static<typeof ProductCategory>;

export const ReferenceCodes = Type.Object({
  catalog: Type.Optional(Type.String()),
  factory: Type.Optional(Type.String()),
  machining: Type.Optional(Type.String()),
});

export const Product = Type.Object({
  id: Id,
  orgId: Id,
  title: Type.String(),
  rank: Type.Integer(),
  archived: Flag,
  description: Nullable(Type.String()),
  links: Nullable(Type.String()),
  thumbnailUrl: Nullable(Type.String()),
  publishLevel: PublishLevel,
  isStocked: Flag,
  currentInventory: Nullable(Type.Integer()),
  referenceCodes: ReferenceCodes,
  associations: Type.Object({
    productProperties: Type.Optional(
      Type.Record(Type.String(), Type.Object({ disabledProductOptionIds: Type.Optional(Type.Array(Type.Integer())) })),
    ),
  }),
  productCategoryId: RefId,
  productPricingRuleId: Nullable(Type.Integer()),
  instanceTitleIsRequired: Flag,
  shouldRoundPrice: Flag,
  hasScript: Flag,
  mediumId: Nullable(Type.Integer()),
});
export type Product = Static<typeof Product>;

/** The settings a new product starts with (admin creation, demo data and test builders alike). */
export const NEW_PRODUCT_DEFAULTS = {
  archived: 0,
  description: null,
  links: null,
  thumbnailUrl: null,
  publishLevel: 'all',
  isStocked: 0,
  currentInventory: null,
  referenceCodes: {},
  productPricingRuleId: null,
  instanceTitleIsRequired: 0,
  shouldRoundPrice: 0,
  hasScript: 0,
  mediumId: null,
} as const satisfies Partial<Product>;

export const PropertyType = Type.Union([
  Type.Literal('singleSelect'),
  Type.Literal('text'),
  Type.Literal('number'),
  Type.Literal('checkbox'),
  Type.Literal('dimensions'),
  Type.Literal('select'),
]);
export type PropertyType = Static<typeof PropertyType>;

/** Property types whose value is one of the property's options; the others hold a typed value. */
export const SELECT_PROPERTY_TYPES = ['singleSelect', 'select'] as const satisfies readonly PropertyType[];

export function isSelectType(type: string): type is (typeof SELECT_PROPERTY_TYPES)[number] {
  return type === 'singleSelect' || type === 'select';
}

/** productId of a custom product: it has no catalogue record and is priced by the item's customPriceInCents. */
export const CUSTOM_PRODUCT_ID = -1;

export function isCustomProduct(productId: number): boolean {
  return productId === CUSTOM_PRODUCT_ID;
}

/** Whether a property's choice is drawn on product drawings. */
export const DrawingVisibility = Type.Union([Type.Literal('visible'), Type.Literal('none')]);
/** How a property's choice shows on an invoice: not at all, inline under the item, or as a column. */
export const InvoiceVisibility = Type.Union([Type.Literal('none'), Type.Literal('inline'), Type.Literal('column')]);
/** The type of a data field every option of a property carries. */
export const OptionDataFieldType = Type.Union([Type.Literal('text'), Type.Literal('number'), Type.Literal('boolean')]);

export const ProductProperty = Type.Object({
  id: Id,
  orgId: Id,
  title: Type.String(),
  internalTitle: Nullable(Type.String()),
  rank: Type.Integer(),
  archived: Flag,
  type: PropertyType,
  isArray: Flag,
  noOptionThumbnails: Flag,
  isOrderLevel: Flag,
  drawingVisibility: DrawingVisibility,
  invoiceVisibility: InvoiceVisibility,
  showThumbnailsOnInvoice: Flag,
  productOptionDataFields: Type.Array(Type.Object({ key: Type.String(), title: Type.String(), type: OptionDataFieldType })),
  data: Type.Record(Type.String(), Type.Unknown()),
  productPropertyGroupId: Nullable(Type.Integer()),
  thumbnailUrl: Nullable(Type.String()),
});
export type ProductProperty = Static<typeof ProductProperty>;

/** The settings a new property starts with (admin creation, demo data and test builders alike). */
export const NEW_PRODUCT_PROPERTY_DEFAULTS = {
  internalTitle: null,
  archived: 0,
  isArray: 0,
  noOptionThumbnails: 1,
  isOrderLevel: 0,
  drawingVisibility: 'visible',
  invoiceVisibility: 'inline',
  showThumbnailsOnInvoice: 0,
  productOptionDataFields: [],
  data: {},
  productPropertyGroupId: null,
  thumbnailUrl: null,
} as const satisfies Partial<ProductProperty>;

export const ProductOption = Type.Object({
  id: Id,
  orgId: Id,
  title: Type.String(),
  productPropertyId: Id,
  rank: Type.Integer(),
  archived: Flag,
  publishLevel: PublishLevel,
  data: Type.Unknown(),
  classifications: Type.Unknown(),
  referenceCodes: Type.Unknown(),
  thumbnailUrl: Nullable(Type.String()),
});
export type ProductOption = Static<typeof ProductOption>;

/** Catalogue resources readable through POST /api/resources/{resourceKey}/get. */
export const CATALOGUE_RESOURCE_KEYS = [
  'products',
  'productCategories',
  'productProperties',
  'productPropertyGroups',
  'productOptions',
  'productPricingRules',
  'productOptionClassifiers',
  'productRules',
  'productGraphics',
  'media',
] as const;
export type CatalogueResourceKey = (typeof CATALOGUE_RESOURCE_KEYS)[number];
