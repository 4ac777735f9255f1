import { Type, type Static, type TSchema } from '@sinclair/typebox';

/** Ids live in INT columns: anything larger (or Infinity, which `1e400` parses to) is refused up front. */
export const MAX_ID = 2_147_483_647;
export const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });
/** Organisation-scoped ids; -1 means "unassigned" or "custom product". */
export const RefId = Type.Integer({ minimum: -1, maximum: MAX_ID });
/** Ranks and counts stored in INT columns. */
export const IntColumn = Type.Integer({ minimum: -MAX_ID - 1, maximum: MAX_ID });
export const Flag = Type.Union([Type.Literal(0), Type.Literal(1)]);
/** Money in whole cents (BIGINT columns), bounded to what a JavaScript number holds exactly. */
export const Cents = Type.Integer({ minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER });
export const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

/** Error body of every failed API call: `{ error: { code, message, details? } }`. */
export const ApiError = Type.Object({
  error: Type.Object({
    code: Type.String(),
    message: Type.String(),
    details: Type.Optional(Type.Unknown()),
  }),
});
export type ApiError = Static<typeof ApiError>;

export type Flag = Static<typeof Flag>;

export { ApiFailure } from '../errors.ts';
