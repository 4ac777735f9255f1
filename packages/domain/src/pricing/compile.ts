import type { CatalogueIndex } from '../engine/catalogue.ts';
import type { InstanceProperties, PricingCheck, PricingCondition, PricingExpression, PricingRuleVersion } from '../engine/types.ts';
import type { PricingStep, StepFailure } from './explanation.ts';

/**
 * Compiles a pricing rule version once per (version object, catalogue), in two stages:
 *
 * 1. Closures: option prices and classifier numbers are resolved into lookup tables, and each
 *    expression and condition becomes a closure. `runList` walks them; it is the explained path (every
 *    "why this price" step comes from it) and the fallback.
 * 2. Generated code (`specialise`): for pricing without an explanation, the whole rule becomes
 *    straight-line code built with `new Function`: groups (to any depth) are nested blocks with their
 *    own running-total variables, conditions are inline tests, fixed values are literals, each property
 *    is read once into a local and option ids are looked up in the tables of stage 1. Nothing is
 *    allocated and, for the common expression and check forms, nothing is called per evaluation; rare
 *    forms call their stage-1 closure. It runs optimistically without a test per step and hands an
 *    item whose result is not a finite number to a checked version of the same code (see buildSource).
 *    Repricing a whole order on every write is the hot path; the targets are in bench/README.md and
 *    the figures come from `npm run bench` (bench/results.json).
 *
 * Why generating code is safe here: the source holds only numbers checked with Number.isFinite, table
 * indices and fixed operator text, never text from the rule (strings to compare with are in the
 * constant table the function receives). Where code generation is refused (a Content-Security-Policy
 * without 'unsafe-eval'), `specialise` returns null and the closures run. Property tests (costs.test.ts,
 * compile.test.ts) check that the paths give the same prices, failures and log lines.
 *
 * Failures (docs/pricing.md, decision 0021): an expression that cannot be evaluated has the value 0,
 * combined with the running total by its operator as usual; a combination that is not a finite number
 * (division by zero, overflow) makes the running total 0. Both are logged once and reported.
 */

/** Where a failed evaluation is reported (default console.warn). */
export type PricingLog = (message: string, details: PricingFailure) => void;

export interface PricingFailure {
  ruleId: number;
  versionKey: string;
  productId: number;
  /** 1-based position, "3" or "3.2" inside a group; '' for the item's price as a whole (out of range). */
  expressionPath: string;
  description: string | null;
  reason: string;
}

/** How many failures an item keeps in `failedSteps` (its `failures` count has them all). */
export const MAX_FAILED_STEPS = 10;

/** Mutable state of one evaluation (one item). */
export interface EvalContext {
  /** Set by a value function that returns NaN. */
  reason: string;
  failures: number;
  /** The first MAX_FAILED_STEPS failures, as logged. */
  failedSteps: PricingFailure[];
  productId: number;
  log: PricingLog;
  ruleId: number;
  versionKey: string;
}

type ValueFn = (props: InstanceProperties, qty: number, ctx: EvalContext) => number;
type TestFn = (props: InstanceProperties, qty: number) => boolean;

const OPS = ['+', '-', '*', '/', '%', 'and', 'or', '==='] as const;
const enum Op {
  Add,
  Sub,
  Mul,
  Div,
  Mod,
  And,
  Or,
  Eq,
}

/** What the code generator needs to know about an expression. */
const enum Kind {
  /** A finite constant (fixedValue). */
  Fixed,
  /** Option price or classifier number of the option chosen for property pid, looked up in table. */
  Lookup,
  /** The item's numeric value of property pid. */
  PropertyValue,
  /** Nested expressions (children). */
  Group,
  /** Anything else that has a value: called through `value`. */
  Call,
  /** Cannot be evaluated at all (the reason is known when compiling). */
  Failed,
}

/**
 * Option id → number for one property (option prices, or one classifier number). Dense ids use an
 * array of numbers indexed by id − offset (NaN where the id is not an option of the property); sparse
 * ones a Map. NaN or undefined means "not an option of this property".
 */
interface LookupTable {
  dense: number[] | null;
  offset: number;
  map: Map<number, number> | null;
}

/** The inlinable form of a check; null when the check runs as a closure. */
type CheckPlan =
  | { actual: 'option'; pid: number; ids: number[]; isNull: boolean; negate: boolean }
  | { actual: 'quantity'; op: CheckOp; list: number[] | null; expected: number }
  | { actual: 'value'; pid: number; op: CheckOp; expected: number };

interface CompiledCheck {
  test: TestFn;
  plan: CheckPlan | null;
  /** Sentence for a failed check, e.g. 'property 7 option is 22, expected one of 24, 25'. */
  describe: (props: InstanceProperties, qty: number) => string;
}

interface CompiledCondition {
  test: TestFn;
  or: boolean;
  checks: CompiledCheck[];
}

interface CompiledStep {
  path: string;
  type: string;
  opText: string;
  op: Op;
  description: string | null;
  /** null: no condition. */
  cond: CompiledCondition | null;
  kind: Kind;
  value: ValueFn;
  /** For explanations only. */
  detail: (props: InstanceProperties, qty: number) => string;
  children: CompiledStep[] | null;
  /** Kind.Fixed: the constant. */
  fixedValue: number;
  /** Kind.Lookup and Kind.PropertyValue: the property id. */
  pid: number;
  /** Kind.Lookup: option id → number. */
  table: LookupTable | null;
  /** Kind.Lookup, for explanations: the catalogue, to name the property and the chosen option. */
  names: CatalogueIndex | null;
}

export interface CompiledPricingVersion {
  ruleId: number;
  versionKey: string;
  /** Runs the expressions; returns the raw unit price (may be fractional; always finite). */
  evaluate(props: InstanceProperties, qty: number, ctx: EvalContext, trace: PricingStep[] | null): number;
  /** @internal The generated function itself (evaluate without a trace, one call less per item); null when not generated. */
  readonly generated: ((props: InstanceProperties, qty: number, ctx: EvalContext) => number) | null;
}

export interface CompileOptions {
  catalogue: CatalogueIndex;
  ruleId: number;
  versionKey: string;
}

const cache = new WeakMap<PricingRuleVersion, WeakMap<CatalogueIndex, CompiledPricingVersion>>();

/** Compiles (or returns the cached compilation of) a version for a catalogue. */
export function compilePricingRuleVersion(version: PricingRuleVersion, opts: CompileOptions): CompiledPricingVersion {
  let byCatalogue = cache.get(version);
  if (!byCatalogue) cache.set(version, (byCatalogue = new WeakMap()));
  let compiled = byCatalogue.get(opts.catalogue);
  if (!compiled || compiled.ruleId !== opts.ruleId || compiled.versionKey !== opts.versionKey) {
    compiled = compileUncached(version, opts);
    byCatalogue.set(opts.catalogue, compiled);
  }
  return compiled;
}

function compileUncached(version: PricingRuleVersion, opts: CompileOptions): CompiledPricingVersion {
  const steps = compileList(Array.isArray(version.expressions) ? version.expressions : [], '', opts.catalogue, new Map());
  const fast = specialise(steps);
  return {
    ruleId: opts.ruleId,
    versionKey: opts.versionKey,
    generated: fast,
    evaluate(props, qty, ctx, trace) {
      if (trace === null && fast !== null) return fast(props ?? {}, qty, ctx);
      return runList(steps, props ?? {}, qty, ctx, trace);
    },
  };
}

/** @internal The generated source of a version (tests check that no rule text gets into it); null when not generated. */
export function generatedSource(version: PricingRuleVersion, catalogue: CatalogueIndex): string | null {
  const steps = compileList(Array.isArray(version.expressions) ? version.expressions : [], '', catalogue, new Map());
  return buildSource(steps)?.source ?? null;
}

// ---------------------------------------------------------------------------------------------
// Generated code

type FastFn = (props: InstanceProperties, qty: number, ctx: EvalContext) => number;

/** The functions the generated code calls on rare paths (non-number option ids and values, failures). */
interface Helpers {
  /** A failed step (value or combination): logs it and returns the new running total. */
  Z: (ctx: EvalContext, i: number, total: number, v: number, p: InstanceProperties, q: number) => number;
  /** An option id that is not a number: normalised as selectedOptionId does. */
  N: (id: unknown) => number | null;
  /** A property value that is not a number: its numeric value for an expression (propertyNumber). */
  W: (raw: unknown) => number;
  /** A property value that is not a number: its number for a comparison (NaN when not set). */
  M: (raw: unknown) => number;
  /** A property value that is not a number, compared with a number for equality. */
  E: (raw: unknown, expected: number) => boolean;
}

/**
 * The source of the rule's two functions:
 *
 * - `evaluate`, the optimistic one, is the rule as straight-line arithmetic with no test per step: it
 *   assumes nothing fails. A failure always leaves a value or running total that is not a finite number,
 *   and NaN and ±Infinity carry through + − × ÷ % to the end; only a few operations could turn them back
 *   into a finite number (and, or, ===, and ÷ or % by a value that may be infinite), so those test
 *   their operands. When the end result or such a test is not finite, it hands the item over to `B`.
 * - `B`, the checked one, tests every step and applies the failure rule (Z: logged, counted, value 0 or
 *   running total 0). Without failures both compute the same operations in the same order, so the same
 *   number; failures are rare, so `B` costs nothing on the usual path.
 *
 * The source holds only numbers that pass Number.isFinite (`lit`), integer indices into the constant
 * table K and the step list, property ids (integers) and the fixed operator text of OP_SOURCE and
 * CHECK_SOURCE. Returns null when there is nothing to generate.
 */
function buildSource(steps: readonly CompiledStep[]): { source: string; constants: unknown[]; stepRefs: CompiledStep[] } | null {
  if (steps.length === 0) return null;
  const constants: unknown[] = [];
  const constantIndex = new Map<unknown, number>();
  const constant = (x: unknown) => {
    let k = constantIndex.get(x);
    if (k === undefined) constantIndex.set(x, (k = constants.push(x) - 1));
    return `K${k}`;
  };
  const stepRefs: CompiledStep[] = [];
  const stepIndex = new Map<CompiledStep, number>();
  const stepRef = (s: CompiledStep) => {
    let i = stepIndex.get(s);
    if (i === undefined) stepIndex.set(s, (i = stepRefs.push(s) - 1));
    return int(i);
  };
  let deepest = 0;

  /**
   * Each property the rule reads is read once, at the top of the function, into a local: the chosen
   * option id (number or null), the raw value, the value as a number for an expression (propertyNumber)
   * and as a number for a comparison (NaN when not set). Rules read the same few properties in many
   * expressions and conditions; nothing changes the item while a rule runs.
   */
  const reads = new Map<string, { name: string; src: string }>();
  const read = (key: string, src: () => string) => {
    let r = reads.get(key);
    if (r === undefined) reads.set(key, (r = { name: `a${reads.size}`, src: src() }));
    return r.name;
  };
  const optionId = (pid: number) => read(`option ${pid}`, () => `(s = p[${int(pid)}]) == null ? null : typeof (o = s.optionId) === 'number' ? o : N(o)`);
  const rawValue = (pid: number) => read(`raw ${pid}`, () => `(s = p[${int(pid)}]) == null ? undefined : s.value`);
  const numberValue = (pid: number) => {
    const r = rawValue(pid);
    return read(`number ${pid}`, () => `typeof ${r} === 'number' ? (${r} - ${r} === 0 ? ${r} : 0) : W(${r})`);
  };
  const comparable = (pid: number) => {
    const r = rawValue(pid);
    return read(`comparable ${pid}`, () => `typeof ${r} === 'number' ? ${r} : M(${r})`);
  };

  const check = (c: CompiledCheck): string => {
    const k = c.plan;
    if (k === null) return `${constant(c.test)}(p, q)`;
    if (k.actual === 'option') {
      const o = optionId(k.pid);
      let src: string;
      if (k.isNull) src = `${o} === null`;
      else if (k.ids.length <= 8) src = k.ids.map((id) => `${o} === ${lit(id)}`).join(' || ');
      else src = `${constant(new Set(k.ids))}.has(${o})`;
      return k.negate ? `!(${src})` : `(${src})`;
    }
    if (k.actual === 'quantity') {
      if (k.list === null) return `(q ${CHECK_SOURCE[k.op]} ${lit(k.expected)})`;
      const has = k.list.length <= 8 ? k.list.map((x) => `q === ${lit(x)}`).join(' || ') : `${constant(new Set(k.list))}.has(q)`;
      return k.op === '!==' ? `!(${has})` : `(${has})`;
    }
    if (k.op === '===' || k.op === '!==') {
      const r = rawValue(k.pid);
      const eq = `(typeof ${r} === 'number' ? ${r} === ${lit(k.expected)} : E(${r}, ${lit(k.expected)}))`;
      return k.op === '===' ? eq : `!${eq}`;
    }
    return `(${comparable(k.pid)} ${CHECK_SOURCE[k.op]} ${lit(k.expected)})`;
  };

  const condition = (c: CompiledCondition): string | null => {
    if (c.checks.length === 0) return null; // an empty condition always holds
    return c.checks.map(check).join(c.or ? ' || ' : ' && ');
  };

  /**
   * The expression that computes a leaf step's value: a finite number, or NaN / undefined when it
   * fails (an unknown option); a Call value may also be ±Infinity.
   */
  const valueOf = (s: CompiledStep): string => {
    switch (s.kind) {
      case Kind.PropertyValue:
        return numberValue(s.pid);
      case Kind.Lookup: {
        const t = s.table!;
        const o = optionId(s.pid);
        const table = constant(t.dense ?? t.map);
        // An id outside the dense table reads undefined, which fails like NaN.
        const found = t.dense !== null ? `${table}[${t.offset === 0 ? o : `${o} - ${lit(t.offset)}`}]` : `${table}.get(${o})`;
        return `(${o} === null ? 0 : ${found})`;
      }
      default:
        return `${constant(s.value)}(p, q, ctx)`;
    }
  };

  const indicator = (op: Op) => op === Op.And || op === Op.Or || op === Op.Eq;
  const divides = (op: Op) => op === Op.Div || op === Op.Mod;

  const body = (list: readonly CompiledStep[], depth: number, indent: string, checked: boolean): string => {
    deepest = Math.max(deepest, depth);
    const t = `t${depth}`;
    let src = '';
    for (const s of list) {
      const i = stepRef(s);
      const fail = (v: string) => `${t} = Z(ctx, ${i}, ${t}, ${v}, p, q);`;
      const handOver = 'return B(p, q, ctx);';
      const finite = (x: string) => `${x} - ${x}`;
      let step: string;
      if (s.kind === Kind.Failed) step = checked ? `${indent}${fail('NaN')}\n` : `${indent}${handOver}\n`;
      else if (s.kind === Kind.Fixed) {
        // A finite constant: only the combination can fail.
        const v = lit(s.fixedValue);
        if (checked) step = `${indent}if ((n = ${OP_SOURCE[s.op](t, v)}) - n === 0) ${t} = n; else ${fail(v)}\n`;
        else step = `${indent}${indicator(s.op) ? `if (${finite(t)} !== 0) ${handOver} ` : ''}${t} = ${OP_SOURCE[s.op](t, v)};\n`;
      } else if (s.kind === Kind.Group) {
        // Checked: a group's running total is always finite. Optimistic: it may not be, and ÷ or % by ±Infinity would hide that.
        const u = `t${depth + 1}`;
        const inner = `${indent}${u} = 0;\n${body(s.children!, depth + 1, indent, checked)}`;
        if (checked) step = `${inner}${indent}if ((n = ${OP_SOURCE[s.op](t, u)}) - n === 0) ${t} = n; else ${fail(u)}\n`;
        else {
          const test = indicator(s.op) ? `${finite(t)} + (${finite(u)})` : divides(s.op) ? finite(u) : null;
          step = `${inner}${indent}${test === null ? '' : `if (${test} !== 0) ${handOver} `}${t} = ${OP_SOURCE[s.op](t, u)};\n`;
        }
      } else if (checked) {
        // v - v is 0 for a finite v and NaN otherwise: one test covers a failed value and a failed combination.
        step = `${indent}v = ${valueOf(s)};\n${indent}if ((n = ${OP_SOURCE[s.op](t, 'v')}) - n + (v - v) === 0) ${t} = n; else ${fail('v')}\n`;
      } else if (indicator(s.op) || s.kind === Kind.Call) {
        step = `${indent}v = ${valueOf(s)};\n${indent}if (${indicator(s.op) ? `${finite(t)} + (${finite('v')})` : finite('v')} !== 0) ${handOver} ${t} = ${OP_SOURCE[s.op](t, 'v')};\n`;
      } else {
        // NaN or undefined from a failed lookup carries through the arithmetic to the end.
        step = `${indent}${t} = ${OP_SOURCE[s.op](t, valueOf(s))};\n`;
      }
      const cond = s.cond === null ? null : condition(s.cond);
      src += cond === null ? step : `${indent}if (${cond}) {\n${step.replace(/^(?=.)/gm, '  ')}${indent}}\n`;
    }
    return src;
  };

  const checkedBody = body(steps, 0, '  ', true);
  const fastBody = body(steps, 0, '  ', false);
  const totals = Array.from({ length: deepest + 1 }, (_, d) => `t${d} = 0`).join(', ');
  const locals = `  let ${totals}, v = 0, n = 0, o = null, s;\n${[...reads.values()].map((r) => `  const ${r.name} = ${r.src};\n`).join('')}`;
  const source =
    constants.map((_, k) => `const K${k} = K[${k}];\n`).join('') +
    `function B(p, q, ctx) {\n${locals}${checkedBody}  return t0;\n}\n` +
    `return function evaluate(p, q, ctx) {\n${locals}${fastBody}  return t0 - t0 === 0 ? t0 : B(p, q, ctx);\n};`;
  return { source, constants, stepRefs };
}

/**
 * Whether pricing may generate code. The portal's pages run under a Content-Security-Policy without
 * 'unsafe-eval' (every attempt would be refused and reported as a violation), so in a browser the
 * engine uses its closures, which give the same results; the server (Node) generates code.
 */
let codeGeneration = typeof document === 'undefined';

/** Turns code generation on or off (tests and benchmarks compare both paths). */
export function setPricingCodeGeneration(on: boolean): void {
  codeGeneration = on;
}

/**
 * The hot path without explanations (see the top of this file). Same results as runList (tested);
 * null where generating code is not allowed or nothing needs generating.
 */
function specialise(steps: readonly CompiledStep[]): FastFn | null {
  if (!codeGeneration) return null;
  try {
    const built = buildSource(steps);
    if (built === null) return null;
    const { source, constants, stepRefs } = built;
    const helpers: Helpers = {
      Z: (ctx, i, total, v, p, q) => {
        const s = stepRefs[i]!;
        // A value failure is evaluated again by its closure, which says why (the same words as the explained path).
        const value = v - v === 0 ? v : s.value(p, q, ctx);
        return settle(ctx, s, total, value).total;
      },
      N: normaliseOptionId,
      W: rawPropertyNumber,
      M: comparableNumber,
      E: numericEquals,
    };
    const factory = new Function('K', 'Z', 'N', 'W', 'M', 'E', source) as (k: unknown[], ...h: Helpers[keyof Helpers][]) => FastFn;
    return factory(constants, helpers.Z, helpers.N, helpers.W, helpers.M, helpers.E);
  } catch {
    return null;
  }
}

/** A number for the generated source: only finite numbers are ever written (the safety rule above). */
function lit(n: number): string {
  if (typeof n !== 'number' || !Number.isFinite(n)) throw new Error('not a finite number');
  return Object.is(n, -0) ? '(-0)' : `(${String(n)})`;
}

/** An index or property id for the generated source. */
function int(n: number): string {
  if (!Number.isSafeInteger(n)) throw new Error('not an integer');
  return String(n);
}

const OP_SOURCE: Record<Op, (t: string, v: string) => string> = {
  [Op.Add]: (t, v) => `${t} + ${v}`,
  [Op.Sub]: (t, v) => `${t} - ${v}`,
  [Op.Mul]: (t, v) => `${t} * ${v}`,
  [Op.Div]: (t, v) => `${t} / ${v}`,
  [Op.Mod]: (t, v) => `${t} % ${v}`,
  [Op.And]: (t, v) => `(${t} !== 0 && ${v} !== 0 ? 1 : 0)`,
  [Op.Or]: (t, v) => `(${t} !== 0 || ${v} !== 0 ? 1 : 0)`,
  [Op.Eq]: (t, v) => `(${t} === ${v} ? 1 : 0)`,
};

const CHECK_OPS = ['===', '!==', '<', '<=', '>', '>=', 'in'] as const;
type CheckOp = (typeof CHECK_OPS)[number];
const CHECK_SOURCE: Record<CheckOp, string> = { '===': '===', '!==': '!==', '<': '<', '<=': '<=', '>': '>', '>=': '>=', in: '===' };

// ---------------------------------------------------------------------------------------------
// Evaluation (closures) and failures

function combine(op: Op, t: number, v: number): number {
  switch (op) {
    case Op.Add:
      return t + v;
    case Op.Sub:
      return t - v;
    case Op.Mul:
      return t * v;
    case Op.Div:
      return t / v;
    case Op.Mod:
      return t % v;
    case Op.And:
      return t !== 0 && v !== 0 ? 1 : 0;
    case Op.Or:
      return t !== 0 || v !== 0 ? 1 : 0;
    case Op.Eq:
      return t === v ? 1 : 0;
  }
}

interface Settled {
  total: number;
  /** The value combined: 0 when the value failed. */
  value: number;
  failure: StepFailure;
  reason: string;
}

/**
 * A step whose value or combination is not a finite number. A failed value counts as 0 and is combined
 * as usual; a combination that is still not a finite number (division by zero, overflow) makes the
 * running total 0. Logged and counted once either way.
 */
function settle(ctx: EvalContext, s: CompiledStep, total: number, v: number): Settled {
  let settled: Settled;
  if (v - v !== 0) {
    let reason = ctx.reason || (typeof v === 'number' && v === v ? `the value is not a finite number (${v})` : 'unknown error');
    let next = combine(s.op, total, 0);
    let failure: StepFailure = 'value';
    if (next - next !== 0) {
      reason += `; ${s.opText} 0 is a division by zero`;
      next = 0;
      failure = 'valueAndResult';
    }
    settled = { total: next, value: 0, failure, reason };
  } else {
    const reason = (s.op === Op.Div || s.op === Op.Mod) && v === 0 ? `division by zero (${s.opText} 0)` : `the result is not a finite number (${total} ${s.opText} ${v})`;
    settled = { total: 0, value: v, failure: 'result', reason };
  }
  fail(ctx, s, settled.reason);
  return settled;
}

function fail(ctx: EvalContext, s: CompiledStep, reason: string): void {
  reportFailure(ctx, { ruleId: ctx.ruleId, versionKey: ctx.versionKey, productId: ctx.productId, expressionPath: s.path, description: s.description, reason });
  ctx.reason = '';
}

/** Counts, keeps (the first MAX_FAILED_STEPS) and logs one failure. */
export function reportFailure(ctx: Pick<EvalContext, 'failures' | 'failedSteps' | 'log'>, details: PricingFailure, message?: string): void {
  ctx.failures++;
  if (ctx.failedSteps.length < MAX_FAILED_STEPS) ctx.failedSteps.push(details);
  ctx.log(
    message ??
      `pricing: rule ${details.ruleId} version ${details.versionKey} expression ${details.expressionPath}${details.description ? ` "${details.description}"` : ''} (product ${details.productId}) failed: ${details.reason}; treated as 0`,
    details,
  );
}

function runList(steps: readonly CompiledStep[], props: InstanceProperties, qty: number, ctx: EvalContext, trace: PricingStep[] | null): number {
  let total = 0;
  for (let i = 0; i < steps.length; i++) {
    const s = steps[i]!;
    if (s.cond !== null && !s.cond.test(props, qty)) {
      if (trace !== null) trace.push(traceStep(s, 'skipped', null, total, total, '', skipReason(s.cond, props, qty)));
      continue;
    }
    let v: number;
    let children: PricingStep[] | null = null;
    if (s.children !== null) {
      if (trace !== null) children = [];
      v = runList(s.children, props, qty, ctx, children);
    } else {
      v = s.value(props, qty, ctx);
    }
    const next = combine(s.op, total, v);
    // x - x is 0 for finite x and NaN for NaN and ±Infinity: one test covers both values.
    if (v - v + (next - next) !== 0) {
      const r = settle(ctx, s, total, v);
      if (trace !== null) {
        const t = traceStep(s, 'failed', r.value, total, r.total, r.failure === 'result' ? stepDetail(s, props, qty) : '', r.reason);
        t.failure = r.failure;
        if (children !== null) t.steps = children;
        trace.push(t);
      }
      total = r.total;
      continue;
    }
    if (trace !== null) {
      const t = traceStep(s, 'applied', v, total, next, stepDetail(s, props, qty));
      // An option's price or number: which option, so the explanation can name it for a reader.
      if (s.kind === Kind.Lookup) {
        const optionId = selectedOptionId(props[s.pid]);
        t.propertyId = s.pid;
        t.propertyTitle = s.names?.property(s.pid)?.title ?? null;
        t.optionId = optionId;
        t.optionTitle = optionId === null ? null : (s.names?.option(optionId)?.title ?? null);
      }
      if (children !== null) t.steps = children;
      trace.push(t);
    }
    total = next;
  }
  return total;
}

function stepDetail(s: CompiledStep, props: InstanceProperties, qty: number): string {
  return s.children !== null ? 'group' : s.detail(props, qty);
}

function traceStep(s: CompiledStep, status: PricingStep['status'], value: number | null, before: number, after: number, detail: string, reason?: string): PricingStep {
  const step: PricingStep = {
    path: s.path,
    type: s.type,
    operator: s.opText,
    description: s.description,
    status,
    value,
    contribution: after - before,
    totalBefore: before,
    totalAfter: after,
    detail,
  };
  if (reason !== undefined) step.reason = reason;
  return step;
}

function skipReason(c: CompiledCondition, props: InstanceProperties, qty: number): string {
  if (c.or) return `none of its conditions holds (${c.checks.map((k) => k.describe(props, qty)).join('; ')})`;
  for (const k of c.checks) if (!k.test(props, qty)) return `its condition is false: ${k.describe(props, qty)}`;
  return 'its condition is false';
}

// ---------------------------------------------------------------------------------------------
// Compilation

/** Lookup tables shared by the steps of one compilation ("price:7", "class:7:2:0"). */
type TableCache = Map<string, LookupTable>;

function compileList(exprs: readonly PricingExpression[], prefix: string, cat: CatalogueIndex, tables: TableCache): CompiledStep[] {
  return exprs.map((e, i) => compileStep(e, `${prefix}${i + 1}`, cat, tables));
}

function failing(reason: string): ValueFn {
  return (_p, _q, ctx) => {
    ctx.reason = reason;
    return NaN;
  };
}

function isInt(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n);
}

function compileStep(e: PricingExpression, path: string, cat: CatalogueIndex, tables: TableCache): CompiledStep {
  const ex = (e && typeof e === 'object' ? e : {}) as Partial<PricingExpression>;
  const props = (ex.props && typeof ex.props === 'object' ? ex.props : {}) as PricingExpression['props'];
  const opText = ex.operator == null ? '+' : String(ex.operator);
  const opIndex = OPS.indexOf(opText as (typeof OPS)[number]);
  const step: CompiledStep = {
    path,
    type: String(ex.type ?? 'unknown'),
    opText,
    op: (opIndex < 0 ? 0 : opIndex) as Op,
    description: typeof ex.description === 'string' && ex.description ? ex.description : null,
    cond: null,
    kind: Kind.Call,
    value: failing('internal error'),
    detail: () => '',
    children: null,
    fixedValue: 0,
    pid: 0,
    table: null,
    names: null,
  };
  let problem: string | null = opIndex < 0 ? `unknown operator "${opText}"` : null;

  if (ex.condition != null) {
    const c = compileCondition(ex.condition);
    if (typeof c === 'string') problem ??= `invalid condition: ${c}`;
    else step.cond = c;
  }

  if (problem === null) {
    switch (ex.type) {
      case 'fixed': {
        const v = props.value;
        if (typeof v === 'number' && Number.isFinite(v)) {
          step.kind = Kind.Fixed;
          step.value = () => v;
          step.fixedValue = v;
          step.detail = () => `fixed value ${v}`;
        } else problem = 'props.value is not a number';
        break;
      }
      case 'productPropertyPrice': {
        const pid = props.productPropertyId;
        if (!isInt(pid)) {
          problem = 'props.productPropertyId is missing';
          break;
        }
        const table = lookupTable(tables, `price:${pid}`, cat.optionsOf(pid), (o) => optionPrice(o.data));
        setLookup(step, cat, pid, table, (id, n) => `option ${id}${optionTitle(cat, id)} of property ${pid} priced ${n}`, `no option chosen for property ${pid}, price 0`);
        break;
      }
      case 'productPropertyClassifierNumber': {
        const cid = props.productOptionClassifierGroupId;
        const idx = props.productOptionClassifierNumberIndex ?? 0;
        const pid = props.productPropertyId;
        if (!isInt(cid)) problem = 'props.productOptionClassifierGroupId is missing';
        else if (!isInt(idx) || idx < 0) problem = 'props.productOptionClassifierNumberIndex is not a whole number ≥ 0';
        else if (!cat.classifier(cid)) problem = `classifier ${cid} does not exist`;
        else if (pid != null && !isInt(pid)) problem = 'props.productPropertyId is not a whole number';
        if (problem !== null) break;
        const cidKey = String(cid);
        const numberTitle = cat.classifier(cid!)?.numberTitles?.[idx] ?? `number ${idx}`;
        const classifierTitle = cat.classifier(cid!)?.title ?? '';
        if (isInt(pid)) {
          const table = lookupTable(tables, `class:${pid}:${cidKey}:${idx}`, cat.optionsOf(pid), (o) => classifierNumber(o.classifications, cidKey, idx));
          setLookup(step, cat, pid, table, (id, n) => `option ${id}${optionTitle(cat, id)} has ${numberTitle} ${n} in classifier ${cid} "${classifierTitle}"`, `no option chosen for property ${pid}, ${numberTitle} 0`);
        } else {
          // No property: the sum over every chosen option classified by this classifier (rare: a call).
          step.value = (p) => {
            let sum = 0;
            for (const k in p) {
              const id = selectedOptionId(p[k]);
              if (id !== null) sum += classifierNumber(cat.option(id)?.classifications, cidKey, idx);
            }
            return sum;
          };
          step.detail = () => `sum of ${numberTitle} in classifier ${cid} "${classifierTitle}" over the chosen options`;
        }
        break;
      }
      case 'propertyValue': {
        const pid = props.productPropertyId;
        if (!isInt(pid)) {
          problem = 'props.productPropertyId is missing';
          break;
        }
        const key = pid; // numeric: instance property keys are array-index-like, numeric access is faster
        step.kind = Kind.PropertyValue;
        step.pid = pid;
        step.value = (p) => propertyNumber(p[key]);
        step.detail = (p) => {
          const raw = p[key]?.value;
          return raw == null || raw === '' ? `property ${pid} has no value, counts as 0` : `property ${pid} value ${JSON.stringify(raw)}`;
        };
        break;
      }
      case 'group': {
        if (!Array.isArray(props.expressions)) {
          problem = 'props.expressions is not an array';
          break;
        }
        step.kind = Kind.Group;
        step.children = compileList(props.expressions, `${path}.`, cat, tables);
        break;
      }
      default:
        problem = `unknown expression type "${String(ex.type)}"`;
    }
  }
  if (problem !== null) {
    step.kind = Kind.Failed;
    step.value = failing(problem);
    step.children = null;
  }
  return step;
}

/** A step that reads the chosen option of property pid and looks its number up in table. */
function setLookup(step: CompiledStep, cat: CatalogueIndex, pid: number, table: LookupTable, found: (id: number, n: number) => string, none: string): void {
  const key = pid; // numeric: instance property keys are array-index-like, numeric access is faster
  step.kind = Kind.Lookup;
  step.pid = pid;
  step.table = table;
  step.names = cat;
  step.value = (p, _q, ctx) => {
    const id = selectedOptionId(p[key]);
    if (id === null) return 0;
    const n = lookup(table, id);
    if (n === n) return n;
    ctx.reason = optionProblem(cat, id, pid);
    return NaN;
  };
  step.detail = (p) => {
    const id = selectedOptionId(p[key]);
    return id === null ? none : found(id, lookup(table, id));
  };
}

function lookupTable(tables: TableCache, key: string, options: readonly { id: number; data?: unknown; classifications?: unknown }[], numberOf: (o: { id: number; data?: unknown; classifications?: unknown }) => number): LookupTable {
  let t = tables.get(key);
  if (t) return t;
  let min = Infinity;
  let max = -Infinity;
  let dense = true;
  for (const o of options) {
    if (!Number.isSafeInteger(o.id)) dense = false;
    min = Math.min(min, o.id);
    max = Math.max(max, o.id);
  }
  // Dense when the ids are close together (the usual case: a property's options are created together).
  if (dense && options.length > 0 && max - min < Math.max(64, 4 * options.length)) {
    // Built by push, so V8 keeps it a packed array of doubles (no holes to check on a read).
    const arr: number[] = [];
    for (let id = min; id <= max; id++) arr.push(NaN);
    for (const o of options) arr[o.id - min] = numberOf(o);
    t = { dense: arr, offset: min, map: null };
  } else {
    const map = new Map<number, number>();
    for (const o of options) map.set(o.id, numberOf(o));
    t = { dense: options.length === 0 ? [] : null, offset: 0, map: options.length === 0 ? null : map };
  }
  tables.set(key, t);
  return t;
}

/** The table's number for an option id; NaN when the id is not an option of the property. */
function lookup(t: LookupTable, id: number): number {
  if (t.dense !== null) {
    return t.dense[id - t.offset] ?? NaN;
  }
  return t.map!.get(id) ?? NaN;
}

/** An option's price: option.data.priceInCents (whole cents; numeric text accepted); otherwise 0. */
export function optionPrice(data: unknown): number {
  const v = data && typeof data === 'object' ? (data as Record<string, unknown>).priceInCents : undefined;
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : 0;
  return Number.isFinite(n) ? n : 0;
}

/** option.classifications[classifierId][index] when it is a number; otherwise 0. */
export function classifierNumber(classifications: unknown, classifierKey: string, index: number): number {
  if (!classifications || typeof classifications !== 'object') return 0;
  const list = (classifications as Record<string, unknown>)[classifierKey];
  const v = Array.isArray(list) ? list[index] : undefined;
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : 0;
  return Number.isFinite(n) ? n : 0;
}

/** The chosen option id of a property selection: a number, or null when none is chosen. */
function selectedOptionId(sel: { optionId?: unknown } | null | undefined): number | null {
  if (sel === undefined || sel === null) return null;
  const id = sel.optionId;
  return typeof id === 'number' ? id : normaliseOptionId(id);
}

/** An option id stored as something other than a number: numeric text counts; null, blank or other → none. */
function normaliseOptionId(id: unknown): number | null {
  if (typeof id === 'number') return id;
  if (id == null || (typeof id === 'string' && id.trim() === '')) return null;
  const n = Number(id);
  return Number.isFinite(n) ? n : null;
}

function optionProblem(cat: CatalogueIndex, id: number, pid: number): string {
  const o = cat.option(id);
  return o ? `option ${id} belongs to property ${o.productPropertyId}, not ${pid}` : `option ${id} does not exist`;
}

function optionTitle(cat: CatalogueIndex, id: number): string {
  const t = cat.option(id)?.title;
  return t ? ` "${t}"` : '';
}

/** A property's numeric value: numbers as they are; text parsed (digits, one '.', leading '-'); missing → 0. */
export function propertyNumber(sel: { value?: string | number | null } | undefined): number {
  if (sel === undefined || sel === null) return 0;
  return rawPropertyNumber(sel.value);
}

function rawPropertyNumber(v: unknown): number {
  if (typeof v === 'number') return Number.isFinite(v) ? v : 0;
  if (typeof v !== 'string' || v === '') return 0;
  const direct = Number(v);
  if (Number.isFinite(direct)) return direct;
  const cleaned = v.replace(/[^0-9.-]/g, '');
  const n = Number.parseFloat(cleaned);
  return Number.isFinite(n) ? n : 0;
}

/** A property value as a number for <, <=, >, >=: numbers as they are, text converted, not set → NaN (never holds). */
function comparableNumber(a: unknown): number {
  return typeof a === 'number' ? a : a == null || a === '' ? NaN : Number(a);
}

/** Equality of a property value with a number: numbers compare as numbers, numeric text too ("800" equals 800). */
function numericEquals(a: unknown, expected: number): boolean {
  return typeof a === 'number' ? a === expected : a != null && a !== '' && Number(a) === expected;
}

// ---------------------------------------------------------------------------------------------
// Conditions

function compileCondition(c: PricingCondition): CompiledCondition | string {
  if (!c || typeof c !== 'object') return 'not an object';
  const op = c.operator ?? 'and';
  if (op !== 'and' && op !== 'or') return `operator must be "and" or "or", not "${String(op)}"`;
  if (!Array.isArray(c.conditions)) return 'conditions is not an array';
  const checks: CompiledCheck[] = [];
  for (const [i, raw] of c.conditions.entries()) {
    const k = compileCheck(raw);
    if (typeof k === 'string') return `check ${i + 1}: ${k}`;
    checks.push(k);
  }
  const tests = checks.map((k) => k.test);
  const n = tests.length;
  let test: TestFn;
  if (n === 0) test = () => true; // an empty condition always holds
  else if (n === 1) test = tests[0]!;
  else if (op === 'and')
    test = (p, q) => {
      for (let i = 0; i < n; i++) if (!tests[i]!(p, q)) return false;
      return true;
    };
  else
    test = (p, q) => {
      for (let i = 0; i < n; i++) if (tests[i]!(p, q)) return true;
      return false;
    };
  return { test, or: op === 'or' && n > 0, checks };
}

type Getter = (p: InstanceProperties, q: number) => unknown;

const finiteNumbers = (xs: readonly unknown[]): xs is number[] => xs.every((x) => typeof x === 'number' && Number.isFinite(x));

function compileCheck(check: PricingCheck): CompiledCheck | string {
  if (!check || typeof check !== 'object' || !check.actual) return 'actual is missing';
  const { type, productPropertyId: pid } = check.actual;
  const op = (check.operator ?? '===') as CheckOp;
  if (!CHECK_OPS.includes(op)) return `unknown comparison "${String(op)}"`;
  let get: Getter;
  let what: string;
  if (type === 'quantity') {
    get = (_p, q) => q;
    what = 'quantity';
  } else if (type === 'optionId' || type === 'propertyValue') {
    if (!isInt(pid)) return 'actual.productPropertyId is missing';
    const key = pid; // numeric: instance property keys are array-index-like, numeric access is faster
    if (type === 'optionId') {
      get = (p) => selectedOptionId(p[key]);
      what = `property ${pid} option`;
    } else {
      get = (p) => {
        const v = p[key]?.value;
        return v === undefined ? null : v;
      };
      what = `property ${pid} value`;
    }
  } else return `unknown actual type "${String(type)}"`;

  const expected = check.expected;
  const isList = op === 'in' || Array.isArray(expected);
  let test: TestFn;
  let plan: CheckPlan | null = null;
  if (isList) {
    if (!Array.isArray(expected)) return '"in" needs an array as expected';
    const nums = new Set<number>();
    const strs = new Set<string>();
    for (const x of expected) {
      if (typeof x === 'number') nums.add(x);
      else strs.add(String(x));
      const n = typeof x === 'string' && x.trim() !== '' ? Number(x) : NaN;
      if (Number.isFinite(n)) nums.add(n);
    }
    const has = (a: unknown) => (typeof a === 'number' ? nums.has(a) : a == null ? false : strs.has(String(a)) || nums.has(Number(a)));
    test = op === '!==' ? (p, q) => !has(get(p, q)) : (p, q) => has(get(p, q));
    // Numbers only: an option id (number or null) or the quantity (a number) is in the list exactly when it equals one of them.
    if (expected.length > 0 && finiteNumbers(expected) && (op === 'in' || op === '===' || op === '!==')) {
      if (type === 'optionId') plan = { actual: 'option', pid: pid!, ids: [...nums], isNull: false, negate: op === '!==' };
      else if (type === 'quantity') plan = { actual: 'quantity', op, list: [...nums], expected: 0 };
    }
  } else if (op === '===' || op === '!==') {
    const eq = equality(expected);
    test = op === '===' ? (p, q) => eq(get(p, q)) : (p, q) => !eq(get(p, q));
    if (type === 'optionId' && (expected === null || (typeof expected === 'number' && Number.isFinite(expected))))
      plan = { actual: 'option', pid: pid!, ids: expected === null ? [] : [expected], isNull: expected === null, negate: op === '!==' };
    else if (typeof expected === 'number' && Number.isFinite(expected)) {
      if (type === 'quantity') plan = { actual: 'quantity', op, list: null, expected };
      else if (type === 'propertyValue') plan = { actual: 'value', pid: pid!, op, expected };
    }
  } else {
    const e = typeof expected === 'number' ? expected : Number(expected);
    if (!Number.isFinite(e) || expected === null || expected === '') return `"${op}" needs a number as expected`;
    const n = (p: InstanceProperties, q: number) => comparableNumber(get(p, q));
    if (op === '<') test = (p, q) => n(p, q) < e;
    else if (op === '<=') test = (p, q) => n(p, q) <= e;
    else if (op === '>') test = (p, q) => n(p, q) > e;
    else test = (p, q) => n(p, q) >= e;
    if (type === 'quantity') plan = { actual: 'quantity', op, list: null, expected: e };
    else if (type === 'propertyValue') plan = { actual: 'value', pid: pid!, op, expected: e };
    // An option id compared with < or >: rare, runs as a closure.
  }
  const expectedText = Array.isArray(expected) ? `one of ${expected.join(', ')}` : JSON.stringify(expected);
  const opText = isList ? (op === '!==' ? 'not' : '') : op === '===' ? '' : `${op} `;
  return {
    test,
    plan,
    describe: (p, q) => {
      const a = get(p, q);
      return `${what} is ${a == null ? 'not set' : JSON.stringify(a)}, expected ${opText ? `${opText}${opText.endsWith(' ') ? '' : ' '}` : ''}${expectedText} (${test(p, q) ? 'holds' : 'fails'})`;
    },
  };
}

function equality(expected: unknown): (a: unknown) => boolean {
  if (expected === null || expected === undefined) return (a) => a == null || a === '';
  if (typeof expected === 'number') return (a) => numericEquals(a, expected);
  if (typeof expected === 'boolean')
    return (a) => {
      const t = a === true || a === 1 || a === '1' || a === 'true';
      const f = a == null || a === false || a === 0 || a === '0' || a === 'false' || a === '';
      return expected ? t : f;
    };
  const s = String(expected);
  return (a) => a != null && String(a) === s;
}
