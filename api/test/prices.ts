/**
 * What a reader from whom prices are hidden must never receive, written from the rule: costs, prices,
 * pricing rules and their steps, explanations, classifier numbers, any amount in cents. One home for
 * the API tests that walk answers for them.
 */
export const PRICE_KEY =
  /^(costs|orderTotal|orderSubTotal|depositAmount|priceInCents|classifications|productPricingRuleId|productPricingRules|versions|expressions|explanation|numbers|discountPercentage|discountFlatAmount|taxPercentage|tariffPercentage|shippingPercentage|shippingFlatAmount|pricingRuleVersion|exportPriceData)$|InCents$/;

/** A value that says something: not zero, empty, null or false. */
export const carriesSomething = (v: unknown): boolean =>
  typeof v === 'number' ? v !== 0 : typeof v === 'string' ? v !== '' && v !== '0' : Array.isArray(v) ? v.length > 0 : !!v && typeof v === 'object' && Object.keys(v).length > 0;

/** Paths of the keys in `value` (at any depth) for which `test` holds. */
export function keysIn(value: unknown, test: (k: string, v: unknown) => boolean, at = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => keysIn(v, test, `${at}[${i}]`));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => [...(test(k, v) ? [`${at}.${k}`] : []), ...keysIn(v, test, `${at}.${k}`)]);
}

/** Paths of the price keys with a value in an answer. */
export const pricesIn = (value: unknown): string[] => keysIn(value, (k, v) => PRICE_KEY.test(k) && carriesSomething(v));
