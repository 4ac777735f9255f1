import { Type, type Static } from '@sinclair/typebox';
import { Id, RefId } from './common.ts';
import { CATALOGUE_RESOURCE_KEYS } from './catalogue.ts';
import { Costs, ProductOrderType } from './productOrder.ts';

/** Request bodies of the named calls. Each is validated by ajv in the API. */

export const HomepageDataBody = Type.Object({ orgId: Id }, { additionalProperties: false });
export type HomepageDataBody = Static<typeof HomepageDataBody>;

/** productOrderProps of create-product-order (ordering §3). Computed fields are not accepted. */
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
