/**
 * Translates pricing rule versions to JSONLogic (json-logic-js), for the benchmark baseline.
 * Data shape: { properties, quantity, prices: { optionId: cents }, cls: { classifierId: { optionId: number[] } } }.
 * Running total: each expression becomes op(total, value); a condition becomes op(total, if(cond, value,
 * identity)) for + - * / (identity 0 or 1) and if(cond, op(total, value), total) otherwise (which repeats
 * the total; fine for the few such expressions). Division and modulo by zero are not guarded (the engine
 * treats them as failures); the benchmark's rules never divide by zero.
 */
import type { PricingCheck, PricingCondition, PricingExpression } from '@cpq/domain';

type Logic = unknown;

const v = (path: string, dflt: unknown = null): Logic => ({ var: [path, dflt] });
const optionVar = (pid: number) => v(`properties.${pid}.optionId`);

function value(e: PricingExpression): Logic {
  const p = e.props;
  switch (e.type) {
    case 'fixed':
      return p.value ?? 0;
    case 'productPropertyPrice':
      return { var: [{ cat: ['prices.', optionVar(p.productPropertyId!)] }, 0] };
    case 'productPropertyClassifierNumber':
      return { var: [{ cat: [`cls.${p.productOptionClassifierGroupId}.`, optionVar(p.productPropertyId!), `.${p.productOptionClassifierNumberIndex ?? 0}`] }, 0] };
    case 'propertyValue':
      return v(`properties.${p.productPropertyId}.value`, 0);
    case 'group':
      return list(p.expressions ?? []);
  }
}

function check(c: PricingCheck): Logic {
  const actual = c.actual.type === 'quantity' ? v('quantity') : c.actual.type === 'optionId' ? optionVar(c.actual.productPropertyId!) : v(`properties.${c.actual.productPropertyId}.value`);
  const op = c.operator ?? '===';
  if (op === 'in' || Array.isArray(c.expected)) return op === '!==' ? { '!': { in: [actual, c.expected] } } : { in: [actual, c.expected] };
  return { [op]: [actual, c.expected] };
}

function condition(c: PricingCondition): Logic {
  const checks = c.conditions.map(check);
  if (checks.length === 0) return true;
  if (checks.length === 1) return checks[0];
  return { [c.operator]: checks };
}

function combine(op: PricingExpression['operator'], total: Logic, val: Logic): Logic {
  switch (op) {
    case 'and':
      return { if: [{ and: [{ '!=': [total, 0] }, { '!=': [val, 0] }] }, 1, 0] };
    case 'or':
      return { if: [{ or: [{ '!=': [total, 0] }, { '!=': [val, 0] }] }, 1, 0] };
    case '===':
      return { if: [{ '===': [total, val] }, 1, 0] };
    default:
      return { [op]: [total, val] };
  }
}

function list(exprs: readonly PricingExpression[]): Logic {
  let total: Logic = 0;
  for (const e of exprs) {
    const val = value(e);
    if (!e.condition) total = combine(e.operator, total, val);
    else if (e.operator === '+' || e.operator === '-') total = combine(e.operator, total, { if: [condition(e.condition), val, 0] });
    else if (e.operator === '*' || e.operator === '/') total = combine(e.operator, total, { if: [condition(e.condition), val, 1] });
    else total = { if: [condition(e.condition), combine(e.operator, total, val), total] };
  }
  return total;
}

export function toJsonLogic(expressions: readonly PricingExpression[]): Logic {
  return list(expressions);
}
