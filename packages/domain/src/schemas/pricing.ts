import { Type, type Static } from '@sinclair/typebox';

/**
 * JSON Schema (TypeBox) of a pricing rule version, for the API (ajv) and the admin JSON editor.
 * Semantics: docs/pricing.md.
 */
export const PricingOperatorSchema = Type.Union(
  [Type.Literal('+'), Type.Literal('-'), Type.Literal('*'), Type.Literal('/'), Type.Literal('%'), Type.Literal('and'), Type.Literal('or'), Type.Literal('===')],
  { description: 'How the expression value is combined with the running total.' },
);

export const PricingCheckSchema = Type.Object(
  {
    actual: Type.Object(
      {
        type: Type.Union([Type.Literal('optionId'), Type.Literal('propertyValue'), Type.Literal('quantity')]),
        productPropertyId: Type.Optional(Type.Integer()),
      },
      { additionalProperties: false },
    ),
    operator: Type.Optional(
      Type.Union([Type.Literal('==='), Type.Literal('!=='), Type.Literal('<'), Type.Literal('<='), Type.Literal('>'), Type.Literal('>='), Type.Literal('in')]),
    ),
    expected: Type.Union([Type.Number(), Type.String(), Type.Boolean(), Type.Null(), Type.Array(Type.Union([Type.Number(), Type.String()]))]),
  },
  { additionalProperties: false },
);

export const PricingConditionSchema = Type.Object(
  {
    operator: Type.Union([Type.Literal('and'), Type.Literal('or')]),
    conditions: Type.Array(PricingCheckSchema),
  },
  { additionalProperties: false },
);

export const PricingExpressionSchema = Type.Recursive(
  (Self) =>
    Type.Object(
      {
        type: Type.Union([
          Type.Literal('fixed'),
          Type.Literal('productPropertyPrice'),
          Type.Literal('productPropertyClassifierNumber'),
          Type.Literal('propertyValue'),
          Type.Literal('group'),
        ]),
        props: Type.Object(
          {
            value: Type.Optional(Type.Number()),
            productPropertyId: Type.Optional(Type.Integer()),
            productOptionClassifierGroupId: Type.Optional(Type.Integer()),
            productOptionClassifierNumberIndex: Type.Optional(Type.Integer({ minimum: 0 })),
            expressions: Type.Optional(Type.Array(Self)),
          },
          { additionalProperties: false },
        ),
        operator: PricingOperatorSchema,
        description: Type.Optional(Type.String()),
        condition: Type.Optional(PricingConditionSchema),
      },
      { additionalProperties: false },
    ),
  { $id: 'PricingExpression' },
);

export const PricingRuleVersionSchema = Type.Object(
  {
    created: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}( \\d{2}:\\d{2}(:\\d{2})?)?$', description: "'YYYY-MM-DD HH:MM:SS' UTC" }),
    expressions: Type.Array(PricingExpressionSchema),
    // Where the version stands: set by the server, never taken from what a client sends.
    draft: Type.Optional(Type.Literal(true, { description: 'A draft prices nothing until it is published.' })),
    draftedBy: Type.Optional(Type.Integer({ description: 'The user who added the draft.' })),
    draftedAt: Type.Optional(Type.String({ maxLength: 32, description: "When the draft was added, 'YYYY-MM-DD HH:MM:SS' UTC" })),
    publishedBy: Type.Optional(Type.Integer({ description: 'The user who published the version.' })),
    publishedAt: Type.Optional(Type.String({ maxLength: 32, description: "When the version was published, 'YYYY-MM-DD HH:MM:SS' UTC" })),
  },
  { $id: 'PricingRuleVersion' },
);
export type PricingRuleVersionJson = Static<typeof PricingRuleVersionSchema>;
