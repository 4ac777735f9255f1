/**
 * "Why this price" in the words of a sale: the engine's explanation (a trace of expressions and
 * running totals, explanation.ts) read as a base price, option upcharges, discounts and surcharges,
 * rounding and quantity, with money formatted. The trace itself stays available to employees as the
 * technical detail (decision 0088).
 */
import type { PriceExplanation, PricingStep } from './explanation.ts';
import { formatCents, roundCents } from './money.ts';

export type SalesStepKind =
  /** The first amount the price starts from. */
  | 'base'
  /** A chosen option's price (or "Included" when it adds nothing). */
  | 'option'
  /** Any other amount added. */
  | 'upcharge'
  /** An amount taken off. */
  | 'reduction'
  /** The price multiplied down (a volume discount): shown as a percentage off. */
  | 'discount'
  /** The price multiplied up: shown as a percentage more. */
  | 'surcharge'
  /** A step of the rule that could not be priced (employees only). */
  | 'notPriced'
  /** A custom product's own price. */
  | 'custom'
  /** The product has no price set up. */
  | 'noPrice'
  | 'rounding'
  /** A price below zero becomes 0. */
  | 'minimum';

export interface SalesStep {
  kind: SalesStepKind;
  label: string;
  /** Formatted: "$199.00", "+$45.00", "−$14.45 (5% off)", "Included". */
  amount: string;
}

export interface SalesExplanation {
  steps: SalesStep[];
  /** The unit price times the quantity: "Unit price $288.23 × quantity 12 = $3,458.76." */
  result: string;
}

/** Who reads it: a customer is not told about steps that failed (their employees are, and fix them). */
export type SalesAudience = 'employee' | 'customer';

const MINUS = '−';

function signedMoney(cents: number): string {
  const c = roundCents(cents);
  return `${c < 0 ? MINUS : '+'}${formatCents(Math.abs(c))}`;
}

/** A percentage without noise: 5, 12.5, 33.33. */
function percent(x: number): string {
  return String(Math.round(x * 10000) / 100);
}

/** What a step is called: its description, else what it reads (the property's title), else a plain word. */
function nameOf(s: PricingStep, fallback: string): string {
  return s.description || s.propertyTitle || fallback;
}

/** One applied top-level step as a line of the sale; null when it changed nothing worth saying. */
function appliedStep(s: PricingStep, first: boolean): SalesStep | null {
  const option = s.optionTitle ?? null;
  const isOptionPrice = s.type === 'productPropertyPrice';
  if (s.contribution === 0) {
    // A chosen option that costs nothing extra is worth saying; other steps that change nothing are not.
    return isOptionPrice && option && (s.operator === '+' || s.operator === '-') ? { kind: 'option', label: `${nameOf(s, 'Option')}: ${option}`, amount: 'Included' } : null;
  }
  if (first && s.totalBefore === 0 && s.operator === '+') {
    return { kind: 'base', label: `Base price: ${nameOf(s, 'product')}${option && isOptionPrice ? ` (${option})` : ''}`, amount: formatCents(s.contribution) };
  }
  if ((s.operator === '*' || s.operator === '/') && s.value !== null && s.value !== 0) {
    const factor = s.operator === '*' ? s.value : 1 / s.value;
    // A factor near 1 is a percentage (a volume discount, a surcharge); others are a calculation.
    if (factor > 0 && factor < 2) {
      return factor < 1
        ? { kind: 'discount', label: nameOf(s, 'Discount'), amount: `${signedMoney(s.contribution)} (${percent(1 - factor)}% off)` }
        : { kind: 'surcharge', label: nameOf(s, 'Surcharge'), amount: `${signedMoney(s.contribution)} (${percent(factor - 1)}% more)` };
    }
  }
  if (s.contribution < 0) return { kind: 'reduction', label: nameOf(s, 'Reduction'), amount: signedMoney(s.contribution) };
  if (isOptionPrice && option) return { kind: 'option', label: `${nameOf(s, 'Option')}: ${option}`, amount: signedMoney(s.contribution) };
  const label = nameOf(s, 'Upcharge');
  return { kind: 'upcharge', label: option ? `${label} (${option})` : label, amount: signedMoney(s.contribution) };
}

/** The explanation as steps of a sale, for an employee or a customer. */
export function salesExplanation(e: PriceExplanation, audience: SalesAudience): SalesExplanation {
  const steps: SalesStep[] = [];
  const employee = audience === 'employee';
  const cents = roundCents(e.rawUnitPrice);

  switch (e.source) {
    case 'custom':
      steps.push({ kind: 'custom', label: 'Custom price for this item', amount: formatCents(cents) });
      break;
    case 'unknownProduct':
    case 'noRule':
    case 'noVersion':
      steps.push({ kind: 'noPrice', label: 'No price is set up for this product yet', amount: formatCents(0) });
      break;
    case 'rule': {
      let first = true;
      for (const s of e.steps) {
        if (s.status === 'skipped') continue;
        if (s.status === 'failed') {
          if (employee) steps.push({ kind: 'notPriced', label: `${nameOf(s, 'A price step')} could not be priced`, amount: s.contribution === 0 ? 'Counted as $0.00' : signedMoney(s.contribution) });
          first = false;
          continue;
        }
        const line = appliedStep(s, first);
        if (line) {
          steps.push(line);
          if (line.kind !== 'option' || line.amount !== 'Included') first = false;
        }
      }
      break;
    }
  }

  // Rounding, in the engine's order: to whole cents; never below zero; up to the whole dollar.
  if (e.source === 'rule' || e.source === 'custom') {
    // Floating noise (28822.999999999996 for 30340 × 0.95) is not a rounding anyone needs to read about.
    if (Math.abs(cents - e.rawUnitPrice) > 1e-6) steps.push({ kind: 'rounding', label: 'Rounded to the nearest cent', amount: formatCents(cents) });
    if (cents < 0) steps.push({ kind: 'minimum', label: 'A price is never below zero', amount: formatCents(0) });
    const floor = Math.max(0, cents);
    if (e.unitPriceInCents > floor && e.unitPriceInCents % 100 === 0 && e.unitPriceInCents - floor < 100) {
      steps.push({ kind: 'rounding', label: 'Rounded up to the whole dollar', amount: formatCents(e.unitPriceInCents) });
    } else if (e.unitPriceInCents === 0 && floor > 0 && employee) {
      // Unit × quantity beyond what can be stored: the engine prices it 0 (and reports it).
      steps.push({ kind: 'notPriced', label: 'The price is out of range, so it counts as $0.00', amount: formatCents(0) });
    }
  }

  return { steps, result: `Unit price ${formatCents(e.unitPriceInCents)} × quantity ${e.quantity} = ${formatCents(e.totalPriceInCents)}.` };
}
