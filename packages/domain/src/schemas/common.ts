import { Type, type Static, type TSchema } from '@sinclair/typebox';

export const Id = Type.Integer({ minimum: 1 });
/** Organisation-scoped ids; -1 is used by the spec for "unassigned" / "custom product". */
export const RefId = Type.Integer({ minimum: -1 });
export const Flag = Type.Union([Type.Literal(0), Type.Literal(1)]);
export const Cents = Type.Integer();
export const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

/** Error body of every failed API call (ARCHITECTURE §7). */
export const ApiError = Type.Object({
  error: Type.Object({
    code: Type.String(),
    message: Type.String(),
    details: Type.Optional(Type.Unknown()),
  }),
});
export type ApiError = Static<typeof ApiError>;

export type Flag = Static<typeof Flag>;
