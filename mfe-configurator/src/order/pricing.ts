/**
 * Pure helpers of the order page's texts: option summaries, who sees prices, the price summary lines,
 * "Why this price" and failed pricing steps. The editor (editor/itemViews.ts) prices the items with the
 * shared engine; the server's stored values are only used to detect a disagreement.
 */
import {
  formatCents,
  formatCentsPrecise,
  formatExplanation,
  type CatalogueIndex,
  type PriceExplanation,
  type PricingFailure,
  type PricingStep,
} from '@cpq/domain';

// The option summary lives in @cpq/domain: the printed documents list the same choices.
export { optionSummary, type SummaryPart } from '@cpq/domain';

// Who sees prices: the same rule on the printed documents, so it lives in @cpq/domain.
export { isPricingHidden } from '@cpq/domain';

// ---------------------------------------------------------------------------------------------
// Browser vs server

/** True when the server stored a price and it is not the one the browser computed. */
export function priceDiffers(browserCents: number, serverCents: number | null | undefined): boolean {
  return typeof serverCents === 'number' && Number.isFinite(serverCents) && serverCents !== browserCents;
}

export function mismatchMessage(serverCents: number): string {
  return `Price differs from the saved price (${formatCents(serverCents)}); reload to refresh.`;
}

// ---------------------------------------------------------------------------------------------
// Price summary

// The summary lines live in @cpq/domain: the printed documents show the same ones.
export { costLines } from '@cpq/domain';

// ---------------------------------------------------------------------------------------------
// "Why this price"

interface ExplanationRow {
  path: string;
  depth: number;
  /** The expression's description, or its type. */
  label: string;
  /** "+", "−", "×", "÷", ... */
  operator: string;
  status: PricingStep['status'];
  /** Where the value came from, or why it was skipped / failed. */
  detail: string;
  /** The expression's own value as shown ("$45.00" for + and −, "× 1.15" for factors); '' when skipped. */
  value: string;
  /** Effect on the running total, signed ("+$45.00"); '' when nothing changed. */
  contribution: string;
  /** The running total after this expression. */
  runningTotal: string;
}

interface ExplanationView {
  /** Sentences before the expressions (product, rule, version used and why). */
  intro: string[];
  rows: ExplanationRow[];
  /** Sentences after (result before rounding, rounding notes, unit × quantity). */
  outro: string[];
}

const OPERATOR_SIGNS: Record<string, string> = { '+': '+', '-': '−', '*': '×', '/': '÷', '%': 'mod' };

function signed(cents: number): string {
  if (cents === 0) return '';
  return `${cents > 0 ? '+' : '−'}${formatCentsPrecise(Math.abs(cents))}`;
}

function stepValue(s: PricingStep): string {
  if (s.value === null) return '';
  if (s.operator === '+' || s.operator === '-') return formatCentsPrecise(s.value);
  return String(Number(s.value.toPrecision(10)));
}

function flattenSteps(steps: readonly PricingStep[], depth: number, out: ExplanationRow[]): void {
  for (const s of steps) {
    const applied = s.status === 'applied';
    out.push({
      path: s.path,
      depth,
      label: s.description ?? s.type,
      operator: OPERATOR_SIGNS[s.operator] ?? s.operator,
      status: s.status,
      detail:
        s.status === 'skipped'
          ? `skipped: ${s.reason ?? 'its condition is false'}`
          : s.status === 'failed'
            ? `failed (counts as 0): ${s.reason ?? 'unknown error'}`
            : s.steps
              ? 'group, evaluated from 0'
              : s.detail,
      value: applied ? stepValue(s) : '',
      contribution: applied ? signed(s.contribution) : '',
      runningTotal: formatCentsPrecise(s.totalAfter),
    });
    if (s.steps) flattenSteps(s.steps, depth + 1, out);
  }
}

/**
 * The engine's explanation for reading: formatExplanation's sentences around a table of the
 * expressions (contributions and running totals in dollars; skipped ones with their reasons).
 */
export function explanationView(e: PriceExplanation): ExplanationView {
  const prose = formatExplanation({ ...e, steps: [] });
  const rows: ExplanationRow[] = [];
  flattenSteps(e.steps, 0, rows);
  const split = prose.findIndex((l) => l.startsWith('Result before rounding'));
  if (e.source !== 'rule' || split < 0) return { intro: prose, rows, outro: [] };
  return { intro: prose.slice(0, split), rows, outro: prose.slice(split) };
}

// ---------------------------------------------------------------------------------------------
// Failed pricing steps

export const PRICE_RULE_FAILED_TEXT = 'Price rule failed';

/**
 * One failed pricing step, for an employee to fix the rule: which rule, version and step, and why,
 * e.g. 'Rule 4 "Slab by area", version 2, step 3 "Tall door surcharge": division by zero (… / 0). It counted as 0.'
 */
export function priceRuleFailureText(f: PricingFailure, catalogue: Pick<CatalogueIndex, 'pricingRule'>): string {
  const rule$ = catalogue.pricingRule(f.ruleId);
  const title = rule$?.title ?? rule$?.name;
  const rule = `Rule ${f.ruleId}${title ? ` "${title}"` : ''}, version ${f.versionKey}`;
  // The whole price was out of range (no step to name).
  if (f.expressionPath === '') return `${rule}: ${f.reason}. The item is priced 0.`;
  return `${rule}, step ${f.expressionPath}${f.description ? ` "${f.description}"` : ''}: ${f.reason}; treated as 0.`;
}

// ---------------------------------------------------------------------------------------------
// Items whose product the viewer was not sent

/** Title of an item whose product is not offered to the viewer (and whose own title is empty). */
export const UNLISTED_PRODUCT_TITLE = 'Product not in your catalogue';
