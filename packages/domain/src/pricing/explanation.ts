import { formatCents } from './money.ts';
import type { VersionChoiceReason } from './dates.ts';

/** One expression of a pricing rule version, as evaluated for one item ("why this price"). */
export interface PricingStep {
  /** 1-based position: "3", or "3.2" for the 2nd expression inside group 3. */
  path: string;
  type: string;
  operator: string;
  description: string | null;
  /**
   * applied: combined with the running total; skipped: its condition was false (running total
   * unchanged); failed: its value could not be evaluated (it counts as 0 and is combined as usual) or
   * the combination is not a finite number (the running total becomes 0). See `failure`.
   */
  status: 'applied' | 'skipped' | 'failed';
  /** The value combined with the running total (0 for a failed value; null when skipped). */
  value: number | null;
  /** The value's effect on the running total (totalAfter − totalBefore). */
  contribution: number;
  totalBefore: number;
  totalAfter: number;
  /** Where the value came from, e.g. 'option 24 "Matched Antique Bronze" priced 4500'. */
  detail: string;
  /** Why it was skipped (the check that failed) or why it failed. */
  reason?: string;
  /** For failed steps: what failed. */
  failure?: StepFailure;
  /** For groups: the nested expressions, evaluated from 0. */
  steps?: PricingStep[];
  /** Applied steps that read the chosen option of a property (its price, a classifier number). */
  propertyId?: number;
  propertyTitle?: string | null;
  /** The option chosen for propertyId (null: none chosen). */
  optionId?: number | null;
  optionTitle?: string | null;
}

/**
 * value: the expression could not be evaluated, so its value counted as 0; result: the combination
 * with the running total was not a finite number (division by zero, overflow), so the running total
 * became 0; valueAndResult: both (a failed value after / or %).
 */
export type StepFailure = 'value' | 'result' | 'valueAndResult';

export type PriceSource = 'rule' | 'custom' | 'noRule' | 'noVersion' | 'unknownProduct';

export interface PriceExplanation {
  productId: number;
  productTitle: string | null;
  source: PriceSource;
  rule: { id: number; title: string | null } | null;
  version: { key: string; created: string; reason: VersionChoiceReason; note: string } | null;
  /** The effective pricing date used, 'YYYY-MM-DD HH:MM:SS' UTC. */
  effectivePricingDate: string | null;
  steps: PricingStep[];
  /** Running total after the last expression, before rounding (may be fractional). */
  rawUnitPrice: number;
  /** Sentences about rounding, clamping and fallbacks, in the order they were applied. */
  notes: string[];
  unitPriceInCents: number;
  quantity: number;
  totalPriceInCents: number;
}

function num(n: number): string {
  if (Number.isInteger(n)) return String(n);
  return String(Number(n.toPrecision(10)));
}

function stepLines(steps: readonly PricingStep[], indent: string, out: string[]): void {
  for (const s of steps) {
    const name = `${indent}${s.path}. ${s.description ? `"${s.description}"` : s.type} (${s.type}, ${s.operator})`;
    const before = num(s.totalBefore);
    const value = num(s.value ?? 0);
    let where = s.detail;
    let lead = name;
    if (s.steps) {
      // A group: its nested expressions first, then what its value did to the running total.
      out.push(`${name}: group evaluated from 0:`);
      stepLines(s.steps, `${indent}  `, out);
      lead = `${indent}  group value ${value}`;
      where = '';
    }
    if (s.status === 'skipped') {
      out.push(`${name}: skipped because ${s.reason ?? 'its condition is false'}; running total stays ${num(s.totalAfter)}.`);
    } else if (s.status === 'failed') {
      const reason = s.reason ?? 'unknown error';
      if (s.failure === 'result') out.push(`${lead}${where ? `: ${where}` : ''}; running total ${before} ${s.operator} ${value} is not a finite number (${reason}), so the running total becomes 0.`);
      else if (s.failure === 'valueAndResult') out.push(`${lead}: could not be evaluated (${reason}), so it counts as 0; running total ${before} ${s.operator} 0 is not a finite number, so the running total becomes 0.`);
      else out.push(`${lead}: could not be evaluated (${reason}), so it counts as 0; running total ${before} ${s.operator} 0 = ${num(s.totalAfter)}.`);
    } else {
      out.push(`${lead}${where ? `: ${where}` : ''}; running total ${before} ${s.operator} ${value} = ${num(s.totalAfter)}.`);
    }
  }
}

/** The explanation as plain sentences, one per line (admin help, item editor). */
export function formatExplanation(e: PriceExplanation): string[] {
  const out: string[] = [];
  const product = e.productTitle ? `"${e.productTitle}" (product ${e.productId})` : `product ${e.productId}`;
  switch (e.source) {
    case 'custom':
      out.push(`Custom product: the unit price is the custom price entered for this item.`);
      break;
    case 'unknownProduct':
      out.push(`Product ${e.productId} is not in the catalogue, so the price is 0.`);
      break;
    case 'noRule':
      out.push(`${product} has no pricing rule, so the price is 0.`);
      break;
    case 'noVersion':
      out.push(`Pricing rule ${e.rule?.id ?? '?'}${e.rule?.title ? ` "${e.rule.title}"` : ''} of ${product} has no usable version, so the price is 0.`);
      break;
    case 'rule':
      out.push(`${product} is priced by rule ${e.rule?.id}${e.rule?.title ? ` "${e.rule.title}"` : ''}.`);
      if (e.version) out.push(e.version.note);
      out.push(`Expressions are applied in order to a running total that starts at 0:`);
      stepLines(e.steps, '  ', out);
      out.push(`Result before rounding: ${num(e.rawUnitPrice)} cents.`);
      break;
  }
  out.push(...e.notes);
  out.push(`Unit price ${formatCents(e.unitPriceInCents)} × quantity ${e.quantity} = ${formatCents(e.totalPriceInCents)}.`);
  return out;
}
