/**
 * Graphic formulas: a prop written as "=expression" is evaluated with expr-eval-fork (a parser and
 * interpreter: no eval, no Function, no prototype access). Variables:
 *   p{propertyId}.{key}  data of the option selected for that property (e.g. p8.width), and .value
 *   v{propertyId}        the number typed for a dimensions / number property
 *   quantity             the item's quantity
 *   width, height        the size the product is drawn at (the renderer's, after its fallbacks)
 * A formula that fails (syntax, unknown name, not a finite number where one is needed) counts as 0;
 * the failure is logged once per formula and listed in the drawing's warnings.
 */
import { Parser, type Expression, type Value } from 'expr-eval-fork';
import type { CatalogueIndex } from '@cpq/domain';
import type { DrawInstance } from './types.ts';

export type FormulaScope = Record<string, Value>;

const parser = new Parser({ allowMemberAccess: true, operators: { assignment: false, fndef: false, random: false } });
const parsed = new Map<string, Expression | Error>();
const warned = new Set<string>();

export const isFormula = (v: unknown): v is string => typeof v === 'string' && v.startsWith('=');

function compile(source: string): Expression | Error {
  let e = parsed.get(source);
  if (!e) {
    try {
      e = parser.parse(source);
    } catch (err) {
      e = err instanceof Error ? err : new Error(String(err));
    }
    parsed.set(source, e);
  }
  return e;
}

const scalar = (v: unknown): Value | undefined => (typeof v === 'number' && Number.isFinite(v)) || typeof v === 'string' ? v : undefined;

/** The formula variables of an item. */
export function formulaScope(instance: DrawInstance, catalogue: CatalogueIndex): FormulaScope {
  const scope: FormulaScope = { quantity: Number.isFinite(instance.quantity) ? instance.quantity : 1 };
  for (const [key, sel] of Object.entries(instance.properties ?? {})) {
    if (!/^\d+$/.test(key) || !sel || typeof sel !== 'object') continue;
    const entry: Record<string, Value> = {};
    const option = typeof sel.optionId === 'number' ? catalogue.option(sel.optionId) : undefined;
    const data = option && option.data && typeof option.data === 'object' ? (option.data as Record<string, unknown>) : {};
    for (const [k, v] of Object.entries(data)) {
      const s = scalar(v);
      if (s !== undefined) entry[k] = s;
    }
    if (option) entry.optionId = option.id;
    const n = typeof sel.value === 'number' ? sel.value : typeof sel.value === 'string' ? Number.parseFloat(sel.value) : Number.NaN;
    if (Number.isFinite(n)) {
      entry.value = n;
      scope[`v${key}`] = n;
    } else if (typeof sel.value === 'string') entry.value = sel.value;
    scope[`p${key}`] = entry;
  }
  return scope;
}

/**
 * Evaluates "=expr" (other values pass through). `want` 'number' makes a non-number result a
 * failure (0); 'any' accepts strings (e.g. a fill chosen by a formula).
 */
export function evaluateProp(value: unknown, scope: FormulaScope, warnings: string[], want: 'number' | 'any'): unknown {
  if (!isFormula(value)) return value;
  const source = value.slice(1);
  const fail = (reason: string) => {
    const message = `Graphic formula "${value}" failed (${reason}); drawn as 0.`;
    if (!warnings.includes(message)) warnings.push(message);
    if (!warned.has(message)) {
      warned.add(message);
      console.warn(message);
    }
    return 0;
  };
  const expr = compile(source);
  if (expr instanceof Error) return fail(expr.message);
  let out: unknown;
  try {
    out = expr.evaluate(scope);
  } catch (err) {
    return fail(err instanceof Error ? err.message : String(err));
  }
  if (typeof out === 'number') return Number.isFinite(out) ? out : fail('not a finite number');
  if (typeof out === 'boolean') return out ? 1 : 0;
  if (want === 'any' && typeof out === 'string') return out;
  return fail('not a number');
}
