/**
 * Pure helpers of the order page's texts: option summaries, who sees prices, the price summary lines,
 * "Why this price" and failed pricing steps. The editor (editor/itemViews.ts) prices the items with the
 * shared engine; the server's stored values are only used to detect a disagreement.
 */
import {
  formatCents,
  formatCentsPrecise,
  formatExplanation,
  isSelectType,
  type CatalogueIndex,
  type InstanceLike,
  type PriceExplanation,
  type PricingFailure,
  type PricingStep,
  type ProductProperty,
  type PropertySelection,
} from '@cpq/domain';

type Row = Record<string, unknown>;

// ---------------------------------------------------------------------------------------------
// Option summary

/** One "Property: value" pair of an item's option summary. */
export interface SummaryPart {
  propertyId: number;
  property: string;
  value: string;
  /** The chosen option id is not in the catalogue (a missing option name shows as "ERROR"). */
  isError: boolean;
}

/** What the cart shows for a chosen option the catalogue does not have. */
const MISSING_OPTION_TEXT = 'ERROR';

/** Every non-blank string under a value (engravings keep text in nested objects), in key order. */
function textsIn(v: unknown, depth = 0): string[] {
  if (typeof v === 'string') return v.trim() ? [v.trim()] : [];
  if (typeof v === 'number' && Number.isFinite(v)) return [String(v)];
  if (depth > 4 || !v || typeof v !== 'object') return [];
  const values = Array.isArray(v) ? v : Object.values(v as Row);
  return values.flatMap((x) => textsIn(x, depth + 1));
}

function selectionText(property: ProductProperty, sel: PropertySelection): string | null {
  if (property.type === 'checkbox') {
    const v: unknown = sel.value;
    if (v === null || v === undefined || v === '') return null;
    return v === 1 || v === '1' || v === true || v === 'true' ? 'Yes' : 'No';
  }
  const parts: string[] = [];
  if (sel.value !== null && sel.value !== undefined && String(sel.value).trim() !== '') parts.push(String(sel.value).trim());
  parts.push(...textsIn(sel.text), ...textsIn(sel.engravings));
  return parts.length ? parts.join(' / ') : null;
}

/**
 * "Property: Option" for single-select properties with a choice ("ERROR" when the option id is
 * unknown), the value for dimensions, number, checkbox and text properties; properties without a
 * choice are left out. In the product's property order.
 */
export function optionSummary(instance: InstanceLike, catalogue: CatalogueIndex): SummaryPart[] {
  const props = instance.properties ?? {};
  const out: SummaryPart[] = [];
  const seen = new Set<string>();
  const add = (property: ProductProperty, sel: PropertySelection | undefined) => {
    if (!sel || typeof sel !== 'object') return;
    if (isSelectType(property.type)) {
      const id = sel.optionId;
      if (id === null || id === undefined) return;
      const option = typeof id === 'number' ? catalogue.option(id) : undefined;
      const ok = !!option && option.productPropertyId === property.id;
      out.push({ propertyId: property.id, property: property.title, value: ok ? option.title : MISSING_OPTION_TEXT, isError: !ok });
      return;
    }
    const text = selectionText(property, sel);
    if (text !== null) out.push({ propertyId: property.id, property: property.title, value: text, isError: false });
  };
  for (const property of catalogue.propertiesOf(instance.productId)) {
    seen.add(String(property.id));
    add(property, props[String(property.id)]);
  }
  // Choices for properties the product no longer lists still describe the item.
  for (const [key, sel] of Object.entries(props)) {
    if (seen.has(key)) continue;
    const property = catalogue.property(Number(key));
    if (property) add(property, sel);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Who sees prices

const isOn = (v: unknown) => v === 1 || v === true || v === '1';

/**
 * Pricing is hidden when the user's organisation access data sets pricingIsHidden, or the order's
 * per-user data does. The membership flag is read wherever the session carries it.
 */
export function isPricingHidden(membership: unknown, order: { involvedUsers?: unknown } | null | undefined, userId: number | null | undefined): boolean {
  const m = (membership && typeof membership === 'object' ? membership : {}) as Row;
  const access = (m.orgAccessEdgeData as { designEngine?: Row } | undefined)?.designEngine;
  if (isOn(m.pricingIsHidden) || isOn(access?.pricingIsHidden)) return true;
  if (userId === null || userId === undefined) return false;
  const involved = order?.involvedUsers && typeof order.involvedUsers === 'object' ? (order.involvedUsers as Record<string, Row | undefined>) : {};
  return isOn(involved[String(userId)]?.pricingIsHidden);
}

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
