/**
 * Write bodies of the architectural canvas: POST /api/spatial/{resourceKey}/{create|update|destroy}
 * and /api/spatial/entities/batch-update. Writable fields are exactly the drawing's own fields; the
 * organisation and order of a row are set on create and never changed.
 */
import { Type, type Static, type TObject, type TProperties } from '@sinclair/typebox';
import { Flag, Id, IntColumn, Nullable } from './common.ts';
import { ArchCustomViewSchema, ArchElevationSchema, ArchWallSchema, ENTITY_TYPES, EntitySchema, ProductCanvasLineSchema, ProductCanvasTextSchema } from './entities.ts';

export const SPATIAL_RESOURCE_KEYS = ['archWalls', 'archElevations', 'archCustomViews', 'entities', 'productCanvasTexts', 'productCanvasLines'] as const;
export type SpatialResourceKey = (typeof SPATIAL_RESOURCE_KEYS)[number];

/** What the server fills in when a create leaves a field out (the spec's defaults). */
export const SPATIAL_SERVER_DEFAULTS = {
  wall: { height: 96, thickness: 4 },
  elevation: { height: 96, thickness: 4, viewDepth: 50 },
  viewTitle: 'Untitled Viewport',
  text: { text: 'Text', width: 100 },
  line: { from: { x: 0, y: 0 }, to: { x: 50, y: 50 }, strokeWidth: 1 },
} as const;

/** The keys a custom view's notes popup has. */
export const DRAWING_NOTES_KEYS = ['general', 'productSpec', 'calicoMuralArea', 'calicoMuralTexture', 'calicoMuralPanel', 'calicoMuralSeam', 'criticalAlignmentPanel', 'mismatch'] as const;

/** Coordinates and lengths of a drawing: finite and within a building's reach in any unit. */
const Coord = Type.Number({ minimum: -10_000_000, maximum: 10_000_000 });
const Length = Type.Number({ minimum: 0, maximum: 10_000_000 });
const PositiveLength = Type.Number({ exclusiveMinimum: 0, maximum: 10_000_000 });
const strict = <T extends TProperties>(p: T) => Type.Object(p, { additionalProperties: false });
const PlanXZ = strict({ x: Coord, z: Coord });
const XY = strict({ x: Coord, y: Coord });
const Symbol = Type.String({ minLength: 1, maxLength: 32 });

export const DrawingNotesData = Type.Partial(strict(Object.fromEntries(DRAWING_NOTES_KEYS.map((k) => [k, Type.String({ maxLength: 10_000 })])) as Record<(typeof DRAWING_NOTES_KEYS)[number], ReturnType<typeof Type.String>>));

/**
 * Entity data: the known keys are typed; other keys an entity keeps (pattern, style, panel notes...)
 * are allowed but bounded in number by maxProperties. Sizes are never zero or negative.
 */
const EntityDataWrite = Type.Object(
  {
    position: Type.Optional(Type.Union([XY, strict({ x: Coord, y: Coord, z: Coord })])),
    size: Type.Optional(Type.Union([strict({ width: PositiveLength, height: PositiveLength }), PositiveLength])),
    originalSize: Type.Optional(strict({ width: PositiveLength, height: PositiveLength })),
    from: Type.Optional(Type.Union([XY, PlanXZ])),
    to: Type.Optional(Type.Union([XY, PlanXZ])),
    thickness: Type.Optional(PositiveLength),
    bleedLeft: Type.Optional(Length),
    bleedRight: Type.Optional(Length),
    bleedTop: Type.Optional(Length),
    bleedBottom: Type.Optional(Length),
    alignment: Type.Optional(Type.Union([Type.Literal('left'), Type.Literal('center'), Type.Literal('right')])),
    alignmentMode: Type.Optional(Type.Union([Type.Literal('standard'), Type.Literal('custom')])),
    customAlignmentOffset: Type.Optional(Coord),
    archCustomViewId: Type.Optional(Nullable(Id)),
    muralProductOptionId: Type.Optional(Nullable(Id)),
    customViewPosition: Type.Optional(XY),
    customViewSize: Type.Optional(strict({ width: PositiveLength, height: PositiveLength })),
    panelNumber: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
    title: Type.Optional(Type.String({ maxLength: 255 })),
    labelPlanPosition: Type.Optional(PlanXZ),
    viewStartPlanPosition: Type.Optional(PlanXZ),
    indicateViewStartOnPlan: Type.Optional(Type.Boolean()),
    isReturn: Type.Optional(Type.Boolean()),
    isDisabled: Type.Optional(Type.Boolean()),
    isCriticalAlignmentPanel: Type.Optional(Type.Boolean()),
    flipX: Type.Optional(Type.Boolean()),
    flipY: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: true, maxProperties: 60 },
);

const wallFields = { from: PlanXZ, to: PlanXZ, height: Length, thickness: Length };
const WRITABLE = {
  archWalls: wallFields,
  archElevations: { ...wallFields, viewDepth: Nullable(Length) },
  archCustomViews: { title: Type.String({ minLength: 1, maxLength: 255 }), rank: IntColumn, drawingNotesData: Nullable(DrawingNotesData) },
  entities: {
    type: Type.Union(ENTITY_TYPES.map((t) => Type.Literal(t))),
    parentId: Nullable(Id),
    parentResourceKey: Nullable(Type.Literal('entities')),
    data: EntityDataWrite,
    properties: Type.Record(Type.String({ maxLength: 64 }), Type.Unknown(), { maxProperties: 200 }),
    isTentative: Flag,
  },
  productCanvasTexts: { text: Type.String({ maxLength: 10_000 }), position: XY, width: PositiveLength, customViewId: Nullable(Id) },
  productCanvasLines: { from: XY, to: XY, strokeWidth: PositiveLength, fromSymbol: Nullable(Symbol), toSymbol: Nullable(Symbol), customViewId: Nullable(Id), isTentative: Flag },
} satisfies Record<SpatialResourceKey, TProperties>;

/** Fields a create must name (the rest take the server's defaults). */
const REQUIRED_ON_CREATE: Record<SpatialResourceKey, readonly string[]> = {
  archWalls: ['from', 'to'],
  archElevations: ['from', 'to'],
  archCustomViews: [],
  entities: ['type', 'data'],
  productCanvasTexts: ['position'],
  productCanvasLines: [],
};

function createBody(key: SpatialResourceKey): TObject {
  const fields = WRITABLE[key] as TProperties;
  const props: TProperties = { orgId: Id, productOrderId: Id };
  for (const [k, schema] of Object.entries(fields)) props[k] = REQUIRED_ON_CREATE[key].includes(k) ? schema : Type.Optional(schema);
  return strict({ props: strict(props) });
}

function updateBody(key: SpatialResourceKey): TObject {
  const fields = WRITABLE[key] as TProperties;
  return strict({
    where: strict({ id: Id }),
    props: Type.Object(Object.fromEntries(Object.entries(fields).map(([k, s]) => [k, Type.Optional(s)])), { additionalProperties: false, minProperties: 1 }),
  });
}

export const SpatialCreateBody = Object.fromEntries(SPATIAL_RESOURCE_KEYS.map((k) => [k, createBody(k)])) as Record<SpatialResourceKey, TObject>;
export const SpatialUpdateBody = Object.fromEntries(SPATIAL_RESOURCE_KEYS.map((k) => [k, updateBody(k)])) as Record<SpatialResourceKey, TObject>;
export const SpatialDestroyBody = strict({ where: strict({ id: Id }) });

/** Many entities' data in one transaction (panel autogeneration): all or nothing. */
export const EntityBatchUpdateBody = strict({
  updates: Type.Array(strict({ where: strict({ id: Id }), props: strict({ data: EntityDataWrite }) }), { minItems: 1, maxItems: 1000 }),
});
export type EntityBatchUpdateBody = Static<typeof EntityBatchUpdateBody>;

/** The row each drawing resource stores and answers (as get-configurator-order-data lists them). */
export const SPATIAL_ROW_SCHEMAS = {
  archWalls: ArchWallSchema,
  archElevations: ArchElevationSchema,
  archCustomViews: ArchCustomViewSchema,
  entities: EntitySchema,
  productCanvasTexts: ProductCanvasTextSchema,
  productCanvasLines: ProductCanvasLineSchema,
} as const satisfies Record<SpatialResourceKey, TObject>;

/** POST /api/spatial/{resourceKey}/create | update: the row as stored, of the resource the path names. */
export const SpatialRowResponse = Type.Union(SPATIAL_RESOURCE_KEYS.map((k) => SPATIAL_ROW_SCHEMAS[k]));
export type SpatialRowResponse = Static<typeof SpatialRowResponse>;

/** POST /api/spatial/{resourceKey}/destroy: the row deleted (a view takes its entities, texts and lines with it). */
export const SpatialDestroyResponse = strict({ id: Id });
export type SpatialDestroyResponse = Static<typeof SpatialDestroyResponse>;

/** POST /api/spatial/entities/batch-update: the entities as stored after the update. */
export const EntityBatchUpdateResponse = Type.Array(EntitySchema);
export type EntityBatchUpdateResponse = Static<typeof EntityBatchUpdateResponse>;
