import { CatalogueIndex } from '../engine/catalogue.ts';
import type { InstanceLike, PricingRuleVersion, ProductPricingRule } from '../engine/types.ts';
import { formatCents } from './money.ts';
import { priceInstance } from './price.ts';

/**
 * Draft pricing versions (docs/decisions/0068-pricing-version-drafts.md). A version marked
 * `draft: true` prices nothing: version selection (and so every price and the next pricing change)
 * skips it until it is published, which removes the marker. Who drafted and who published a version,
 * and when, are kept on the version; these fields belong to the server, never to the editor's text.
 */

/** The fields that say where a version stands, set by the server only. */
export const VERSION_STATUS_FIELDS = ['draft', 'draftedBy', 'draftedAt', 'publishedBy', 'publishedAt'] as const;
export type VersionStatusField = (typeof VERSION_STATUS_FIELDS)[number];
export type VersionStatus = Pick<PricingRuleVersion, VersionStatusField>;

/** Only `draft: true` marks a draft: versions stored before drafts existed are published. */
export function isDraftVersion(version: Pick<PricingRuleVersion, 'draft'> | null | undefined): boolean {
  return version?.draft === true;
}

/** What prices: the version without its status fields (the admin editor's text). */
export function versionContent(version: PricingRuleVersion): PricingRuleVersion {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(version)) if (!(VERSION_STATUS_FIELDS as readonly string[]).includes(k)) out[k] = v;
  return out as PricingRuleVersion;
}

/** The version's status fields alone, in one fixed order (stored JSON compares by its text). */
export function versionStatus(version: Partial<VersionStatus> | null | undefined): VersionStatus {
  const out: Record<string, unknown> = {};
  for (const k of VERSION_STATUS_FIELDS) if (version?.[k] !== undefined) out[k] = version[k];
  return out as VersionStatus;
}

/** The version as it prices once published: its draft marker gone (who drafted it stays). */
export function asPublishedVersion(version: PricingRuleVersion): PricingRuleVersion {
  const { draft: _draft, ...rest } = version;
  return rest;
}

/** The catalogue with one pricing rule replaced (or added): what a version change would price with. */
export function catalogueWithRule(catalogue: CatalogueIndex, rule: ProductPricingRule): CatalogueIndex {
  const others = catalogue.snapshot.productPricingRules.filter((r) => r.id !== rule.id);
  return new CatalogueIndex({ ...catalogue.snapshot, productPricingRules: [...others, rule] });
}

export type PublishRefusal =
  | { code: 'pricingVersionEmpty'; message: string }
  | { code: 'pricingVersionPricesZero'; message: string; productIds: number[] };

export interface PublishCheckInput {
  /** The organisation's catalogue. */
  catalogue: CatalogueIndex;
  ruleId: number;
  versionKey: string;
  version: PricingRuleVersion;
  /**
   * Items to try, of products using the rule: the items the version would price once published, and
   * for a product none of them is of, its default configuration (what a new item of it starts as).
   */
  samples: readonly InstanceLike[];
}

const quiet = () => {};

function andList(words: readonly string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/**
 * Why a version may not be published, or null: it has no expressions, or it prices every item tried
 * of some product at $0 (a product sold for nothing is never what a new price means). The samples are
 * priced by the version itself, whatever their dates, exactly as the engine would once it applies.
 */
export function publishRefusal(input: PublishCheckInput): PublishRefusal | null {
  const { catalogue, ruleId, versionKey, version } = input;
  if (!Array.isArray(version.expressions) || version.expressions.length === 0) {
    return { code: 'pricingVersionEmpty', message: `Version ${versionKey} has no expressions: published, it would price every item of this rule at ${formatCents(0)}. Add its expressions first.` };
  }
  const rule = catalogue.pricingRule(ruleId);
  if (!rule) return null;
  const forced = catalogueWithRule(catalogue, { ...rule, versions: { [versionKey]: asPublishedVersion(version) } });
  const byProduct = new Map<number, { tried: number; priced: boolean }>();
  for (const instance of input.samples) {
    if (catalogue.product(instance.productId)?.productPricingRuleId !== ruleId) continue;
    const seen = byProduct.get(instance.productId) ?? { tried: 0, priced: false };
    seen.tried++;
    if (!seen.priced) seen.priced = priceInstance({ instance, catalogue: forced, effectivePricingDate: version.created, log: quiet }).unitPriceInCents > 0;
    byProduct.set(instance.productId, seen);
  }
  const zero = [...byProduct.entries()].filter(([, s]) => !s.priced).map(([id]) => id);
  if (!zero.length) return null;
  const titles = zero.map((id) => catalogue.product(id)?.title || `product ${id}`);
  const tried = zero.reduce((n, id) => n + byProduct.get(id)!.tried, 0);
  return {
    code: 'pricingVersionPricesZero',
    productIds: zero,
    message: `Version ${versionKey} would price every item of ${andList(titles)} at ${formatCents(0)} (${tried} ${tried === 1 ? 'item' : 'items'} tried). Check its expressions with the test bench before publishing.`,
  };
}
