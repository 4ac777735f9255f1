import { activeDateSettings } from '@cpq/client';
import { formatDate, normalisePricingDate, type DateSettings, type PricingRuleVersion } from '@cpq/domain';

/** A pricing rule as the admin screens read it (resources.get('productPricingRules')). */
export interface PricingRuleRow {
  id: number;
  orgId: number;
  title?: string | null;
  name?: string | null;
  deleted: 0 | 1;
  versions: Record<string, PricingRuleVersion>;
  [key: string]: unknown;
}

/** The list's title: the title, else the name, else 'Untitled Rule'. */
export function ruleTitle(rule: Pick<PricingRuleRow, 'title' | 'name'>): string {
  return rule.title?.trim() || rule.name?.trim() || 'Untitled Rule';
}

/** A rule's versions by created date, newest first (same date: the higher key first; unreadable dates last). */
export function versionsNewestFirst(versions: Record<string, PricingRuleVersion>): Array<{ key: string; version: PricingRuleVersion }> {
  const created = (v: PricingRuleVersion) => normalisePricingDate(v?.created, 'startOfDay') ?? '';
  return Object.entries(versions)
    .map(([key, version]) => ({ key, version, at: created(version) }))
    .sort((a, b) => (a.at === b.at ? Number(b.key) - Number(a.key) : a.at < b.at ? 1 : -1))
    .map(({ key, version }) => ({ key, version }));
}

/**
 * A pricing time ('YYYY-MM-DD HH:MM:SS', UTC) as people read it, in the organisation's locale
 * (decision 0089) but in UTC: pricing dates are compared in UTC, and the sentence says so.
 */
export function pricingTimeUtc(value: string, settings: DateSettings = activeDateSettings()): string {
  return formatDate(value, { locale: settings.locale, timeZone: 'UTC', style: 'dateTime' });
}
