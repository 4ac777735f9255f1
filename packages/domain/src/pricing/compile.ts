import type { CatalogueIndex } from '../engine/catalogue.ts';
import type { InstanceProperties, PricingCheck, PricingCondition, PricingExpression, PricingRuleVersion } from '../engine/types.ts';
import type { PricingStep } from './explanation.ts';

/**
 * Compiles a pricing rule version once per (version object, catalogue), in two stages:
 *
 * 1. Closures: option prices and classifier numbers are resolved into maps, property keys are
 *    pre-built, and each expression and condition becomes a closure. `runList` walks them; it is the
 *    explained path (every "why this price" step comes from it) and the fallback.
 * 2. Generated code (`specialise`): for pricing without an explanation, the step list is unrolled
 *    into ONE function built with `new Function`, with operators and fixed values inlined, so a
 *    1,000-item order does not pay a loop and an operator switch per step per item, nor a call for
 *    a fixed value.
 *    It buys speed on the path that reprices whole orders on every write; the targets (≤ 10 ms per
 *    1,000-item order, ≥ 20× json-logic-js, within 2× of hand-written JavaScript) are in
 *    bench/README.md and the figures come from `npm run bench` (bench/results.json).
 *
 * Why generating code is safe here: the source holds only finite numbers, array indices and fixed
 * operator text, never text from the rule; everything else is called through the closures of stage 1.
 * Where code generation is refused (a Content-Security-Policy without 'unsafe-eval'), `specialise`
 * returns null and the closures run. A property test (costs.test.ts) checks that both paths give the
 * same prices, failures and log lines.
 */

/** Where a failed evaluation is reported (default console.warn). */
export type PricingLog = (message: string, details: PricingFailure) => void;

export interface PricingFailure {
  ruleId: number;
  versionKey: string;
  productId: number;
  /** 1-based position, "3" or "3.2" inside a group. */
  expressionPath: string;
  description: string | null;
  reason: string;
}

/** Mutable state of one evaluation (one item). */
export interface EvalContext {
  /** Set by a value function that returns NaN. */
  reason: string;
  failures: number;
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

interface CompiledCheck {
  test: TestFn;
  /** Sentence for a failed check, e.g. 'property 7 option is 22, expected one of 24, 25'. */
  describe: (props: InstanceProperties, qty: number) => string;
}

interface CompiledStep {
  path: string;
  type: string;
  opText: string;
  op: Op;
  description: string | null;
  /** null: no condition. */
  cond: TestFn | null;
  condOr: boolean;
  checks: CompiledCheck[];
  value: ValueFn;
  /** For explanations only. */
  detail: (props: InstanceProperties, qty: number) => string;
  children: CompiledStep[] | null;
  /** The constant of a valid fixed expression (inlined by the fast path), else null. */
  fixedValue: number | null;
}

export interface CompiledPricingVersion {
  ruleId: number;
  versionKey: string;
  /** Runs the expressions; returns the raw unit price (may be fractional; never NaN). */
  evaluate(props: InstanceProperties, qty: number, ctx: EvalContext, trace: PricingStep[] | null): number;
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
  const steps = compileList(Array.isArray(version.expressions) ? version.expressions : [], '', opts.catalogue);
  const fast = specialise(steps);
  return {
    ruleId: opts.ruleId,
    versionKey: opts.versionKey,
    evaluate(props, qty, ctx, trace) {
      if (trace === null && fast !== null) return fast(props ?? {}, qty, ctx);
      return runList(steps, props ?? {}, qty, ctx, trace);
    },
  };
}

type FastFn = (props: InstanceProperties, qty: number, ctx: EvalContext) => number;

/**
 * The hot path without explanations: the step list unrolled into one function, operators and fixed
 * values inlined. The generated source contains only numbers checked with Number.isFinite, array
 * indices and fixed operator text — never text from the rule. Same results as runList (tested); where
 * generating code is not allowed (a Content-Security-Policy without 'unsafe-eval'), runList is used.
 */
function specialise(steps: readonly CompiledStep[]): FastFn | null {
  const values: ValueFn[] = [];
  const conds: TestFn[] = [];
  const stepRefs: CompiledStep[] = [];
  const body = (list: readonly CompiledStep[], depth: number): string => {
    const t = `t${depth}`;
    let src = `let ${t} = 0;\n`;
    for (const s of list) {
      const i = stepRefs.push(s) - 1;
      let value: string;
      if (s.children !== null) value = `(() => { ${body(s.children, depth + 1)} })()`;
      else if (s.fixedValue !== null && Number.isFinite(s.fixedValue)) value = `(${String(s.fixedValue)})`;
      else value = `V[${values.push(s.value) - 1}](p, q, ctx)`;
      const combined = OP_SOURCE[s.op](t, 'v');
      let step = `{ const v = ${value}; const n = ${combined}; if (v - v + (n - n) !== 0) F(ctx, S[${i}], ${t}, v); else ${t} = n; }`;
      if (s.cond !== null) step = `if (C[${conds.push(s.cond) - 1}](p, q)) ${step}`;
      src += step + '\n';
    }
    return src + `return ${t};`;
  };
  try {
    const src = body(steps, 0);
    const factory = new Function('V', 'C', 'S', 'F', `return function evaluate(p, q, ctx) {\n${src}\n};`) as (
      v: ValueFn[],
      c: TestFn[],
      s: CompiledStep[],
      f: typeof failStep,
    ) => FastFn;
    return factory(values, conds, stepRefs, failStep);
  } catch {
    return null;
  }
}

const OP_SOURCE: Record<Op, (t: string, v: string) => string> = {
  [Op.Add]: (t, v) => `${t} + ${v}`,
  [Op.Sub]: (t, v) => `${t} - ${v}`,
  [Op.Mul]: (t, v) => `${t} * ${v}`,
  [Op.Div]: (t, v) => `(${v} === 0 ? NaN : ${t} / ${v})`,
  [Op.Mod]: (t, v) => `(${v} === 0 ? NaN : ${t} % ${v})`,
  [Op.And]: (t, v) => `(${t} !== 0 && ${v} !== 0 ? 1 : 0)`,
  [Op.Or]: (t, v) => `(${t} !== 0 || ${v} !== 0 ? 1 : 0)`,
  [Op.Eq]: (t, v) => `(${t} === ${v} ? 1 : 0)`,
};

/** A step whose value or result is not a finite number: logged, counted, skipped. Returns the reason. */
function failStep(ctx: EvalContext, s: CompiledStep, total: number, v: number): string {
  if (v === v) {
    if (v - v !== 0) ctx.reason = `the value is not a finite number (${v})`;
    else if ((s.op === Op.Div || s.op === Op.Mod) && v === 0) ctx.reason = `division by zero (${s.opText} ${v})`;
    else ctx.reason = `the result is not a finite number (${total} ${s.opText} ${v})`;
  }
  const reason = ctx.reason || 'unknown error';
  fail(ctx, s, reason);
  return reason;
}

// ---------------------------------------------------------------------------------------------
// Evaluation

function runList(steps: readonly CompiledStep[], props: InstanceProperties, qty: number, ctx: EvalContext, trace: PricingStep[] | null): number {
  let total = 0;
  for (let i = 0; i < steps.length; i++) {
    const s = steps[i]!;
    if (s.cond !== null && !s.cond(props, qty)) {
      if (trace !== null) trace.push(traceStep(s, 'skipped', null, total, total, '', skipReason(s, props, qty)));
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
      const reason = failStep(ctx, s, total, v);
      if (trace !== null) trace.push(traceStep(s, 'failed', null, total, total, '', reason));
      continue;
    }
    if (trace !== null) {
      const t = traceStep(s, 'applied', v, total, next, s.children !== null ? 'group' : s.detail(props, qty));
      if (children !== null) t.steps = children;
      trace.push(t);
    }
    total = next;
  }
  return total;
}

function combine(op: Op, t: number, v: number): number {
  switch (op) {
    case Op.Add:
      return t + v;
    case Op.Sub:
      return t - v;
    case Op.Mul:
      return t * v;
    case Op.Div:
      return v === 0 ? NaN : t / v;
    case Op.Mod:
      return v === 0 ? NaN : t % v;
    case Op.And:
      return t !== 0 && v !== 0 ? 1 : 0;
    case Op.Or:
      return t !== 0 || v !== 0 ? 1 : 0;
    case Op.Eq:
      return t === v ? 1 : 0;
  }
}

function fail(ctx: EvalContext, s: CompiledStep, reason: string): void {
  ctx.failures++;
  const details: PricingFailure = {
    ruleId: ctx.ruleId,
    versionKey: ctx.versionKey,
    productId: ctx.productId,
    expressionPath: s.path,
    description: s.description,
    reason,
  };
  ctx.log(
    `pricing: rule ${details.ruleId} version ${details.versionKey} expression ${details.expressionPath}${details.description ? ` "${details.description}"` : ''} (product ${details.productId}) failed: ${details.reason}; treated as 0`,
    details,
  );
  ctx.reason = '';
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

function skipReason(s: CompiledStep, props: InstanceProperties, qty: number): string {
  if (s.condOr) return `none of its conditions holds (${s.checks.map((c) => c.describe(props, qty)).join('; ')})`;
  for (const c of s.checks) if (!c.test(props, qty)) return `its condition is false: ${c.describe(props, qty)}`;
  return 'its condition is false';
}

// ---------------------------------------------------------------------------------------------
// Compilation

function compileList(exprs: readonly PricingExpression[], prefix: string, cat: CatalogueIndex): CompiledStep[] {
  return exprs.map((e, i) => compileStep(e, `${prefix}${i + 1}`, cat));
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

function compileStep(e: PricingExpression, path: string, cat: CatalogueIndex): CompiledStep {
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
    condOr: false,
    checks: [],
    value: failing('internal error'),
    detail: () => '',
    children: null,
    fixedValue: null,
  };
  let problem: string | null = opIndex < 0 ? `unknown operator "${opText}"` : null;

  if (ex.condition != null) {
    const c = compileCondition(ex.condition);
    if (typeof c === 'string') problem ??= `invalid condition: ${c}`;
    else {
      step.cond = c.test;
      step.condOr = c.or;
      step.checks = c.checks;
    }
  }

  if (problem === null) {
    switch (ex.type) {
      case 'fixed': {
        const v = props.value;
        if (typeof v === 'number' && Number.isFinite(v)) {
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
        const prices = new Map<number, number>();
        for (const o of cat.optionsOf(pid)) prices.set(o.id, optionPrice(o.data));
        const key = pid; // numeric: instance property keys are array-index-like, numeric access is faster
        step.value = (p, _q, ctx) => {
          const id = selectedOptionId(p[key]);
          if (id === null) return 0;
          const price = prices.get(id);
          if (price !== undefined) return price;
          ctx.reason = optionProblem(cat, id, pid);
          return NaN;
        };
        step.detail = (p) => {
          const id = selectedOptionId(p[key]);
          if (id === null) return `no option chosen for property ${pid}, price 0`;
          return `option ${id}${optionTitle(cat, id)} of property ${pid} priced ${prices.get(id) ?? 0}`;
        };
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
          const numbers = new Map<number, number>();
          for (const o of cat.optionsOf(pid)) numbers.set(o.id, classifierNumber(o.classifications, cidKey, idx));
          const key = pid; // numeric: instance property keys are array-index-like, numeric access is faster
          step.value = (p, _q, ctx) => {
            const id = selectedOptionId(p[key]);
            if (id === null) return 0;
            const n = numbers.get(id);
            if (n !== undefined) return n;
            ctx.reason = optionProblem(cat, id, pid);
            return NaN;
          };
          step.detail = (p) => {
            const id = selectedOptionId(p[key]);
            if (id === null) return `no option chosen for property ${pid}, ${numberTitle} 0`;
            return `option ${id}${optionTitle(cat, id)} has ${numberTitle} ${numbers.get(id) ?? 0} in classifier ${cid} "${classifierTitle}"`;
          };
        } else {
          // No property: the sum over every chosen option classified by this classifier.
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
        step.children = compileList(props.expressions, `${path}.`, cat);
        break;
      }
      default:
        problem = `unknown expression type "${String(ex.type)}"`;
    }
  }
  if (problem !== null) {
    step.value = failing(problem);
    step.children = null;
  }
  return step;
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

function selectedOptionId(sel: { optionId?: number | null } | undefined): number | null {
  if (sel === undefined || sel === null) return null;
  const id = sel.optionId;
  if (typeof id === 'number') return id;
  if (id == null) return null;
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
  const v = sel.value;
  if (typeof v === 'number') return Number.isFinite(v) ? v : 0;
  if (typeof v !== 'string' || v === '') return 0;
  const direct = Number(v);
  if (Number.isFinite(direct)) return direct;
  const cleaned = v.replace(/[^0-9.-]/g, '');
  const n = Number.parseFloat(cleaned);
  return Number.isFinite(n) ? n : 0;
}

// ---------------------------------------------------------------------------------------------
// Conditions

const CHECK_OPS = ['===', '!==', '<', '<=', '>', '>=', 'in'] as const;

function compileCondition(c: PricingCondition): { test: TestFn; or: boolean; checks: CompiledCheck[] } | string {
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

function compileCheck(check: PricingCheck): CompiledCheck | string {
  if (!check || typeof check !== 'object' || !check.actual) return 'actual is missing';
  const { type, productPropertyId: pid } = check.actual;
  const op = check.operator ?? '===';
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
  let test: TestFn;
  const fast = type === 'optionId' ? fastOptionTest(pid!, op, expected) : null;
  if (fast !== null) {
    test = fast;
  } else if (op === 'in' || Array.isArray(expected)) {
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
  } else if (op === '===' || op === '!==') {
    const eq = equality(expected);
    test = op === '===' ? (p, q) => eq(get(p, q)) : (p, q) => !eq(get(p, q));
  } else {
    const e = typeof expected === 'number' ? expected : Number(expected);
    if (!Number.isFinite(e) || expected === null || expected === '') return `"${op}" needs a number as expected`;
    if (type === 'quantity') {
      // Quantity is already a number: compare it directly (hot path, no getter call).
      if (op === '<') test = (_p, q) => q < e;
      else if (op === '<=') test = (_p, q) => q <= e;
      else if (op === '>') test = (_p, q) => q > e;
      else test = (_p, q) => q >= e;
    } else {
      const toNum = (a: unknown) => (typeof a === 'number' ? a : a == null || a === '' ? NaN : Number(a));
      const numKey = pid!;
      // Direct numeric getter for property values (no generic getter call on the hot path).
      const n: (p: InstanceProperties, q: number) => number =
        type === 'propertyValue'
          ? (p) => {
              const v = p[numKey]?.value;
              return typeof v === 'number' ? v : toNum(v);
            }
          : (p, q) => toNum(get(p, q));
      if (op === '<') test = (p, q) => n(p, q) < e;
      else if (op === '<=') test = (p, q) => n(p, q) <= e;
      else if (op === '>') test = (p, q) => n(p, q) > e;
      else test = (p, q) => n(p, q) >= e;
    }
  }
  const expectedText = Array.isArray(expected) ? `one of ${expected.join(', ')}` : JSON.stringify(expected);
  const opText = op === 'in' || Array.isArray(expected) ? (op === '!==' ? 'not' : '') : op === '===' ? '' : `${op} `;
  return {
    test,
    describe: (p, q) => {
      const a = get(p, q);
      return `${what} is ${a == null ? 'not set' : JSON.stringify(a)}, expected ${opText ? `${opText}${opText.endsWith(' ') ? '' : ' '}` : ''}${expectedText} (${test(p, q) ? 'holds' : 'fails'})`;
    },
  };
}

function equality(expected: unknown): (a: unknown) => boolean {
  if (expected === null || expected === undefined) return (a) => a == null || a === '';
  if (typeof expected === 'number') return (a) => (typeof a === 'number' ? a === expected : a != null && a !== '' && Number(a) === expected);
  if (typeof expected === 'boolean')
    return (a) => {
      const t = a === true || a === 1 || a === '1' || a === 'true';
      const f = a == null || a === false || a === 0 || a === '0' || a === 'false' || a === '';
      return expected ? t : f;
    };
  const s = String(expected);
  return (a) => a != null && String(a) === s;
}

/**
 * Hot path for the usual checks "option of property P is (not) X / in [X, Y, ...]" with numeric ids:
 * one closure, no getter, numeric property key. Other forms use the generic path.
 */
function fastOptionTest(pid: number, op: string, expected: unknown): TestFn | null {
  const list = Array.isArray(expected) ? expected : op === '===' || op === '!==' ? [expected] : null;
  if (list === null || list.length === 0 || list.length > 8 || !list.every((x) => typeof x === 'number')) return null;
  if (op !== 'in' && op !== '===' && op !== '!==') return null;
  const ids = list as number[];
  const negate = op === '!==';
  const slow = (id: unknown) => id != null && id !== '' && ids.includes(Number(id));
  if (ids.length === 1) {
    const x = ids[0]!;
    return (p) => {
      const sel = p[pid];
      if (sel === undefined || sel === null) return negate;
      const id = sel.optionId;
      return (typeof id === 'number' ? id === x : slow(id)) !== negate;
    };
  }
  const set = new Set(ids);
  return (p) => {
    const sel = p[pid];
    if (sel === undefined || sel === null) return negate;
    const id = sel.optionId;
    return (typeof id === 'number' ? set.has(id) : slow(id)) !== negate;
  };
}
