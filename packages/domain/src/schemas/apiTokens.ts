import { Type, type Static } from '@sinclair/typebox';
import { Id, Nullable } from './common.ts';

/**
 * API tokens for machine clients (an integrator's script, an ERP): an owner of the organisation
 * creates, names, scopes and revokes them in admin. A token acts as the owner who created it, limited
 * to its scopes; it is shown once and stored only as a hash.
 */
export const API_TOKEN_SCOPES = ['orders:read', 'orders:write', 'catalogue'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** What each scope lets a token do, in the owner's words (the admin screen shows them). */
export const API_TOKEN_SCOPE_LABELS: Record<ApiTokenScope, { title: string; description: string }> = {
  'orders:read': { title: 'Read orders', description: 'List and export orders, and read an order with its items and status history.' },
  'orders:write': { title: 'Write orders', description: 'Create and change orders and their items, and move them through their status.' },
  catalogue: { title: 'Catalogue', description: 'Read and change products, options, media and pricing rules.' },
};

/** Every token starts with this, so that a leaked one is easy to recognise (and to search for in code). */
export const API_TOKEN_PREFIX = 'cpq_';

const DbDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$' });
const Scope = Type.Union(API_TOKEN_SCOPES.map((s) => Type.Literal(s)));

/** A token as the admin list shows it (never the token itself). */
export const ApiTokenSummary = Type.Object(
  {
    id: Id,
    orgId: Id,
    name: Type.String(),
    scopes: Type.Array(Scope),
    /** The token's first characters, to tell tokens apart (e.g. "cpq_3fA9"). */
    hint: Type.String(),
    createdBy: Type.Object({ id: Id, name: Type.String() }, { additionalProperties: false }),
    created: DbDate,
    lastUsed: Nullable(DbDate),
    revoked: Nullable(DbDate),
    revokedBy: Nullable(Type.Object({ id: Id, name: Type.String() }, { additionalProperties: false })),
  },
  { additionalProperties: false },
);
export type ApiTokenSummary = Static<typeof ApiTokenSummary>;

export const ApiTokenName = Type.String({ minLength: 1, maxLength: 100, pattern: '\\S', title: 'Name' });

/** POST /api/orgs/api-tokens/get. */
export const ApiTokensGetBody = Type.Object({ orgId: Id }, { additionalProperties: false });
export type ApiTokensGetBody = Static<typeof ApiTokensGetBody>;
export const ApiTokensResponse = Type.Object({ apiTokens: Type.Array(ApiTokenSummary) }, { additionalProperties: false });
export type ApiTokensResponse = Static<typeof ApiTokensResponse>;

/** POST /api/orgs/api-tokens/create. */
export const ApiTokenCreateBody = Type.Object(
  { orgId: Id, name: ApiTokenName, scopes: Type.Array(Scope, { minItems: 1, maxItems: API_TOKEN_SCOPES.length, uniqueItems: true, title: 'Scopes' }) },
  { additionalProperties: false },
);
export type ApiTokenCreateBody = Static<typeof ApiTokenCreateBody>;
/** The new token, shown this once. */
export const ApiTokenCreated = Type.Object({ apiToken: ApiTokenSummary, token: Type.String() }, { additionalProperties: false });
export type ApiTokenCreated = Static<typeof ApiTokenCreated>;

/** POST /api/orgs/api-tokens/revoke. */
export const ApiTokenRevokeBody = Type.Object({ orgId: Id, id: Id }, { additionalProperties: false });
export type ApiTokenRevokeBody = Static<typeof ApiTokenRevokeBody>;
export const ApiTokenRevoked = Type.Object({ apiToken: ApiTokenSummary }, { additionalProperties: false });
export type ApiTokenRevoked = Static<typeof ApiTokenRevoked>;

/** One call made with a token (the audit trail an owner reads). */
export const ApiTokenCall = Type.Object(
  { at: DbDate, method: Type.String(), path: Type.String(), status: Type.Integer(), ip: Type.String() },
  { additionalProperties: false },
);
export type ApiTokenCall = Static<typeof ApiTokenCall>;

/** POST /api/orgs/api-tokens/calls: a token's latest calls, newest first. */
export const ApiTokenCallsBody = Type.Object({ orgId: Id, id: Id }, { additionalProperties: false });
export type ApiTokenCallsBody = Static<typeof ApiTokenCallsBody>;
export const ApiTokenCallsResponse = Type.Object({ calls: Type.Array(ApiTokenCall) }, { additionalProperties: false });
export type ApiTokenCallsResponse = Static<typeof ApiTokenCallsResponse>;
