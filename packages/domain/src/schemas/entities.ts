/**
 * JSON Schemas (TypeBox) of the entities of the three specs not covered by the other schema files
 * (orders, items, drawings and admin records), and the write bodies of the generic resource calls for
 * productInstances and productOrders. Computed fields are marked readOnly and listed in
 * PRODUCT_*_COMPUTED_FIELDS; writable shapes never accept them (additionalProperties false).
 */
import { CloneType, Type, type Static, type TSchema } from '@sinclair/typebox';
import { PricingRuleVersionSchema } from './pricing.ts';
import { Cents, Flag, Id, MAX_ID, Nullable, RefId } from './common.ts';
import { Address, Costs, InvolvedUser, ProductOrderType } from './productOrder.ts';

/** Computed by the server: `readOnly: true` in the JSON Schema, readonly in the static type. */
const ro = <T extends TSchema>(t: T) => Type.Readonly(CloneType(t, { readOnly: true }));
const Str = (maxLength: number) => Type.String({ maxLength });
const NStr = (maxLength: number) => Nullable(Str(maxLength));
/** Keys that are ids as text ("27"). */
const IdKey = Type.String({ pattern: '^[0-9]+$' });
const Timestamp = Type.String({ maxLength: 32 });
const Audit = {
  created: Type.Optional(ro(Timestamp)),
  lastUpdated: Type.Optional(ro(Timestamp)),
};

// ------------------------------------------------------------------ geometry
export const Point2 = Type.Object({ x: Type.Number(), y: Type.Number() });
export type Point2 = Static<typeof Point2>;
/** Plan points (walls, elevations) use x and z: the floor plan is the horizontal plane. */
export const PlanPoint = Type.Object({ x: Type.Number(), z: Type.Number() });
export type PlanPoint = Static<typeof PlanPoint>;
export const Size2 = Type.Object({ width: Type.Number(), height: Type.Number() });

// ------------------------------------------------------------------ productInstance
/** One engraving location (see docs/validation.md: properties['27'].engravings[index].above|below). */
export const EngravingEntrySchema = Type.Object(
  {
    text: Type.Optional(Str(500)),
    symbol: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 65 }))),
    fontFamily: Type.Optional(Str(100)),
    fontSize: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1000 })),
    color: Type.Optional(Str(50)),
    isMechanical: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type EngravingEntryJson = Static<typeof EngravingEntrySchema>;

export const PropertySelectionSchema = Type.Object(
  {
    optionId: Type.Optional(Nullable(Type.Integer())),
    value: Type.Optional(Nullable(Type.Union([Type.String({ maxLength: 10000 }), Type.Number()]))),
    text: Type.Optional(Type.Array(Str(10000), { maxItems: 500 })),
    engravings: Type.Optional(
      Type.Record(
        IdKey,
        Type.Object(
          { above: Type.Optional(EngravingEntrySchema), below: Type.Optional(EngravingEntrySchema) },
          { additionalProperties: false },
        ),
      ),
    ),
    position: Type.Optional(Type.Unknown()),
  },
  // Other per-property data (drawing positions, door settings) is kept.
  { additionalProperties: true },
);

/** productInstance.properties: keyed by property id as text. */
export const InstancePropertiesSchema = Type.Record(IdKey, PropertySelectionSchema, { additionalProperties: false });

/** An item's place in its viewport, in drawing units. */
const Coordinate = Type.Number({ minimum: -1e7, maximum: 1e7 });
export const CanvasPosition = Type.Object({ x: Coordinate, y: Coordinate }, { additionalProperties: false });

const instanceWritableFields = {
  productId: RefId,
  title: NStr(40),
  quantity: Type.Integer({ minimum: 1, maximum: 1_000_000_000 }),
  rank: Type.Integer({ minimum: 1, maximum: MAX_ID }),
  notes: NStr(10000),
  properties: InstancePropertiesSchema,
  archCustomViewId: Nullable(Id),
  /** Where the item sits in its viewport (drawing units); null: laid out in a row by rank. */
  canvasPosition: Nullable(CanvasPosition),
  customPriceInCents: Nullable(Cents),
  mediumId: Nullable(Id),
};

/** Fields the server computes or owns: never accepted from a client. */
export const PRODUCT_INSTANCE_COMPUTED_FIELDS = [
  'id',
  'unitPriceInCents',
  'totalPriceInCents',
  'pricingRuleVersion',
  'isValid',
  'validationIssues',
  'pricingFailures',
  'thumbnailUrl',
  'created',
  'lastUpdated',
  'deleted',
  'lastUpdatedBy',
] as const;
/** Set on create only (the server checks them against the order). */
export const PRODUCT_INSTANCE_CREATE_ONLY_FIELDS = ['orgId', 'productOrderId'] as const;

/**
 * A pricing expression that failed for an item (counted as 0, see docs/pricing.md): which rule,
 * version and step, and why. Employees see these as a "price rule failed" warning.
 */
export const PricingFailureSchema = Type.Object({
  ruleId: Type.Integer(),
  versionKey: Type.String({ maxLength: 64 }),
  productId: Type.Integer(),
  /** "3", or "3.2" inside group 3; '' when the whole price was out of range. */
  expressionPath: Type.String({ maxLength: 64 }),
  description: Nullable(Type.String()),
  reason: Type.String(),
});
export type PricingFailureJson = Static<typeof PricingFailureSchema>;

export const ProductInstanceSchema = Type.Object({
  id: ro(Id),
  orgId: Id,
  productOrderId: Id,
  ...instanceWritableFields,
  title: Type.Optional(NStr(40)),
  notes: Type.Optional(NStr(10000)),
  rank: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ID })),
  archCustomViewId: Type.Optional(Nullable(Id)),
  canvasPosition: Type.Optional(Nullable(CanvasPosition)),
  customPriceInCents: Type.Optional(Nullable(Cents)),
  mediumId: Type.Optional(Nullable(Id)),
  thumbnailUrl: Type.Optional(ro(NStr(1000))),
  unitPriceInCents: Type.Optional(ro(Cents)),
  totalPriceInCents: Type.Optional(ro(Cents)),
  pricingRuleVersion: Type.Optional(ro(NStr(64))),
  isValid: Type.Optional(ro(Flag)),
  validationIssues: Type.Optional(ro(Type.Unknown())),
  /** The failed expressions of the item's last pricing (null when none); employees only. */
  pricingFailures: Type.Optional(ro(Nullable(Type.Array(PricingFailureSchema, { maxItems: 10 })))),
  ...Audit,
});
export type ProductInstanceJson = Static<typeof ProductInstanceSchema>;

/** What a client may change on an instance (update props). */
export const ProductInstanceWritable = Type.Partial(Type.Object(instanceWritableFields), { additionalProperties: false, minProperties: 1 });
export type ProductInstanceWritable = Static<typeof ProductInstanceWritable>;

/** Create props: the writable fields plus the order; orgId optional (taken from the order). */
export const ProductInstanceCreateProps = Type.Object(
  {
    orgId: Type.Optional(Id),
    productOrderId: Id,
    productId: RefId,
    title: Type.Optional(NStr(40)),
    quantity: Type.Optional(instanceWritableFields.quantity),
    rank: Type.Optional(instanceWritableFields.rank),
    notes: Type.Optional(NStr(10000)),
    properties: Type.Optional(InstancePropertiesSchema),
    archCustomViewId: Type.Optional(Nullable(Id)),
    canvasPosition: Type.Optional(Nullable(CanvasPosition)),
    customPriceInCents: Type.Optional(Nullable(Cents)),
    mediumId: Type.Optional(Nullable(Id)),
  },
  { additionalProperties: false },
);
export type ProductInstanceCreateProps = Static<typeof ProductInstanceCreateProps>;

// ------------------------------------------------------------------ productOrder
export type AddressJson = Static<typeof Address>;
export type InvolvedUserJson = Static<typeof InvolvedUser>;
/** involvedUsers: per user id (as text) the role and whether pricing is hidden. */
export const InvolvedUsers = Type.Record(IdKey, InvolvedUser, { additionalProperties: false });
export type InvolvedUsers = Static<typeof InvolvedUsers>;

export const AmountOrRate = Type.Union([Type.Literal('amount'), Type.Literal('rate')]);
const Percent = Type.Number({ minimum: 0, maximum: 100 });
export const CommandData = Type.Object(
  { number: Type.Optional(Nullable(Str(128))), date: Type.Optional(Nullable(Str(32))), totalInCents: Type.Optional(Nullable(Cents)) },
  { additionalProperties: false },
);
export const ClientEmails = Type.Union([Str(2000), Type.Array(Str(254), { maxItems: 50 })]);
const DateText = Type.String({ maxLength: 32, pattern: '^\\d{4}-\\d{2}-\\d{2}([ T]\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?Z?)?$' });

const orderWritableFields = {
  title: Type.String({ minLength: 1, maxLength: 255 }),
  type: ProductOrderType,
  productId: Nullable(RefId),
  productCategoryId: Nullable(RefId),
  userId: Id,
  archived: Flag,
  isStocked: Flag,
  disableSalesTax: Flag,
  promptedForProjectInfo: Flag,
  effectivePricingDate: Nullable(DateText),
  shippingMode: Nullable(AmountOrRate),
  shippingPercentage: Nullable(Percent),
  shippingFlatAmount: Nullable(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })),
  discountMode: Nullable(AmountOrRate),
  discountPercentage: Nullable(Percent),
  discountFlatAmount: Nullable(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })),
  taxPercentage: Nullable(Percent),
  tariffPercentage: Nullable(Percent),
  primaryNote: NStr(20000),
  secondaryNote: NStr(20000),
  commandData: Nullable(CommandData),
  phone: NStr(64),
  email: NStr(254),
  clientEmails: Nullable(ClientEmails),
  deliveryAddress: Nullable(Address),
  billingAddress: Nullable(Address),
  contactName: NStr(255),
  projectName: NStr(255),
  firmName: NStr(255),
  purchaseOrderNumber: NStr(128),
  estimateNumber: NStr(128),
  externalLink1: NStr(1000),
  trackingNumber: NStr(255),
  estimatedShippingDate: NStr(32),
  involvedUsers: InvolvedUsers,
};

/** Fields the server computes or owns (status calls, payments, pricing): never accepted from a client. */
export const PRODUCT_ORDER_COMPUTED_FIELDS = [
  'id',
  'orgSpecificId',
  'costs',
  'statusData',
  'lastCompletedStatusKey',
  'amountPaidInCents',
  'lastPaymentDate',
  'isProcessingPayment',
  'integrationData',
  'feedbackNotes',
  'shareableLink',
  'created',
  'lastUpdated',
  'deleted',
  'lastUpdatedBy',
  'revision',
  'quoteRevision',
  'acceptedRevision',
  // list-only fields
  'productTitle',
  'productCategoryTitle',
  'ownerFirstName',
  'ownerLastName',
  'productInstancesCount',
  'screwType',
  'engravingTypes',
  'plateFinishes',
  'mechanismFinishes',
] as const;
export const PRODUCT_ORDER_CREATE_ONLY_FIELDS = ['orgId'] as const;
/**
 * The order fields a guest (any role but owner/member, guest mode included) may change: an
 * allow-list, so a field added later is employee-only until someone decides otherwise. Everything
 * that moves the price (tax, stocked, category, product, type, the advanced pricing fields), the
 * owner and the employee notes is left out.
 */
export const PRODUCT_ORDER_GUEST_WRITABLE_FIELDS = [
  'title',
  'archived',
  'promptedForProjectInfo',
  'phone',
  'email',
  'clientEmails',
  'deliveryAddress',
  'billingAddress',
  'contactName',
  'projectName',
  'firmName',
  'purchaseOrderNumber',
  'estimateNumber',
  'externalLink1',
] as const satisfies readonly (keyof typeof orderWritableFields)[];

/** The item fields a guest may send: no custom price (custom products are for employees). */
export const PRODUCT_INSTANCE_GUEST_WRITABLE_FIELDS = [
  'productOrderId',
  'orgId',
  'productId',
  'title',
  'quantity',
  'rank',
  'notes',
  'properties',
  'archCustomViewId',
  'mediumId',
] as const;

/**
 * Fields that carry prices, costs or payments. When pricing is hidden for a caller none of them
 * leaves the server (nor pricing rules, option prices or explanations).
 */
export const PRODUCT_ORDER_PRICE_FIELDS = [
  'costs',
  'amountPaidInCents',
  'lastPaymentDate',
  'shippingMode',
  'shippingPercentage',
  'shippingFlatAmount',
  'discountMode',
  'discountPercentage',
  'discountFlatAmount',
  'taxPercentage',
  'tariffPercentage',
  'commandData',
  'integrationData',
] as const;
export const PRODUCT_INSTANCE_PRICE_FIELDS = ['unitPriceInCents', 'totalPriceInCents', 'customPriceInCents', 'pricingRuleVersion'] as const;
/** Item fields for employees only (they name pricing rules and their steps). */
export const PRODUCT_INSTANCE_EMPLOYEE_FIELDS = ['pricingFailures'] as const;
/** Product fields that point at prices. */
export const PRODUCT_PRICE_FIELDS = ['productPricingRuleId', 'exportPriceData'] as const;

/** What a client may change on an order (update props). */
export const ProductOrderWritable = Type.Partial(Type.Object(orderWritableFields), { additionalProperties: false, minProperties: 1 });
export type ProductOrderWritable = Static<typeof ProductOrderWritable>;

export const ProductOrderCreateProps = Type.Composite(
  [Type.Object({ orgId: Id }), Type.Partial(Type.Object(orderWritableFields))],
  { additionalProperties: false },
);
export type ProductOrderCreateProps = Static<typeof ProductOrderCreateProps>;

/** The full order as read, computed fields readOnly. */
export const ProductOrderDetail = Type.Object({
  id: ro(Id),
  orgSpecificId: ro(Id),
  orgId: Id,
  // Partial keeps each field's static type (a mapped Object.fromEntries would lose them).
  ...Type.Partial(Type.Object(orderWritableFields)).properties,
  title: Type.String({ maxLength: 255 }),
  costs: ro(Costs),
  statusData: ro(Type.Record(Type.String(), Type.Record(Type.String(), Type.Unknown()))),
  lastCompletedStatusKey: Type.Optional(ro(Nullable(Type.String()))),
  amountPaidInCents: ro(Cents),
  lastPaymentDate: Type.Optional(ro(Nullable(Type.String()))),
  isProcessingPayment: ro(Flag),
  /** Bumped by every write to the order or anything in it. */
  revision: Type.Optional(ro(Type.Integer({ minimum: 0 }))),
  /** The number of the order's latest quote revision (0: never submitted). */
  quoteRevision: Type.Optional(ro(Type.Integer({ minimum: 0 }))),
  /** The revision whose quote the customer accepted online, if any (the quote is accepted while it is quoteRevision). */
  acceptedRevision: Type.Optional(ro(Nullable(Type.Integer({ minimum: 1 })))),
  integrationData: Type.Optional(ro(Type.Unknown())),
  feedbackNotes: Type.Optional(ro(Nullable(Type.String()))),
  shareableLink: Type.Optional(ro(Nullable(Type.String()))),
  productTitle: Type.Optional(ro(Nullable(Type.String()))),
  productCategoryTitle: Type.Optional(ro(Nullable(Type.String()))),
  ownerFirstName: Type.Optional(ro(Nullable(Type.String()))),
  ownerLastName: Type.Optional(ro(Nullable(Type.String()))),
  productInstancesCount: Type.Optional(ro(Type.Integer({ minimum: 0 }))),
  screwType: Type.Optional(ro(Type.Unknown())),
  engravingTypes: Type.Optional(ro(Type.Unknown())),
  plateFinishes: Type.Optional(ro(Type.Unknown())),
  mechanismFinishes: Type.Optional(ro(Type.Unknown())),
  ...Audit,
});

// ------------------------------------------------------------------ resource call bodies
export const ResourceWhereId = Type.Object({ id: Id, orgId: Type.Optional(Id) }, { additionalProperties: false });

export const resourceCreateBody = <T extends TSchema>(props: T) => Type.Object({ props }, { additionalProperties: false });
export const resourceUpdateBody = <T extends TSchema>(props: T) =>
  Type.Object({ where: ResourceWhereId, props }, { additionalProperties: false });
export const ResourceDestroyBody = Type.Object({ where: ResourceWhereId }, { additionalProperties: false });
export type ResourceDestroyBody = Static<typeof ResourceDestroyBody>;

export const ProductInstanceCreateBody = resourceCreateBody(ProductInstanceCreateProps);
export type ProductInstanceCreateBody = Static<typeof ProductInstanceCreateBody>;
/**
 * Item update: `where.expectedVersion` (optional) is the item's content version (instanceVersion) the
 * client last saw; when the stored item no longer has it, someone else changed the item and the
 * update is refused (409) instead of silently overwriting their change.
 */
export const ProductInstanceUpdateBody = Type.Object(
  {
    where: Type.Object({ id: Id, orgId: Type.Optional(Id), expectedVersion: Type.Optional(Type.String({ minLength: 1, maxLength: 32 })) }, { additionalProperties: false }),
    props: ProductInstanceWritable,
  },
  { additionalProperties: false },
);
export type ProductInstanceUpdateBody = Static<typeof ProductInstanceUpdateBody>;
export const ProductInstanceDestroyBody = ResourceDestroyBody;
export const ProductOrderCreateBody = resourceCreateBody(ProductOrderCreateProps);
export type ProductOrderCreateBody = Static<typeof ProductOrderCreateBody>;
export const ProductOrderUpdateBody = resourceUpdateBody(ProductOrderWritable);
export type ProductOrderUpdateBody = Static<typeof ProductOrderUpdateBody>;
export const ProductOrderDestroyBody = ResourceDestroyBody;

/** Write bodies by resource key and call, for the API's generic resource routes. */
export const RESOURCE_WRITE_BODIES = {
  productInstances: { create: ProductInstanceCreateBody, update: ProductInstanceUpdateBody, destroy: ProductInstanceDestroyBody },
  productOrders: { create: ProductOrderCreateBody, update: ProductOrderUpdateBody, destroy: ProductOrderDestroyBody },
} as const;

// ------------------------------------------------------------------ catalogue records
export const ProductRuleSchema = Type.Object({
  id: Id,
  orgId: Id,
  type: Type.Union([Type.Literal('incompatible'), Type.Literal('compatible')]),
  fromResourceKey: Type.Union([Type.Literal('productOptions'), Type.Literal('products')]),
  fromIds: Type.Array(Type.Integer()),
  toResourceKey: Type.Literal('productOptions'),
  toIds: Type.Array(Type.Integer()),
  archived: Type.Optional(Flag),
  /** The rule's name (admin-facing; employees see it in "why not available" reasons). */
  title: Type.Optional(Nullable(Type.String())),
  description: Type.Optional(Nullable(Type.String())),
});
export type ProductRuleJson = Static<typeof ProductRuleSchema>;

/** Versions keyed by version number as text; each version is the pricing module's schema. */
export const ProductPricingRuleSchema = Type.Object({
  id: Id,
  orgId: Id,
  title: Type.Optional(Nullable(Type.String())),
  name: Type.Optional(Nullable(Type.String())),
  deleted: Flag,
  versions: Type.Record(IdKey, PricingRuleVersionSchema, { additionalProperties: false }),
});
export type ProductPricingRuleJson = Static<typeof ProductPricingRuleSchema>;

export const ProductOptionClassifierSchema = Type.Object({
  id: Id,
  orgId: Id,
  title: Type.String(),
  numberTitles: Type.Optional(Type.Array(Type.String())),
});
export type ProductOptionClassifierJson = Static<typeof ProductOptionClassifierSchema>;

/**
 * A classifier as stored and sent to the browser: the engine's numberTitles live in `data` with the
 * admin's groups and numbers (classifierFromRow turns it into ProductOptionClassifierSchema).
 */
export const ProductOptionClassifierRowSchema = Type.Object({
  id: Id,
  orgId: Id,
  title: Type.String(),
  rank: Type.Optional(Type.Integer()),
  archived: Type.Optional(Flag),
  data: Type.Object({ numberTitles: Type.Optional(Type.Array(Type.String())) }, { additionalProperties: true }),
  ...Audit,
});
export type ProductOptionClassifierRowJson = Static<typeof ProductOptionClassifierRowSchema>;

export const ProductPropertyGroupSchema = Type.Object({
  id: Id,
  orgId: Id,
  title: Type.String(),
  rank: Type.Integer(),
  archived: Type.Optional(Flag),
  properties: Type.Record(IdKey, Type.Record(Type.String(), Type.Unknown()), { additionalProperties: false }),
});
export type ProductPropertyGroupJson = Static<typeof ProductPropertyGroupSchema>;

export const GRAPHIC_NODE_TYPES = [
  'rect', 'circle', 'ellipse', 'text', 'image', 'path', 'group', 'mask', 'gradients', 'dropShadow', 'dimension', 'shortDimension', 'cube',
] as const;
/** A drawing node; `condition`: the node exists only while that property has that option selected. */
export const ProductGraphicNode = Type.Recursive(
  (Self) =>
    Type.Object({
      id: Type.Union([Type.String({ maxLength: 100 }), Type.Integer()]),
      type: Type.Union(GRAPHIC_NODE_TYPES.map((t) => Type.Literal(t))),
      title: Type.Optional(Type.String()),
      props: Type.Record(Type.String(), Type.Unknown()),
      condition: Type.Optional(Type.Object({ productPropertyId: Type.Integer(), productOptionId: Type.Integer() })),
      children: Type.Optional(Type.Array(Self)),
    }),
  { $id: 'ProductGraphicNode' },
);
export type ProductGraphicNode = Static<typeof ProductGraphicNode>;

export const ProductGraphicSchema = Type.Object({
  id: Id,
  orgId: Type.Optional(Id),
  /** The product the graphic draws (its drawings' base), when it is one product's. */
  productId: Type.Optional(Nullable(Id)),
  title: Type.String(),
  archived: Flag,
  nodes: Type.Array(ProductGraphicNode),
});
export type ProductGraphicJson = Static<typeof ProductGraphicSchema>;

export const MediumSchema = Type.Object({
  id: Id,
  orgId: Id,
  type: Type.Union([Type.Literal('image'), Type.Literal('thumbnail')]),
  title: Type.Optional(Nullable(Type.String())),
  fileName: Type.Optional(Nullable(Type.String())),
  fileExtension: Type.Optional(Nullable(Type.Union([Type.Literal('jpeg'), Type.Literal('jpg'), Type.Literal('png')]))),
  uploaderId: Type.Optional(Nullable(Id)),
  resourceForMedium: Type.Optional(Nullable(Type.String())),
  hasFile: Type.Optional(Type.Union([Flag, Type.Boolean()])),
  presignedUrl: Type.Optional(Nullable(Type.String())),
  /** What the stored file is, by its bytes (image/jpeg or image/png), and its size. */
  contentType: Type.Optional(Nullable(Type.String())),
  byteSize: Type.Optional(Nullable(Type.Integer({ minimum: 0 }))),
  associations: Type.Optional(
    Type.Partial(
      Type.Object({
        products: Type.Record(IdKey, Type.Unknown()),
        productProperties: Type.Record(IdKey, Type.Unknown()),
        productOptions: Type.Record(IdKey, Type.Unknown()),
      }),
    ),
  ),
});
export type MediumJson = Static<typeof MediumSchema>;

export const GuestSchema = Type.Object({
  id: Id,
  email: Type.String({ maxLength: 254 }),
  firstName: Type.Optional(Nullable(Type.String())),
  lastName: Type.Optional(Nullable(Type.String())),
  created: Type.Optional(Timestamp),
  appData: Type.Optional(
    Type.Object({
      designEngine: Type.Optional(
        Type.Object({
          discount: Type.Optional(Nullable(Type.Object({ type: Type.Union([AmountOrRate, Type.String()]), value: Type.Number() }))),
          disableSalesTax: Type.Optional(Type.Boolean()),
          integrationsData: Type.Optional(Type.Object({ monday: Type.Optional(Type.Object({ itemId: Type.Optional(Nullable(Type.Union([Type.String(), Type.Integer()]))) })) })),
        }),
      ),
    }),
  ),
  orgAccessEdgeData: Type.Optional(Type.Object({ designEngine: Type.Optional(Type.Object({ pricingIsHidden: Type.Optional(Flag) })) })),
});
export type GuestJson = Static<typeof GuestSchema>;

export const UserGroupSchema = Type.Object({
  id: Id,
  orgId: Id,
  title: Type.String(),
  userIds: Type.Array(Id, { uniqueItems: true }),
});
export type UserGroupJson = Static<typeof UserGroupSchema>;

// ------------------------------------------------------------------ spatial records
const orderScoped = { id: Id, orgId: Id, productOrderId: Id };

export const ArchWallSchema = Type.Object({
  ...orderScoped,
  from: PlanPoint,
  to: PlanPoint,
  height: Type.Number({ minimum: 0 }),
  thickness: Type.Number({ minimum: 0 }),
  ...Audit,
});
export type ArchWallJson = Static<typeof ArchWallSchema>;

export const ArchElevationSchema = Type.Object({
  ...orderScoped,
  from: PlanPoint,
  to: PlanPoint,
  height: Type.Number({ minimum: 0 }),
  thickness: Type.Number({ minimum: 0 }),
  viewDepth: Type.Optional(Nullable(Type.Number({ minimum: 0 }))),
  ...Audit,
});
export type ArchElevationJson = Static<typeof ArchElevationSchema>;

export const ArchCustomViewSchema = Type.Object({
  ...orderScoped,
  title: Type.String({ maxLength: 255 }),
  rank: Type.Integer({ minimum: 1, maximum: MAX_ID }),
  drawingNotesData: Type.Optional(Type.Unknown()),
  ...Audit,
});
export type ArchCustomViewJson = Static<typeof ArchCustomViewSchema>;

export const ENTITY_TYPES = [
  'calicoMuralArea',
  'calicoMuralSeam',
  'calicoMismatchLine',
  'calicoMuralPanel',
  'calicoMuralTexture',
  'calicoWallLabel',
  'line',
] as const;

/** Known data keys of drawing entities (position, size, rotations, bleeds, ...); other keys are kept. */
export const EntityData = Type.Object(
  {
    position: Type.Optional(Type.Union([Point2, Type.Object({ x: Type.Number(), y: Type.Number(), z: Type.Number() })])),
    size: Type.Optional(Type.Union([Size2, Type.Number()])),
    originalSize: Type.Optional(Size2),
    from: Type.Optional(Type.Unknown()),
    to: Type.Optional(Type.Unknown()),
    yRotation: Type.Optional(Type.Number()),
    xzRotation: Type.Optional(Type.Number()),
    flipX: Type.Optional(Type.Boolean()),
    flipY: Type.Optional(Type.Boolean()),
    isReturn: Type.Optional(Type.Boolean()),
    isDisabled: Type.Optional(Type.Boolean()),
    bleedLeft: Type.Optional(Type.Number()),
    bleedRight: Type.Optional(Type.Number()),
    bleedTop: Type.Optional(Type.Number()),
    bleedBottom: Type.Optional(Type.Number()),
    muralProductOptionId: Type.Optional(Nullable(Type.Integer())),
    thickness: Type.Optional(Type.Number()),
    alignment: Type.Optional(Type.String()),
    alignmentMode: Type.Optional(Type.Union([Type.Literal('standard'), Type.Literal('custom')])),
    customAlignmentOffset: Type.Optional(Type.Number()),
    archCustomViewId: Type.Optional(Nullable(Type.Integer())),
    customViewPosition: Type.Optional(Point2),
    customViewSize: Type.Optional(Size2),
    /** A wall label on the plan: where its title sits and where its view starts. */
    labelPlanPosition: Type.Optional(PlanPoint),
    viewStartPlanPosition: Type.Optional(PlanPoint),
    indicateViewStartOnPlan: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: true },
);

export const EntitySchema = Type.Object({
  ...orderScoped,
  type: Type.String({ minLength: 1, maxLength: 64 }),
  parentId: Type.Optional(Nullable(Type.Integer())),
  parentResourceKey: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
  data: EntityData,
  properties: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  isTentative: Type.Optional(Flag),
  ...Audit,
});
export type EntityJson = Static<typeof EntitySchema>;

export const ProductCanvasTextSchema = Type.Object({
  ...orderScoped,
  text: Type.String({ maxLength: 10000 }),
  position: Point2,
  width: Type.Number({ exclusiveMinimum: 0 }),
  customViewId: Type.Optional(Nullable(Type.Integer())),
  ...Audit,
});
export type ProductCanvasTextJson = Static<typeof ProductCanvasTextSchema>;

export const ProductCanvasLineSchema = Type.Object({
  ...orderScoped,
  from: Point2,
  to: Point2,
  strokeWidth: Type.Number({ exclusiveMinimum: 0 }),
  /** Arrowhead unless 'none'. */
  fromSymbol: Type.Optional(Nullable(Type.String({ maxLength: 32 }))),
  toSymbol: Type.Optional(Nullable(Type.String({ maxLength: 32 }))),
  customViewId: Type.Optional(Nullable(Type.Integer())),
  isTentative: Type.Optional(Flag),
  ...Audit,
});
export type ProductCanvasLineJson = Static<typeof ProductCanvasLineSchema>;

/** Every entity schema here, by name (the schema test compiles each). */
export const ENTITY_SCHEMAS = {
  ProductInstanceSchema,
  ProductInstanceWritable,
  ProductInstanceCreateProps,
  ProductOrderWritable,
  ProductOrderCreateProps,
  ProductOrderDetail,
  InvolvedUsers,
  ProductRuleSchema,
  ProductPricingRuleSchema,
  ProductOptionClassifierSchema,
  ProductOptionClassifierRowSchema,
  ProductPropertyGroupSchema,
  ProductGraphicSchema,
  MediumSchema,
  GuestSchema,
  UserGroupSchema,
  ArchWallSchema,
  ArchElevationSchema,
  ArchCustomViewSchema,
  EntitySchema,
  ProductCanvasTextSchema,
  ProductCanvasLineSchema,
  ProductInstanceCreateBody,
  ProductInstanceUpdateBody,
  ProductOrderCreateBody,
  ProductOrderUpdateBody,
  ResourceDestroyBody,
} as const;
