/**
 * The constraint graph of one product: its select properties, their options under one global index,
 * and the binary conflicts the product rules imply. Built once per (catalogue index, product) and
 * cached in a WeakMap, so a call per option change only does the selection-dependent work.
 *
 * Every option rule reduces to "option a and option b (in different properties) cannot both be
 * selected" (a nogood pair):
 * - incompatible, from options F to options T: each (f, t) with f ∈ F, t ∈ T;
 * - compatible, from options F to options T: for each f ∈ F and each property Q ≠ prop(f) holding
 *   some of T, each (f, q) with q ∈ Q \ T.
 * Rules from 'products' are unary: they remove options for that product only.
 */
import { SELECT_PROPERTY_TYPES, type Product, type ProductOption, type ProductProperty } from '../schemas/catalogue.ts';
import type { CatalogueIndex } from '../engine/catalogue.ts';
import type { ProductRule } from '../engine/types.ts';

/** Property types that offer options; the others (text, number, dimensions, checkbox) are ignored here. */
export const SELECT_TYPES: ReadonlySet<string> = new Set(SELECT_PROPERTY_TYPES);

export interface PropNode {
  index: number;
  property: ProductProperty;
  /** Options in rank order (archived and every publish level included). */
  options: readonly ProductOption[];
  /** Global index of options[0]. */
  start: number;
  count: number;
  /** Offset and length of this property's words in a domain bitset. */
  wordOff: number;
  words: number;
}

/** Arc (r, q): for each local option of r, the offset in `pool` of its conflict mask over q's options, or -1. */
export interface Arc {
  r: number;
  q: number;
  maskByLocal: Int32Array;
}

export interface ConstraintGraph {
  product: Product;
  props: readonly PropNode[];
  propIndexById: ReadonlyMap<number, number>;
  /** Number of options (global indices 0..n-1). */
  n: number;
  options: readonly ProductOption[];
  optIndexById: ReadonlyMap<number, number>;
  optProp: Int32Array;
  totalWords: number;
  /** Conflicts of option a: entries confStart[a]..confStart[a+1]-1 of confProp (property) and confMask (pool offset). */
  confStart: Int32Array;
  confProp: Int32Array;
  confMask: Int32Array;
  pool: Uint32Array;
  /** arcsBySupport[q]: arcs (r, q) to revise when q's domain shrinks. */
  arcsBySupport: readonly (readonly Arc[])[];
  /** Rules behind each conflicting pair, key a * n + b (both orders stored). */
  pairRules: ReadonlyMap<number, readonly ProductRule[]>;
  /** Options the product-level rules remove for this product, by global index. */
  productRuleRemovals: ReadonlyMap<number, readonly ProductRule[]>;
  /** Disabled for the product (associations.productProperties[id].disabledProductOptionIds). */
  disabled: Uint8Array;
}

const cache = new WeakMap<CatalogueIndex, WeakMap<Product, ConstraintGraph>>();

/** The product's constraint graph, cached per catalogue index and product object. */
export function constraintGraph(catalogue: CatalogueIndex, product: Product): ConstraintGraph {
  let byProduct = cache.get(catalogue);
  if (!byProduct) cache.set(catalogue, (byProduct = new WeakMap()));
  let g = byProduct.get(product);
  if (!g) byProduct.set(product, (g = buildGraph(catalogue, product)));
  return g;
}

function propertiesOfProduct(catalogue: CatalogueIndex, product: Product): ProductProperty[] {
  const keys = Object.keys(product.associations.productProperties ?? {});
  return keys
    .map((k) => catalogue.property(Number(k)))
    .filter((p): p is ProductProperty => !!p && !p.archived && SELECT_TYPES.has(p.type))
    .sort((a, b) => a.rank - b.rank || a.id - b.id);
}

export function buildGraph(catalogue: CatalogueIndex, product: Product): ConstraintGraph {
  const props: PropNode[] = [];
  const options: ProductOption[] = [];
  const propIndexById = new Map<number, number>();
  const optIndexById = new Map<number, number>();
  let wordOff = 0;
  for (const property of propertiesOfProduct(catalogue, product)) {
    const opts = catalogue.optionsOf(property.id);
    const node: PropNode = {
      index: props.length,
      property,
      options: opts,
      start: options.length,
      count: opts.length,
      wordOff,
      words: Math.max(1, Math.ceil(opts.length / 32)),
    };
    wordOff += node.words;
    propIndexById.set(property.id, node.index);
    for (const o of opts) {
      optIndexById.set(o.id, options.length);
      options.push(o);
    }
    props.push(node);
  }
  const n = options.length;
  const optProp = new Int32Array(n);
  for (const p of props) optProp.fill(p.index, p.start, p.start + p.count);

  const disabled = new Uint8Array(n);
  for (const p of props) {
    for (const id of catalogue.disabledOptionIds(product.id, p.property.id)) {
      const g = optIndexById.get(id);
      if (g !== undefined && optProp[g] === p.index) disabled[g] = 1;
    }
  }

  // Conflicts: option a -> property q -> set of q-local indices; and the rules behind each pair.
  const conf = new Map<number, Map<number, Set<number>>>();
  const pairRules = new Map<number, ProductRule[]>();
  const productRuleRemovals = new Map<number, ProductRule[]>();
  const addHalf = (a: number, b: number, rule: ProductRule) => {
    let byProp = conf.get(a);
    if (!byProp) conf.set(a, (byProp = new Map()));
    const q = optProp[b]!;
    let set = byProp.get(q);
    if (!set) byProp.set(q, (set = new Set()));
    set.add(b - props[q]!.start);
    const key = a * n + b;
    const list = pairRules.get(key);
    if (!list) pairRules.set(key, [rule]);
    else if (!list.includes(rule)) list.push(rule);
  };
  const addPair = (a: number, b: number, rule: ProductRule) => {
    if (optProp[a] === optProp[b]) return; // one property holds one option: nothing to forbid
    addHalf(a, b, rule);
    addHalf(b, a, rule);
  };
  const remove = (g: number, rule: ProductRule) => {
    const list = productRuleRemovals.get(g);
    if (!list) productRuleRemovals.set(g, [rule]);
    else if (!list.includes(rule)) list.push(rule);
  };
  const indices = (ids: readonly number[]) => {
    const out: number[] = [];
    for (const id of ids ?? []) {
      const g = optIndexById.get(id);
      if (g !== undefined && !out.includes(g)) out.push(g);
    }
    return out;
  };
  /** Options outside `to` in each property holding some of `to`. */
  const complementByProp = (to: number[]) => {
    const toSet = new Set(to);
    const byProp = new Map<number, number[]>();
    for (const t of to) byProp.set(optProp[t]!, []);
    for (const [q, list] of byProp) {
      const node = props[q]!;
      for (let g = node.start; g < node.start + node.count; g++) if (!toSet.has(g)) list.push(g);
    }
    return byProp;
  };

  for (const rule of catalogue.rules) {
    if (rule.toResourceKey !== 'productOptions') continue;
    const to = indices(rule.toIds);
    if (!to.length) continue;
    if (rule.fromResourceKey === 'products') {
      if (!(rule.fromIds ?? []).includes(product.id)) continue;
      if (rule.type === 'incompatible') for (const t of to) remove(t, rule);
      else for (const list of complementByProp(to).values()) for (const g of list) remove(g, rule);
      continue;
    }
    if (rule.fromResourceKey !== 'productOptions') continue;
    const from = indices(rule.fromIds);
    if (rule.type === 'incompatible') {
      for (const f of from) for (const t of to) addPair(f, t, rule);
    } else if (rule.type === 'compatible') {
      const comp = complementByProp(to);
      for (const f of from) {
        for (const [q, list] of comp) {
          if (q === optProp[f]) continue;
          for (const b of list) addPair(f, b, rule);
        }
      }
    }
  }

  // Flatten conflicts into typed arrays and a mask pool.
  const confStart = new Int32Array(n + 1);
  let entries = 0;
  let poolWords = 0;
  for (let a = 0; a < n; a++) {
    confStart[a] = entries;
    const byProp = conf.get(a);
    if (!byProp) continue;
    for (const q of byProp.keys()) {
      entries++;
      poolWords += props[q]!.words;
    }
  }
  confStart[n] = entries;
  const confProp = new Int32Array(entries);
  const confMask = new Int32Array(entries);
  const pool = new Uint32Array(poolWords);
  const arcMap = new Map<number, Arc>();
  const numProps = props.length;
  let e = 0;
  let off = 0;
  for (let a = 0; a < n; a++) {
    const byProp = conf.get(a);
    if (!byProp) continue;
    const r = optProp[a]!;
    for (const [q, set] of byProp) {
      confProp[e] = q;
      confMask[e] = off;
      for (const local of set) pool[off + (local >>> 5)]! |= 1 << (local & 31);
      const key = r * numProps + q;
      let arc = arcMap.get(key);
      if (!arc) {
        arc = { r, q, maskByLocal: new Int32Array(props[r]!.count).fill(-1) };
        arcMap.set(key, arc);
      }
      arc.maskByLocal[a - props[r]!.start] = off;
      off += props[q]!.words;
      e++;
    }
  }
  const arcsBySupport: Arc[][] = props.map(() => []);
  for (const arc of arcMap.values()) arcsBySupport[arc.q]!.push(arc);

  return {
    product,
    props,
    propIndexById,
    n,
    options,
    optIndexById,
    optProp,
    totalWords: wordOff,
    confStart,
    confProp,
    confMask,
    pool,
    arcsBySupport,
    pairRules,
    productRuleRemovals,
    disabled,
  };
}

/** Whether options a and b (global indices) conflict. */
export function conflicts(g: ConstraintGraph, a: number, b: number): boolean {
  const q = g.optProp[b]!;
  const local = b - g.props[q]!.start;
  for (let e = g.confStart[a]!; e < g.confStart[a + 1]!; e++) {
    if (g.confProp[e] === q) return (g.pool[g.confMask[e]! + (local >>> 5)]! & (1 << (local & 31))) !== 0;
  }
  return false;
}
