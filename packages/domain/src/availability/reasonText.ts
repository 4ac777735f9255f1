import type { CatalogueIndex } from '../engine/catalogue.ts';
import type { UnavailableReason } from './availability.ts';

/**
 * Why an option is unavailable, in words a person reads next to the greyed option: titles, never
 * ids, e.g. "Not with Mechanism Finish: Satin Nickel". Rule names are internal (an admin's label), so
 * they are added only when `ruleNames` is on (employees):
 * "Not with Mechanism Finish: Satin Nickel — rule 'No polished brass plate on a satin nickel mechanism'".
 */
export function reasonInWords(reason: UnavailableReason, catalogue: Pick<CatalogueIndex, 'rules'>, ruleNames: boolean): string {
  if (reason.kind !== 'rule' || !reason.trigger) return reason.message;
  const base =
    'propertyTitle' in reason.trigger
      ? `Not with ${reason.trigger.propertyTitle}: ${reason.trigger.optionTitle}`
      : `Not available for ${reason.trigger.productTitle}`;
  if (!ruleNames || reason.ruleId === undefined) return base;
  const title = catalogue.rules.find((r) => r.id === reason.ruleId)?.title?.trim();
  return title ? `${base} — rule '${title}'` : `${base} — rule ${reason.ruleId}`;
}

/** Every reason of an option in words, duplicates removed (one option can be hit by one rule twice). */
export function reasonsInWords(reasons: readonly UnavailableReason[], catalogue: Pick<CatalogueIndex, 'rules'>, ruleNames: boolean): string[] {
  return [...new Set(reasons.map((r) => reasonInWords(r, catalogue, ruleNames)))];
}
