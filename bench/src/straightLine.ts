/**
 * The straight-line baseline of the pricing benchmarks: each rule written out as the plain JavaScript
 * a developer would type by hand for that one rule — one statement per expression, conditions as `if`,
 * groups as nested blocks with their own running total, option prices and classifier numbers read from
 * plain objects, no loop over expressions, no closure or call per step, no failure checks (the
 * benchmark data never fails). Typing 10 + 6 rules of 40 expressions by hand would only add typos,
 * so this small translator writes them; it is independent of the engine (it imports nothing from
 * packages/domain/src/pricing/compile.ts) and shares no code with it.
 *
 * Data: (p, q, prices, cls) with p = instance.properties, q = quantity, prices = { optionId: cents },
 * cls = { classifierId: { optionId: number[] } }. Only numbers from the benchmark's own rules are
 * written into the source.
 */
import type { PricingCheck, PricingCondition, PricingExpression } from '@cpq/domain';

export type StraightLineRule = (p: Record<string, { optionId?: number | null; value?: unknown }>, q: number, prices: Record<string, number>, cls: Record<string, Record<string, number[]>>) => number;

const num = (n: unknown): string => {
  if (typeof n !== 'number' || !Number.isFinite(n)) throw new Error(`straight-line baseline: not a number: ${String(n)}`);
  return Object.is(n, -0) ? '-0' : `(${n})`;
};
const int = (n: unknown): string => {
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0) throw new Error(`straight-line baseline: not an id: ${String(n)}`);
  return String(n);
};

function check(c: PricingCheck): string {
  const op = c.operator ?? '===';
  const actual = c.actual.type === 'quantity' ? 'q' : c.actual.type === 'optionId' ? `p[${int(c.actual.productPropertyId)}]?.optionId` : `p[${int(c.actual.productPropertyId)}]?.value`;
  if (op === 'in' || Array.isArray(c.expected)) {
    const list = (c.expected as number[]).map((x) => `a === ${num(x)}`).join(' || ');
    return op === '!==' ? `((a = ${actual}), !(${list}))` : `((a = ${actual}), ${list})`;
  }
  return `${actual} ${op} ${num(c.expected)}`;
}

function condition(c: PricingCondition): string {
  if (c.conditions.length === 0) return 'true';
  return c.conditions.map((k) => `(${check(k)})`).join(c.operator === 'or' ? ' || ' : ' && ');
}

function combine(op: PricingExpression['operator'], t: string, v: string): string {
  switch (op) {
    case 'and':
      return `${t} = ${t} !== 0 && ${v} !== 0 ? 1 : 0;`;
    case 'or':
      return `${t} = ${t} !== 0 || ${v} !== 0 ? 1 : 0;`;
    case '===':
      return `${t} = ${t} === ${v} ? 1 : 0;`;
    default:
      return `${t} = ${t} ${op} ${v};`;
  }
}

function list(exprs: readonly PricingExpression[], depth: number, out: string[], classifiers: Set<string>): number {
  const t = `t${depth}`;
  let deepest = depth;
  for (const e of exprs) {
    const lines: string[] = [];
    const op = e.operator ?? '+';
    const pid = e.props.productPropertyId;
    switch (e.type) {
      case 'fixed':
        lines.push(combine(op, t, num(e.props.value)));
        break;
      case 'productPropertyPrice':
        lines.push(`v = prices[p[${int(pid)}]?.optionId] ?? 0;`, combine(op, t, 'v'));
        break;
      case 'productPropertyClassifierNumber': {
        // The classifier's table is read once per call, at the top (see straightLineSource).
        const cid = int(e.props.productOptionClassifierGroupId);
        classifiers.add(cid);
        lines.push(`v = c${cid}[p[${int(pid)}]?.optionId]?.[${int(e.props.productOptionClassifierNumberIndex ?? 0)}] ?? 0;`, combine(op, t, 'v'));
        break;
      }
      case 'propertyValue':
        lines.push(`v = p[${int(pid)}]?.value ?? 0;`, combine(op, t, 'v'));
        break;
      case 'group': {
        const inner: string[] = [];
        deepest = Math.max(deepest, list(e.props.expressions ?? [], depth + 1, inner, classifiers));
        lines.push(`t${depth + 1} = 0;`, ...inner, combine(op, t, `t${depth + 1}`));
        break;
      }
    }
    if (e.condition) out.push(`if (${condition(e.condition)}) {`, ...lines.map((l) => `  ${l}`), '}');
    else out.push(...lines);
  }
  return deepest;
}

/** The JavaScript source of one rule's function body (for reading: `console.log(straightLineSource(rule))`). */
export function straightLineSource(expressions: readonly PricingExpression[]): string {
  const body: string[] = [];
  const classifiers = new Set<string>();
  const deepest = list(expressions, 0, body, classifiers);
  const totals = Array.from({ length: deepest + 1 }, (_, i) => `t${i} = 0`).join(', ');
  const tables = [...classifiers].map((c) => `const c${c} = cls[${c}];\n`).join('');
  return `${tables}let ${totals}, v, a;\n${body.join('\n')}\nreturn t0;`;
}

/** One function per rule. */
export function straightLine(expressions: readonly PricingExpression[]): StraightLineRule {
  return new Function('p', 'q', 'prices', 'cls', straightLineSource(expressions)) as StraightLineRule;
}

// ---------------------------------------------------------------------------------------------
// The tuned straight-line baseline

/**
 * Dense price tables for the tuned baseline: option id → cents, and (classifier, number index) →
 * option id → number, as Float64Arrays (unboxed doubles, no hash lookup). Ids not in the data read 0.
 */
export interface TunedTables {
  prices: Float64Array;
  /** `${classifierId}:${index}` → table. */
  cls: Map<string, Float64Array>;
}

export function tunedTables(prices: Record<string, number>, cls: Record<string, Record<string, number[]>>): TunedTables {
  let max = 0;
  for (const id of Object.keys(prices)) max = Math.max(max, Number(id));
  for (const byOption of Object.values(cls)) for (const id of Object.keys(byOption)) max = Math.max(max, Number(id));
  const price = new Float64Array(max + 1);
  for (const [id, cents] of Object.entries(prices)) price[Number(id)] = cents;
  const tables = new Map<string, Float64Array>();
  for (const [cid, byOption] of Object.entries(cls)) {
    const width = Math.max(0, ...Object.values(byOption).map((n) => n.length));
    for (let i = 0; i < width; i++) {
      const t = new Float64Array(max + 1);
      for (const [id, nums] of Object.entries(byOption)) t[Number(id)] = nums[i] ?? 0;
      tables.set(`${cid}:${i}`, t);
    }
  }
  return { prices: price, cls: tables };
}

/** One rule as the tuned baseline writes it: the unit price of an item from its properties and quantity. */
export type TunedRule = (p: Record<string, { optionId?: number | null; value?: unknown }>, q: number) => number;

/**
 * The tuned form, as a careful engineer would write one rule by hand for speed: every property the
 * rule reads is read once at the top into a local (option ids and values as plain numbers; an unset
 * option is -1 and prices 0, an unset value is 0), option prices and classifier numbers come from dense
 * Float64Arrays indexed by option id (bound once per rule, outside the item function), conditions are
 * `if`s on those locals, groups are nested blocks with their own running total, and nothing is
 * allocated or called per step. Same operations in the same order as the rule (so the same doubles).
 * Like the plain baseline it has no failure handling (the benchmark data never fails) and shares no
 * code with the engine's compiler.
 */
export function tunedStraightLineSource(expressions: readonly PricingExpression[], tables: TunedTables): { source: string; bound: Float64Array[] } {
  const bound: Float64Array[] = [];
  const boundIndex = new Map<Float64Array, number>();
  const table = (t: Float64Array | undefined, what: string) => {
    if (t === undefined) throw new Error(`tuned baseline: no table for ${what}`);
    let i = boundIndex.get(t);
    if (i === undefined) boundIndex.set(t, (i = bound.push(t) - 1));
    return `T${i}`;
  };
  const options = new Set<number>();
  const values = new Set<number>();
  const opt = (pid: unknown) => (options.add(Number(int(pid))), `o${int(pid)}`);
  const val = (pid: unknown) => (values.add(Number(int(pid))), `d${int(pid)}`);
  const priced = (t: string, o: string) => `(${o} < 0 ? 0 : ${t}[${o}])`;

  const tcheck = (c: PricingCheck): string => {
    const op = c.operator ?? '===';
    const actual = c.actual.type === 'quantity' ? 'q' : c.actual.type === 'optionId' ? opt(c.actual.productPropertyId) : val(c.actual.productPropertyId);
    if (op === 'in' || Array.isArray(c.expected)) {
      const any = (c.expected as number[]).map((x) => `${actual} === ${num(x)}`).join(' || ');
      return op === '!==' ? `!(${any})` : `(${any})`;
    }
    return `${actual} ${op} ${num(c.expected)}`;
  };
  const tcondition = (c: PricingCondition) => (c.conditions.length === 0 ? 'true' : c.conditions.map((k) => `(${tcheck(k)})`).join(c.operator === 'or' ? ' || ' : ' && '));

  let deepest = 0;
  const tlist = (exprs: readonly PricingExpression[], depth: number, out: string[]) => {
    deepest = Math.max(deepest, depth);
    const t = `t${depth}`;
    for (const e of exprs) {
      const op = e.operator ?? '+';
      const pid = e.props.productPropertyId;
      const lines: string[] = [];
      switch (e.type) {
        case 'fixed':
          lines.push(combine(op, t, num(e.props.value)));
          break;
        case 'productPropertyPrice':
          lines.push(combine(op, t, priced(table(tables.prices, 'prices'), opt(pid))));
          break;
        case 'productPropertyClassifierNumber': {
          const key = `${int(e.props.productOptionClassifierGroupId)}:${int(e.props.productOptionClassifierNumberIndex ?? 0)}`;
          lines.push(combine(op, t, priced(table(tables.cls.get(key), `classifier ${key}`), opt(pid))));
          break;
        }
        case 'propertyValue':
          lines.push(combine(op, t, val(pid)));
          break;
        case 'group': {
          const inner: string[] = [];
          tlist(e.props.expressions ?? [], depth + 1, inner);
          lines.push(`t${depth + 1} = 0;`, ...inner, combine(op, t, `t${depth + 1}`));
          break;
        }
      }
      if (e.condition) out.push(`if (${tcondition(e.condition)}) {`, ...lines.map((l) => `  ${l}`), '}');
      else out.push(...lines);
    }
  };
  const body: string[] = [];
  tlist(expressions, 0, body);
  const reads = [
    ...[...options].map((pid) => `const o${pid} = p[${pid}]?.optionId ?? -1;`),
    ...[...values].map((pid) => `const d${pid} = p[${pid}]?.value ?? 0;`),
  ];
  const totals = Array.from({ length: deepest + 1 }, (_, i) => `t${i} = 0`).join(', ');
  const source =
    bound.map((_, i) => `const T${i} = B[${i}];\n`).join('') +
    `return function tuned(p, q) {\n${reads.map((r) => `  ${r}\n`).join('')}  let ${totals};\n${body.map((l) => `  ${l}\n`).join('')}  return t0;\n};`;
  return { source, bound };
}

export function tunedStraightLine(expressions: readonly PricingExpression[], tables: TunedTables): TunedRule {
  const { source, bound } = tunedStraightLineSource(expressions, tables);
  return new Function('B', source)(bound) as TunedRule;
}
