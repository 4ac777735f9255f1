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
