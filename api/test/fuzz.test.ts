import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installChangeCounter } from './changeCounter.ts';
import { databases, startTestApp, type Client, type TestApp } from './helpers.ts';
import { FUZZ_EXCLUDED, validBodies, type RouteIds } from './routeCalls.ts';

/**
 * Every POST route of the API, fed generated bodies (wrong types, huge strings, `__proto__` keys,
 * SQL metacharacters, lone surrogates, formula-like text, deep objects, mutations of a valid body) by
 * a signed-in owner: never a 5xx, and when the request is refused the database is exactly as before
 * (counted by triggers on every table).
 */
/**
 * The budget: 150 bodies a route from a fixed seed in `npm test` (the same bodies every run, so a
 * failure reproduces as it is and the suite stays quick); `npm run test:deep` gives 1,000 a route
 * from a new seed, printed so that its failure reproduces with FUZZ_SEED=<seed> FUZZ_RUNS=1000.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 150);
/** What ajv says for programs (and what people used to read): a dotted or slashed path, or its own phrases. */
const RAW_SCHEMA_WORDING = /must match format|must NOT|must be equal to|must have required|must match (a )?(schema|pattern)|must be (integer|string|number|boolean|object|array|null)\b|is not allowed|\b[a-z]+[A-Z]\w*\.[a-z]|\w\.\d+\b|\//;
const SEED = process.env.FUZZ_SEED === 'random' ? Math.floor(Math.random() * 2 ** 31) : Number(process.env.FUZZ_SEED ?? 20_261_127);

/** A JSON value as a tree, so that keys such as `__proto__` survive into the text sent. */
type J = null | boolean | number | string | J[] | { o: Array<[string, J]> } | { raw: string };

const SPECIAL_STRINGS = [
  "' OR 1=1 --",
  '"; DROP TABLE product_orders; --',
  "Robert'); DROP TABLE users;--",
  '%',
  '_',
  '\\',
  '\u0000',
  '\u202e',
  '😀',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '1e400',
  'NaN',
  '',
  ' ',
  'null',
  // Lone UTF-16 surrogates (JSON carries them, no column can hold them): alone, inside, a high one cut off at the end.
  '\ud800',
  '\udfff',
  'Harbour \ud800 View',
  'Portland \ud83d',
  // Formula-like text, as a guest might type it into a field that reaches a CSV export.
  '=HYPERLINK("https://evil.test","Open")',
  '+1',
  '-2+3+cmd',
  '@SUM(A1)',
  '\t=1',
];
const HUGE = 'x'.repeat(200_000);
const KEYS = ['__proto__', 'constructor', 'prototype', 'orgId', 'productOrderId', 'productOrderOrgSpecificId', 'id', 'userId', 'where', 'props', 'propsSets', 'productOrderProps', 'statusKey', 'paymentData', 'amount', 'email', 'password', 'shareToken', 'sharees', 'shareeEmail', 'title', 'quantity', 'properties', '\ud800'];

const str = fc.oneof({ weight: 4, arbitrary: fc.string({ maxLength: 40 }) }, { weight: 3, arbitrary: fc.constantFrom(...SPECIAL_STRINGS) }, { weight: 1, arbitrary: fc.constant(HUGE) });
const num = fc.oneof(
  fc.integer({ min: -3, max: 60 }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(2_147_483_647, 2_147_483_648, -2_147_483_649, 9_007_199_254_740_993, 1e308, -0, 0.5),
);
/** Number literals JSON allows but JavaScript cannot hold: 1e400 parses to Infinity. */
const rawNumber = fc.constantFrom('1e400', '-1e400', '123456789012345678901234567890', '1E+999').map((raw) => ({ raw }));
const key = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...KEYS) }, { weight: 1, arbitrary: fc.string({ maxLength: 12 }) });
const { json } = fc.letrec<{ json: J; leaf: J }>((tie) => ({
  leaf: fc.oneof(fc.constant(null), fc.boolean(), num, str, rawNumber),
  json: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 4, arbitrary: tie('leaf') },
    { weight: 1, arbitrary: fc.array(tie('json'), { maxLength: 4 }) },
    { weight: 2, arbitrary: fc.array(fc.tuple(key, tie('json')), { maxLength: 5 }).map((o) => ({ o })) },
  ),
}));

function serialise(v: J): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(serialise).join(',')}]`;
  if ('raw' in v) return v.raw;
  return `{${v.o.map(([k, x]) => `${JSON.stringify(k)}:${serialise(x)}`).join(',')}}`;
}

const toTree = (v: unknown): J => {
  if (v === null || typeof v !== 'object') return v as J;
  if (Array.isArray(v)) return v.map(toTree);
  return { o: Object.entries(v).map(([k, x]) => [k, toTree(x)]) };
};

/** A valid body with some fields replaced by generated values, some dropped, maybe one added. */
function mutated(valid: unknown): fc.Arbitrary<J> {
  const tree = toTree(valid);
  if (!tree || typeof tree !== 'object' || Array.isArray(tree) || 'raw' in tree) return json;
  const entries = tree.o;
  return fc
    .tuple(
      fc.array(fc.constantFrom<'keep' | 'replace' | 'drop'>('keep', 'replace', 'drop'), { minLength: entries.length, maxLength: entries.length }),
      fc.array(json, { minLength: entries.length, maxLength: entries.length }),
      fc.option(fc.tuple(key, json)),
    )
    .map(([ops, values, extra]) => ({
      o: [...entries.flatMap(([k, v], i): Array<[string, J]> => (ops[i] === 'drop' ? [] : [[k, ops[i] === 'replace' ? values[i]! : v]])), ...(extra ? [extra] : [])],
    }));
}

/** Where the strings of a tree are: each as the indexes leading to it (entries of objects, items of lists). */
function stringPaths(v: J, at: number[] = []): number[][] {
  if (typeof v === 'string') return [at];
  if (Array.isArray(v)) return v.flatMap((x, i) => stringPaths(x, [...at, i]));
  if (v && typeof v === 'object' && 'o' in v) return v.o.flatMap(([, x], i) => stringPaths(x, [...at, i]));
  return [];
}

function replaceAt(v: J, [i, ...rest]: number[], by: J): J {
  if (i === undefined) return by;
  if (Array.isArray(v)) return v.map((x, j) => (j === i ? replaceAt(x, rest, by) : x));
  if (v && typeof v === 'object' && 'o' in v) return { o: v.o.map(([k, x], j): [string, J] => [k, j === i ? replaceAt(x, rest, by) : x]) };
  return v;
}

/**
 * A valid body with one of its strings, at any depth, replaced by a generated one: so that odd text
 * (lone surrogates, formulas, huge strings) reaches nested fields, such as an order's delivery
 * address, of a body that is otherwise accepted.
 */
function oneStringReplaced(valid: unknown): fc.Arbitrary<J> {
  const tree = toTree(valid);
  const paths = stringPaths(tree);
  return paths.length ? fc.tuple(fc.constantFrom(...paths), str).map(([p, s]) => replaceAt(tree, p, s)) : mutated(valid);
}

describe.each(databases)('fuzzing every POST route on $name', (dbCase) => {
  let t: TestApp;
  let owner: Client;
  let changes: () => Promise<number>;
  let ids: RouteIds;
  beforeAll(async () => {
    t = await startTestApp(dbCase, { mailer: { send: async () => ({ messageId: 'fuzz' }) } });
    changes = await installChangeCounter(t.db);
    owner = await t.as('owner-850@demo.test');
    const order = (await t.repos.productOrders.findOne({ orgId: 850, orgSpecificId: 1 }))!;
    const item = (await t.repos.productInstances.find({ productOrderId: order.id }))[0]!;
    ids = { orgId: 850, orderId: order.id, orgSpecificId: 1, instanceId: item.id, ownerId: order.userId, statusKey: order.lastCompletedStatusKey! };
  });
  afterAll(async () => {
    await t?.close();
  });

  it('has a valid body for every POST route it fuzzes', () => {
    const posts = t.routeTable.filter((r) => r.method === 'POST').map((r) => r.path);
    const missing = posts.filter((p) => !FUZZ_EXCLUDED.has(p) && !(p in validBodies(ids)));
    expect(missing).toEqual([]);
  });

  it('counts a change to any table (the check below could see one)', async () => {
    const before = await changes();
    await t.db('product_orders').where({ id: ids.orderId }).update({ phone: '(207) 555-0199' });
    await t.db('audit_log').insert({ org_id: 850, user_id: ids.ownerId, entity: 'test', entity_id: 1, action: 'count', created: '2026-01-01 00:00:00' });
    expect(await changes()).toBe(before + 2);
  });

  it(
    `answers ${RUNS} generated bodies per route without a 5xx, and changes nothing when it refuses one`,
    async () => {
      console.log(`fuzz: ${RUNS} bodies a route, seed ${SEED} (FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} reproduces this run)`);
      const bodies = validBodies(ids);
      const routes = t.routeTable.filter((r) => r.method === 'POST' && !FUZZ_EXCLUDED.has(r.path)).map((r) => r.path);
      const statuses: Record<string, Record<number, number>> = {};
      for (const route of routes) {
        const seen: Record<number, number> = (statuses[route] = {});
        const body = fc.oneof({ weight: 7, arbitrary: mutated(bodies[route]) }, { weight: 2, arbitrary: oneStringReplaced(bodies[route]) }, { weight: 9, arbitrary: json.filter((j) => !!j && typeof j === 'object' && !Array.isArray(j)) }, { weight: 2, arbitrary: json });
        await fc.assert(
          fc.asyncProperty(body, async (tree) => {
            const path = route.replace(':resourceKey', route.startsWith('/api/spatial/') ? 'entities' : 'products');
            const before = await changes();
            const res = await owner.post(path, undefined, { raw: serialise(tree) });
            seen[res.status] = (seen[res.status] ?? 0) + 1;
            expect(res.status, `${path} ${serialise(tree).slice(0, 300)} → ${JSON.stringify(res.body).slice(0, 300)}`).toBeLessThan(500);
            if (res.status >= 400) expect(await changes(), `${path} refused (${res.status}) but changed the database: ${serialise(tree).slice(0, 300)}`).toBe(before);
            // A schema refusal (its details list each issue's field) says so in a sentence, in words a person reads.
            const error = (res.body as { error?: { message?: string; details?: unknown } } | null)?.error;
            if (res.status === 400 && Array.isArray(error?.details) && (error.details as Array<{ field?: unknown }>).every((d) => typeof d.field === 'string')) {
              expect(error.message, `${path} ${serialise(tree).slice(0, 300)}`).toMatch(/^[A-Z"][^]*\.$/);
              // Quoted text is what was sent or may be sent ("/", "+"), not wording.
              expect(error.message!.replace(/"(?:[^"\\]|\\.)*"/g, '""'), `${path} ${serialise(tree).slice(0, 300)}`).not.toMatch(RAW_SCHEMA_WORDING);
            }
          }),
          // One seed per route (the route's place in the table): adding a route leaves the others' bodies as they were.
          { numRuns: RUNS, seed: SEED + routes.indexOf(route) },
        );
        // A generated body may have switched guest mode on: the next route is fuzzed as the owner again.
        if (route === '/api/auth/guest-mode') expect((await owner.post(route, { orgId: 850, guestMode: false })).status).toBe(200);
      }
      // Each route was really reached: its refusals are more than schema 400s somewhere.
      expect(Object.keys(statuses).length).toBe(routes.length);
    },
    30 * 60_000,
  );
});
