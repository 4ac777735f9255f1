/**
 * Property-based check against brute force: on random small catalogues, rules, selections, roles
 * and a plugin filter, the offered options are exactly those with a complete valid configuration
 * (other kept selections fixed). The oracle below re-implements the semantics of
 * docs/availability.md directly on the rules, without the constraint graph.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OptionFilter } from '../engine/hooks.ts';
import type { InstanceProperties, ProductRule } from '../engine/types.ts';
import { isPublishedFor } from '../visibility.ts';
import { checkOptionChoice, computeAvailability } from './availability.ts';
import { mkCatalogue, mkOption, mkProduct, mkProperty, mkRule } from './fixtures.test-utils.ts';

const PL = ['all', 'all', 'internal', 'admin'] as const;

const arbCaseOf = (maxProps: number, maxRules: number) => fc
  .record({
    sizes: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: maxProps }),
    seedOpts: fc.array(fc.record({ pl: fc.integer({ min: 0, max: 3 }), archived: fc.boolean(), disabled: fc.integer({ min: 0, max: 9 }) }), {
      minLength: 28,
      maxLength: 28,
    }),
    rules: fc.array(
      fc.record({
        type: fc.constantFrom('incompatible' as const, 'compatible' as const),
        products: fc.integer({ min: 0, max: 5 }),
        from: fc.array(fc.integer({ min: 0, max: 29 }), { minLength: 1, maxLength: 3 }),
        to: fc.array(fc.integer({ min: 0, max: 29 }), { minLength: 1, maxLength: 4 }),
      }),
      { maxLength: maxRules },
    ),
    sel: fc.array(fc.integer({ min: -2, max: 4 }), { minLength: 7, maxLength: 7 }),
    role: fc.constantFrom('owner', 'member', 'guest'),
    filter: fc.option(fc.record({ target: fc.integer({ min: 0, max: 15 }), prop: fc.integer({ min: 0, max: 6 }), needs: fc.integer({ min: 0, max: 3 }) })),
  })
  .map((c) => {
    const properties = c.sizes.map((_, p) => mkProperty(p + 1, `P${p + 1}`, p));
    properties.push(mkProperty(9, 'Foreign', 9), mkProperty(8, 'Notes', 0, 'text'));
    const options = c.sizes.flatMap((n, p) =>
      Array.from({ length: n }, (_, k) => {
        const s = c.seedOpts[p * 4 + k]!;
        return mkOption((p + 1) * 10 + k, p + 1, `O${(p + 1) * 10 + k}`, k, PL[s.pl], s.archived && s.pl === 0 && k > 1 ? 1 : 0);
      }),
    );
    options.push(mkOption(90, 9, 'F0', 0), mkOption(91, 9, 'F1', 1));
    const allIds = options.map((o) => o.id);
    const disabled: Record<number, number[]> = {};
    for (const o of options) if (o.productPropertyId !== 9 && c.seedOpts[(o.productPropertyId - 1) * 4 + (o.id % 10)]!.disabled === 0) (disabled[o.productPropertyId] ??= []).push(o.id);
    const product = mkProduct(1, 'Product', [...c.sizes.map((_, p) => p + 1), 8], disabled);
    const rules: ProductRule[] = c.rules.map((r, i) =>
      r.products === 0
        ? mkRule(i + 1, r.type, [1 + (r.from[0]! % 2)], r.to.map((t) => allIds[t % allIds.length]!), 'products')
        : mkRule(i + 1, r.type, r.from.map((t) => allIds[t % allIds.length]!), r.to.map((t) => allIds[t % allIds.length]!)),
    );
    const catalogue = mkCatalogue({ products: [product, mkProduct(2, 'Other', [1])], properties, options, rules });
    const selection: InstanceProperties = {};
    c.sizes.forEach((n, p) => {
      const s = c.sel[p]!;
      if (s === -2) selection[String(p + 1)] = { optionId: 77 }; // not an option of it
      else if (s >= 0 && s < n) selection[String(p + 1)] = { optionId: (p + 1) * 10 + s };
    });
    let filters: OptionFilter[] = [];
    let filterSpec: { target: number; prop: number; needs: number } | null = null;
    if (c.filter) {
      const target = allIds[c.filter.target % (allIds.length - 2)]!;
      const prop = (c.filter.prop % c.sizes.length) + 1;
      filterSpec = { target, prop, needs: prop * 10 + (c.filter.needs % c.sizes[prop - 1]!) };
      const f = filterSpec;
      filters = [
        ({ optionIds, selection: s }) =>
          optionIds.includes(f.target) && s[String(f.prop)]?.optionId !== f.needs ? [{ optionId: f.target, reason: 'filtered' }] : [],
      ];
    }
    return { c, properties, options, product, rules, catalogue, selection, filters, filterSpec, role: c.role, disabled, [fc.toStringMethod]: () => JSON.stringify({ c, rules, selection, filterSpec, disabled }) };
  });

const arbCase = arbCaseOf(4, 7);
/** Larger: up to 7 properties and 16 rules (up to 16 384 configurations), fewer runs. */
const arbLargeCase = arbCaseOf(7, 16);
type Case = ReturnType<(typeof arbCase)['generate']>['value'];

/** Brute-force oracle. */
function oracle(k: Case) {
  const props = k.c.sizes.map((_, p) => p + 1);
  const optsOf = (p: number) => k.options.filter((o) => o.productPropertyId === p);
  const chosen = (p: number) => k.selection[String(p)]?.optionId ?? null;
  const productRuled = (o: { id: number; productPropertyId: number }) =>
    k.rules.some(
      (r) =>
        r.fromResourceKey === 'products' &&
        r.fromIds.includes(1) &&
        (r.type === 'incompatible'
          ? r.toIds.includes(o.id)
          : optsOf(o.productPropertyId).some((x) => r.toIds.includes(x.id)) && !r.toIds.includes(o.id)),
    );
  const unary = new Map<number, number[]>();
  const required = new Map<number, boolean>();
  for (const p of props) {
    let dom: number[] = [];
    let req = false;
    for (const o of optsOf(p)) {
      const isChosen = chosen(p) === o.id;
      const pub = isPublishedFor(o.publishLevel, k.role);
      const dis = (k.disabled[p] ?? []).includes(o.id);
      if (pub && !o.archived && !dis && !productRuled(o)) req = true;
      if (!pub && !isChosen) continue;
      if (o.archived && !isChosen) continue;
      if (dis || productRuled(o)) continue;
      dom.push(o.id);
    }
    const f = k.filterSpec;
    if (f && dom.includes(f.target) && chosen(f.prop) !== f.needs) dom = dom.filter((x) => x !== f.target);
    unary.set(p, dom);
    required.set(p, req);
  }
  const active = props.filter((p) => required.get(p) || unary.get(p)!.length);
  const propOf = (id: number) => Math.floor(id / 10);
  const consistent = (conf: Map<number, number>) => {
    const selected = new Set(conf.values());
    for (const r of k.rules) {
      if (r.fromResourceKey !== 'productOptions') continue;
      for (const f of r.fromIds) {
        if (!selected.has(f)) continue;
        if (r.type === 'incompatible') {
          for (const t of r.toIds) if (selected.has(t) && propOf(t) !== propOf(f)) return false;
        } else {
          for (const [q, v] of conf) {
            if (q === propOf(f)) continue;
            if (optsOf(q).some((x) => r.toIds.includes(x.id)) && !r.toIds.includes(v)) return false;
          }
        }
      }
    }
    return true;
  };
  const solvable = (fixed: Map<number, number>) => {
    const rec = (i: number, conf: Map<number, number>): boolean => {
      if (i === active.length) return consistent(conf);
      const p = active[i]!;
      const dom = fixed.has(p) ? [fixed.get(p)!] : unary.get(p)!;
      for (const v of dom) {
        conf.set(p, v);
        if (rec(i + 1, conf)) return true;
        conf.delete(p);
      }
      return false;
    };
    return rec(0, new Map());
  };
  const cands = props.filter((p) => chosen(p) !== null && unary.get(p)!.includes(chosen(p)!));
  const asMap = (ps: number[]) => new Map(ps.map((p) => [p, chosen(p)!] as [number, number]));
  let core = cands;
  if (!solvable(asMap(cands))) {
    core = [];
    for (const c of cands) if (solvable(asMap([...core, c]))) core.push(c);
  }
  const satisfiable = solvable(asMap(core));
  const offered: Record<string, number[]> = {};
  for (const p of props) {
    const others = asMap(core.filter((q) => q !== p));
    offered[String(p)] = active.includes(p) ? unary.get(p)!.filter((v) => solvable(new Map([...others, [p, v]]))) : [];
  }
  return { offered, satisfiable };
}

/** The engine offers exactly what brute-force enumeration finds, with a reason for every unavailable option. */
function matchesOracle(k: Parameters<typeof oracle>[0]): void {
  const input = { product: k.product, instance: { productId: 1, quantity: 1, properties: k.selection }, catalogue: k.catalogue, viewer: { role: k.role }, optionFilters: k.filters };
  const a = computeAvailability(input);
  const o = oracle(k);
  expect(a.satisfiable).toBe(o.satisfiable);
  if (!o.satisfiable) return;
  expect(a.exact).toBe(true);
  const got = Object.fromEntries(Object.entries(a.properties).map(([pid, v]) => [pid, v.offered]));
  expect(got).toEqual(o.offered);
  // Every unavailable option has at least one reason; hidden ones are absent.
  for (const v of Object.values(a.properties)) for (const u of v.unavailable) expect(u.reasons.length).toBeGreaterThan(0);
}

describe('availability against brute force', () => {
  it('offers exactly the options that belong to a complete valid configuration', () => {
    fc.assert(
      fc.property(arbCase, matchesOracle),
      { numRuns: 400 },
    );
  });

  it('does so on larger catalogues (7 properties, 16 rules)', () => {
    fc.assert(
      fc.property(arbLargeCase, matchesOracle),
      { numRuns: 150 },
    );
  });

  it('never refuses an offered option, and the choice leaves every property with an option', () => {
    fc.assert(
      fc.property(arbCase, (k) => {
        const input = { product: k.product, instance: { productId: 1, quantity: 1, properties: k.selection }, catalogue: k.catalogue, viewer: { role: k.role }, optionFilters: k.filters };
        const a = computeAvailability(input);
        if (!a.satisfiable) return;
        for (const [pid, v] of Object.entries(a.properties)) {
          for (const optionId of v.offered) {
            // Plugin filters are evaluated against the selection (a documented limitation): a choice
            // may newly filter another selection, which is then cleared, not refused.
            const r = checkOptionChoice({ ...input, propertyId: Number(pid), optionId });
            if (!r.ok && k.filters.length) continue;
            expect(r.ok).toBe(true);
            if (!r.ok) continue;
            for (const [q, w] of Object.entries(r.availability.properties)) {
              const before = a.properties[q]!;
              if (before.offered.length && q !== pid && !k.filters.length) expect(w.offered.length).toBeGreaterThan(0);
            }
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});
