import { createHash } from 'node:crypto';
import { Kind, type TSchema } from '@sinclair/typebox';
import * as domain from '@cpq/domain';
import { API_TOKEN_SCOPES, API_TOKEN_SCOPE_LABELS, ApiError, ENGINE_VERSION } from '@cpq/domain';
import { POLICY, tokenScopeOf, type Endpoint } from '../../policy.ts';
import { SESSION_COOKIE } from '../../sessionCookie.ts';
import { CONTRACT, TAGS, pathParams, type RouteContract } from './contract.ts';

type Json = Record<string, unknown>;

/** The contract's route key ('POST /api/resources/:resourceKey/get') as an OpenAPI path and method. */
export function openApiPathOf(routeKey: string): { method: string; path: string } {
  const space = routeKey.indexOf(' ');
  return { method: routeKey.slice(0, space).toLowerCase(), path: routeKey.slice(space + 1).replace(/:([A-Za-z0-9_]+)/g, '{$1}') };
}

/** 'POST /api/configurator/get-tax-rate' → 'postConfiguratorGetTaxRate'. */
function operationIdOf(routeKey: string): string {
  const { method, path } = openApiPathOf(routeKey);
  const words = path
    .replace(/^\/api\//, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return method + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

// ------------------------------------------------------------------------------- errors

const errorContent = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };
const retryAfter = { 'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer', minimum: 0 } } };

/** The error answers, one per status; every one is `{ error: { code, message, details? } }`. */
const ERROR_RESPONSES = {
  400: { name: 'BadRequest', description: 'The body, query or path is invalid (`invalidBody`, `invalidQuery`, with `details` naming each field), or the request is refused as it stands.' },
  401: { name: 'Unauthenticated', description: 'Not signed in (`unauthenticated`), or the API token is not valid (`invalidToken`).' },
  402: { name: 'PaymentFailed', description: 'The payment provider refused the payment (`paymentFailed`).' },
  403: {
    name: 'Forbidden',
    description: 'The caller’s role or the token’s scopes do not allow this (`forbidden`, `tokenNotAllowed`), or a write came from another site (`crossSiteRequest`).',
  },
  404: { name: 'NotFound', description: 'Not found, or not the caller’s to reach: both answer alike.' },
  409: { name: 'Conflict', description: 'Refused by the state of what it names (an order’s status or lock, a change made meanwhile); nothing was written.' },
  413: { name: 'PayloadTooLarge', description: 'The body is too large (`fileTooLarge`).' },
  415: { name: 'UnsupportedMediaType', description: 'The body is sent as a type this call does not take.' },
  429: { name: 'TooManyRequests', description: 'Too many attempts (sign-in, share or invitation tokens, an API token’s calls): try again after Retry-After.', headers: retryAfter },
  500: { name: 'InternalError', description: 'Something went wrong on the server (`internal`).' },
  503: { name: 'ServiceUnavailable', description: 'Not available now (the database does not answer, a service is busy or not configured): try again after Retry-After when it is sent.', headers: retryAfter },
  504: { name: 'GatewayTimeout', description: 'A service the call waited for took too long.' },
} as const;
type ErrorStatus = keyof typeof ERROR_RESPONSES;

/** The error statuses a route can answer: those of its kind, and those its entry names. */
function errorStatuses(method: string, c: RouteContract): ErrorStatus[] {
  const s = new Set<ErrorStatus>([500]);
  const post = method === 'post';
  // Every POST body is parsed (invalid JSON is 400); queries and some paths are validated too.
  if (post || c.query || c.params) s.add(400);
  // A write from another site is refused; a session route checks roles and token scopes.
  if (post || c.auth === 'session') s.add(403);
  if (c.auth === 'session') {
    s.add(401);
    s.add(404);
  }
  if (c.auth === 'shareToken') {
    s.add(404);
    s.add(429);
  }
  // API tokens are rate limited.
  if (bearerScopes(c)) s.add(429);
  if (!c.noDatabase) s.add(503);
  for (const extra of c.errors ?? []) s.add(extra);
  return [...s].sort((a, b) => a - b);
}

// ------------------------------------------------------------------------------- security

const policiesOf = (c: RouteContract): readonly Endpoint[] => (c.policy === undefined ? [] : typeof c.policy === 'string' ? [c.policy] : c.policy);

/**
 * The scopes an API token needs for a route, or null when tokens may not call it: the token scope
 * (POLICY) of the endpoint the route authorises with (the first listed), with those of its others.
 */
function bearerScopes(c: RouteContract): string[] | null {
  const [first, ...rest] = policiesOf(c);
  if (c.auth !== 'session' || !first || !tokenScopeOf(first)) return null;
  return [...new Set([first, ...rest].map(tokenScopeOf).filter((s): s is NonNullable<typeof s> => !!s))];
}

function securityOf(c: RouteContract): Json[] {
  if (c.auth !== 'session') return [];
  const scopes = bearerScopes(c);
  return scopes ? [{ cookieAuth: [] }, { bearerAuth: scopes }] : [{ cookieAuth: [] }];
}

/** Who may call, in words: the roles of the route's policy entries and how it authenticates. */
function accessNote(c: RouteContract): string {
  const roles = policiesOf(c).map((e) => `\`${e}\`: ${'anonymous' in POLICY[e] ? 'anyone' : (POLICY[e].roles as readonly string[]).join(', ')}`);
  const who =
    c.auth === 'public'
      ? 'No session needed.'
      : c.auth === 'shareToken'
        ? 'No session needed: the share or invitation token in the body is the key (a token that does not open is 404).'
        : bearerScopes(c)
          ? `Signed in, or an API token with scope ${bearerScopes(c)!.map((s) => `\`${s}\``).join(' and ')}.`
          : 'Signed in (API tokens may not call it).';
  return [who, roles.length ? `Policy ${roles.join('; ')}.` : ''].filter(Boolean).join(' ');
}

// ------------------------------------------------------------------------------- schemas

/** The export name of each schema of @cpq/domain: a body or answer that has one is hoisted under it. */
function domainSchemaNames(): Map<object, string> {
  const names = new Map<object, string>();
  const score = (n: string) => (/Response$/.test(n) ? 0 : /Body$/.test(n) ? 1 : 2);
  for (const [name, value] of Object.entries(domain)) {
    if (!value || typeof value !== 'object' || !(Kind in value)) continue;
    // One schema exported under several names (ProductInstanceDestroyBody = ResourceDestroyBody): an
    // answer's or a body's name first, then the shortest, the most general of them.
    const known = names.get(value);
    if (known === undefined || score(name) < score(known) || (score(name) === score(known) && name.length < known.length)) names.set(value, name);
  }
  return names;
}

class Components {
  readonly schemas: Record<string, Json> = {};
  private readonly names = domainSchemaNames();

  constructor() {
    this.schemas.Error = this.plain(ApiError);
  }

  /** A body, query or answer schema as the document holds it: a reference when @cpq/domain names it. */
  use(schema: TSchema): Json {
    const name = this.names.get(schema);
    const json = this.plain(schema);
    if (!name || typeof json.$ref === 'string') return json;
    return { $ref: this.put(name, json) };
  }

  /**
   * TypeBox schemas are JSON Schema; JSON drops their symbol keys. Schemas with an `$id` (the
   * recursive ones: pricing expressions, graphic nodes) are hoisted into components under it, so that
   * each is defined once however often it is used, and `$ref`s by id point there.
   */
  plain(schema: TSchema): Json {
    return this.hoist(JSON.parse(JSON.stringify(schema)) as Json);
  }

  private hoist<T>(node: T): T {
    if (Array.isArray(node)) return node.map((n) => this.hoist(n)) as T;
    if (!node || typeof node !== 'object') return node;
    const out: Json = {};
    for (const [k, v] of Object.entries(node as Json)) {
      if (k === '$ref' && typeof v === 'string' && !v.startsWith('#')) out[k] = `#/components/schemas/${v}`;
      else if (k !== '$id') out[k] = this.hoist(v);
    }
    const id = (node as Json).$id;
    return (typeof id === 'string' ? { $ref: this.put(id, out) } : out) as T;
  }

  private put(name: string, json: Json): string {
    const known = this.schemas[name];
    if (known && JSON.stringify(known) !== JSON.stringify(json)) throw new Error(`Two different schemas are named ${name} in the OpenAPI document.`);
    this.schemas[name] = json;
    return `#/components/schemas/${name}`;
  }
}

// ------------------------------------------------------------------------------- operations

const dataOf = (schema: Json): Json => ({ type: 'object', properties: { data: schema }, required: ['data'], additionalProperties: false });

function operationOf(routeKey: string, c: RouteContract, components: Components): Json {
  const { method } = openApiPathOf(routeKey);
  const parameters: Json[] = [];
  for (const name of pathParams(routeKey)) {
    const schema = c.params?.[name];
    parameters.push({ name, in: 'path', required: true, schema: schema ? components.plain(schema) : { type: 'string' } });
  }
  if (c.query) {
    const query = components.plain(c.query) as { properties?: Record<string, Json>; required?: string[]; description?: string };
    for (const [name, schema] of Object.entries(query.properties ?? {})) {
      parameters.push({ name, in: 'query', required: (query.required ?? []).includes(name), schema });
    }
  }
  for (const [name, h] of Object.entries(c.headers ?? {})) parameters.push({ name, in: 'header', required: !!h.required, description: h.description, schema: { type: 'string' } });

  const ok: Json = { description: c.file ? c.file.description : 'OK.' };
  if (c.response) ok.content = { 'application/json': { schema: dataOf(components.use(c.response)) } };
  else if (c.plainResponse) ok.content = { 'application/json': { schema: components.use(c.plainResponse) } };
  else if (c.file) ok.content = Object.fromEntries(c.file.contentTypes.map((t) => [t, {}]));
  const okHeaders: Json = {};
  if (c.setsSessionCookie) okHeaders['Set-Cookie'] = { description: `Sets (or clears) the \`${SESSION_COOKIE}\` session cookie.`, schema: { type: 'string' } };
  if (c.revalidated) okHeaders.ETag = { description: 'The answer’s tag: send it back in If-None-Match to be answered 304 while it holds.', schema: { type: 'string' } };
  if (Object.keys(okHeaders).length) ok.headers = okHeaders;

  const responses: Json = { 200: ok };
  if (c.revalidated) responses[304] = { description: 'Not modified: the copy the client has (If-None-Match) is current.' };
  for (const status of errorStatuses(method, c)) responses[status] = { $ref: `#/components/responses/${ERROR_RESPONSES[status].name}` };

  const op: Json = {
    operationId: operationIdOf(routeKey),
    summary: c.summary,
    description: [c.description, accessNote(c)].filter(Boolean).join('\n\n'),
    tags: [c.tag],
    security: securityOf(c),
  };
  if (policiesOf(c).length) op['x-cpq-policy'] = policiesOf(c);
  if (parameters.length) op.parameters = parameters;
  if (c.body) op.requestBody = { required: true, content: { 'application/json': { schema: components.use(c.body) } } };
  else if (c.rawBody) op.requestBody = { required: true, description: c.rawBody.description, content: Object.fromEntries(c.rawBody.contentTypes.map((t) => [t, {}])) };
  op.responses = responses;
  return op;
}

/** The OpenAPI 3.1 document of a contract (CONTRACT by default). */
export function buildOpenApiDocument(contract: Readonly<Record<string, RouteContract>> = CONTRACT): Json {
  const components = new Components();
  const paths: Record<string, Json> = {};
  const operationIds = new Set<string>();
  for (const [routeKey, c] of Object.entries(contract)) {
    const { method, path } = openApiPathOf(routeKey);
    const op = operationOf(routeKey, c, components);
    if (operationIds.has(op.operationId as string)) throw new Error(`Two routes have the operationId ${String(op.operationId)}.`);
    operationIds.add(op.operationId as string);
    (paths[path] ??= {})[method] = op;
  }
  const scopes = API_TOKEN_SCOPES.map((s) => `- \`${s}\`: ${API_TOKEN_SCOPE_LABELS[s].description}`).join('\n');
  return {
    openapi: '3.1.0',
    info: {
      title: 'CPQ portal API',
      version: ENGINE_VERSION,
      description: [
        'The API of the configure-price-quote portal. Every JSON answer is `{ data: … }`; every error `{ error: { code, message, details? } }` with its HTTP status.',
        'Callers are signed-in people (the session cookie, set by POST /api/auth/login) or machine clients with an API token (`Authorization: Bearer cpq_…`) on the calls its scopes allow. A write from a browser must come from the portal’s own origin.',
        'Ids are integers; dates are UTC, `YYYY-MM-DD HH:MM:SS`; amounts are whole cents.',
      ].join('\n\n'),
    },
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      schemas: components.schemas,
      responses: Object.fromEntries(
        Object.values(ERROR_RESPONSES).map((r) => [r.name, { description: r.description, ...('headers' in r ? { headers: r.headers } : {}), content: errorContent }]),
      ),
      securitySchemes: {
        cookieAuth: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'The session of a signed-in person (POST /api/auth/login sets it).' },
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: `An API token an owner made in admin (\`Authorization: Bearer cpq_…\`). It acts as that owner in the token's organisation, within its scopes; an operation lists the scope it needs:\n${scopes}`,
        },
      },
    },
  };
}

let built: { json: string; etag: string } | undefined;

/** The served document, built once: its JSON text and tag. */
export function openApiDocument(): { json: string; etag: string } {
  if (!built) {
    const json = JSON.stringify(buildOpenApiDocument());
    built = { json, etag: `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"` };
  }
  return built;
}
