import type { CatalogueIndex } from '../engine/catalogue.ts';
import { normalisePricingDate, sortedVersions, type PricingDate } from './dates.ts';

const boundaries = new WeakMap<CatalogueIndex, readonly string[]>();

/** Every moment a published pricing rule version of the catalogue takes effect ('YYYY-MM-DD HH:MM:SS' UTC), sorted (drafts take effect at no moment). */
function versionStarts(catalogue: CatalogueIndex): readonly string[] {
  let list = boundaries.get(catalogue);
  if (!list) {
    const all = new Set<string>();
    for (const rule of catalogue.snapshot.productPricingRules) for (const v of sortedVersions(rule)) all.add(v.created);
    list = [...all].sort();
    boundaries.set(catalogue, list);
  }
  return list;
}

/**
 * The first moment after `at` when a version of one of the catalogue's pricing rules takes effect, or
 * null when none does. An order priced at "now" keeps its item prices until then; a write after it
 * must reprice every item (a version created at exactly that second applies from that second).
 */
export function nextPricingChange(catalogue: CatalogueIndex, at: PricingDate): string | null {
  const when = normalisePricingDate(at, 'endOfDay');
  if (when === null) return null;
  const list = versionStarts(catalogue);
  // First start strictly after `when` (binary search: catalogues can hold many versions).
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]! <= when) lo = mid + 1;
    else hi = mid;
  }
  return list[lo] ?? null;
}
