import type { CatalogueIndex } from '../engine/catalogue.ts';
import type { InstanceLike, ProductPricingRule } from '../engine/types.ts';
import { compilePricingRuleVersion, type EvalContext, type PricingLog } from './compile.ts';
import { normalisePricingDate, selectPricingRuleVersion, type PricingDate, type PricingVersionChoice } from './dates.ts';
import type { PriceExplanation, PriceSource, PricingStep } from './explanation.ts';
import { normaliseQuantity } from '../validation/fields.ts';
import { formatCents, roundCents } from './money.ts';
import { CUSTOM_PRODUCT_ID } from '../schemas/catalogue.ts';

export interface PriceInstanceInput {
  instance: InstanceLike;
  catalogue: CatalogueIndex;
  /** The order's effectivePricingDate, or "now" when the order has none (the caller passes it). */
  effectivePricingDate: PricingDate;
  /** Build the "why this price" explanation (off by default: it allocates). */
  explain?: boolean;
  /** Where failed evaluations are reported; default console.warn. */
  log?: PricingLog;
}

export interface InstancePrice {
  unitPriceInCents: number;
  totalPriceInCents: number;
  /** The normalised quantity used (integer ≥ 1). */
  quantity: number;
  source: PriceSource;
  ruleId: number | null;
  /** The version key used (store it with the item, e.g. product_instances.pricing_rule_version). */
  versionKey: string | null;
  /** Number of expressions that failed and were treated as 0 (each was logged). */
  failures: number;
  explanation?: PriceExplanation;
}

export const defaultPricingLog: PricingLog = (message, details) => console.warn(message, details);

/** Reuses version choices across the items of one order (same rule, same date). */
export type VersionChoiceCache = Map<ProductPricingRule, PricingVersionChoice | null>;

/** Prices one item. Never throws for bad data; the unit price is a whole number of cents ≥ 0. */
export function priceInstance(input: PriceInstanceInput): InstancePrice {
  return priceInstanceWith(input, null);
}

/** @internal priceInstance with a per-order cache of version choices. */
export function priceInstanceWith(input: PriceInstanceInput, choices: VersionChoiceCache | null): InstancePrice {
  const { instance, catalogue } = input;
  const explain = input.explain === true;
  const quantity = normaliseQuantity(instance.quantity);
  const productId = instance.productId;
  const product = productId === CUSTOM_PRODUCT_ID ? undefined : catalogue.product(productId);
  const notes: string[] | null = explain ? [] : null;

  let source: PriceSource;
  let raw = 0;
  let rule: ProductPricingRule | undefined;
  let choice: PricingVersionChoice | null = null;
  let steps: PricingStep[] | null = null;
  let failures = 0;
  const log = input.log ?? defaultPricingLog;

  if (productId === CUSTOM_PRODUCT_ID) {
    source = 'custom';
    const c = instance.customPriceInCents;
    if (typeof c === 'number' && Number.isFinite(c)) raw = c;
    else notes?.push('No custom price is set, so the unit price is 0.');
  } else if (!product) {
    source = 'unknownProduct';
  } else if (product.productPricingRuleId == null || !(rule = catalogue.pricingRule(product.productPricingRuleId))) {
    source = 'noRule';
    if (product.productPricingRuleId != null) notes?.push(`Its pricing rule ${product.productPricingRuleId} is not in the catalogue.`);
  } else {
    if (choices !== null && choices.has(rule)) choice = choices.get(rule)!;
    else {
      choice = selectPricingRuleVersion(rule, input.effectivePricingDate);
      choices?.set(rule, choice);
    }
    if (!choice) source = 'noVersion';
    else {
      source = 'rule';
      const compiled = compilePricingRuleVersion(choice.version, { catalogue, ruleId: rule.id, versionKey: choice.key });
      const ctx: EvalContext = { reason: '', failures: 0, productId, log, ruleId: rule.id, versionKey: choice.key };
      steps = explain ? [] : null;
      raw = compiled.evaluate(instance.properties, quantity, ctx, steps);
      failures = ctx.failures;
    }
  }

  // Rounding: to whole cents half away from zero; negative → 0; shouldRoundPrice → next whole dollar.
  let unit = roundCents(raw);
  if (notes && unit !== raw) notes.push(`Rounded ${raw} to ${unit} cents (half away from zero).`);
  if (unit < 0) {
    notes?.push(`A negative price (${formatCents(unit)}) is not allowed; the unit price is 0.`);
    unit = 0;
  }
  if (source === 'rule' && product?.shouldRoundPrice === 1 && unit % 100 !== 0) {
    const up = Math.ceil(unit / 100) * 100;
    notes?.push(`The product rounds prices up to the next whole dollar: ${formatCents(unit)} becomes ${formatCents(up)}.`);
    unit = up;
  }
  if (failures > 0) notes?.push(`${failures} expression(s) could not be evaluated and counted as 0 (logged).`);
  let total = unit * quantity;
  if (!Number.isSafeInteger(total)) {
    // Beyond 2^53 cents (≈ $90 trillion) whole cents cannot be represented: a data error, not a price.
    failures++;
    log(`pricing: product ${productId} price out of range (${unit} × ${quantity}); priced 0`, {
      ruleId: rule?.id ?? 0,
      versionKey: choice?.key ?? '',
      productId,
      expressionPath: '',
      description: null,
      reason: 'price out of range',
    });
    notes?.push(`The price ${unit} × ${quantity} is out of range, so it is 0.`);
    unit = 0;
    total = 0;
  }

  const result: InstancePrice = {
    unitPriceInCents: unit,
    totalPriceInCents: total,
    quantity,
    source,
    ruleId: rule?.id ?? null,
    versionKey: choice?.key ?? null,
    failures,
  };
  if (explain) {
    result.explanation = {
      productId,
      productTitle: product?.title ?? null,
      source,
      rule: rule ? { id: rule.id, title: rule.title ?? rule.name ?? null } : null,
      version: choice ? { key: choice.key, created: choice.created, reason: choice.reason, note: choice.note } : null,
      effectivePricingDate: choice?.effectiveDate ?? normalisePricingDate(input.effectivePricingDate, 'endOfDay'),
      steps: steps ?? [],
      rawUnitPrice: raw,
      notes: notes ?? [],
      unitPriceInCents: unit,
      quantity,
      totalPriceInCents: total,
    };
  }
  return result;
}
