import { stringify } from 'csv-stringify/browser/esm/sync';
import {
  csvOptions,
  formatCents,
  isEmployee,
  PRODUCT_ORDER_GUEST_WRITABLE_FIELDS,
  type OrderDataProductOrder,
  type OrgMembership,
} from '@cpq/domain';
import type { PluginRules } from '@cpq/plugin-sdk';

/** The order fields the settings popup edits as text (one input each). */
export type OrderTextField =
  | 'projectName'
  | 'firmName'
  | 'contactName'
  | 'phone'
  | 'email'
  | 'clientEmails'
  | 'purchaseOrderNumber'
  | 'estimateNumber'
  | 'externalLink1'
  | 'trackingNumber'
  | 'estimatedShippingDate';

/** What the popup shows to this user on this order. */
export interface SettingsView {
  employee: boolean;
  /** Order fields this user may change (guests: the allow-list; employees: all). */
  writable: ReadonlySet<string>;
  /** Effective pricing date, shipping, tax rate, discount, tariff, amount paid, notes, command data. */
  showAdvancedPricing: boolean;
  /** Sales tax on or off for the order. */
  showTaxToggle: boolean;
  showOwner: boolean;
}

/**
 * Who sees what: employees (owner or member, not in guest mode) everything they may write; guests only
 * the fields they may write, plus the shipping information unless the organisation keeps it to
 * employees. Price fields never show when prices are hidden from the user.
 */
export function settingsView(org: Pick<OrgMembership, 'role' | 'prevRole'>, rules: Pick<PluginRules, 'orderSettings'>, pricingHidden: boolean): SettingsView {
  const employee = isEmployee({ role: org.role, prevRole: org.prevRole ?? null });
  const writable = new Set<string>(employee ? [...PRODUCT_ORDER_GUEST_WRITABLE_FIELDS, 'trackingNumber', 'estimatedShippingDate', 'disableSalesTax'] : PRODUCT_ORDER_GUEST_WRITABLE_FIELDS);
  return {
    employee,
    writable,
    showAdvancedPricing: employee && rules.orderSettings.advancedPricingFields && !pricingHidden,
    showTaxToggle: employee && !pricingHidden,
    showOwner: employee,
  };
}

/** Tracking number and estimated shipping date: shown to everyone (read-only to guests) unless the organisation keeps them to employees. */
export function showsShippingField(view: SettingsView, rules: Pick<PluginRules, 'orderSettings'>, field: 'trackingNumber' | 'estimatedShippingDate'): boolean {
  return view.employee || !rules.orderSettings.employeeOnlyFields.includes(field);
}

// ------------------------------------------------------------------ values

/** clientEmails as the input shows it ("a@x.com, b@y.com"). */
export function emailsText(v: unknown): string {
  if (Array.isArray(v)) return v.join(', ');
  return typeof v === 'string' ? v : '';
}

export function textOf(order: OrderDataProductOrder, field: OrderTextField): string {
  const v = (order as Record<string, unknown>)[field];
  if (field === 'clientEmails') return emailsText(v);
  return v === null || v === undefined ? '' : String(v);
}

/** A typed text field as saved: blank → null. */
export const blankToNull = (s: string): string | null => (s.trim() === '' ? null : s.trim());

/** Phone hint: the submit check wants exactly 10 digits once non-digits are removed. */
export const phoneDigits = (s: string) => s.replace(/\D/g, '').length;

/** Dollars as typed ("1,250.5", "$80") to whole cents; null when blank; NaN when not a number. */
export function dollarsToCents(text: string): number | null {
  const t = text.replace(/[$,\s]/g, '');
  if (t === '') return null;
  if (!/^\d+(\.\d{0,2})?$|^\.\d{1,2}$/.test(t)) return Number.NaN;
  return Math.round(Number(t) * 100);
}

export const centsToDollars = (cents: number | null | undefined) => (cents === null || cents === undefined ? '' : (cents / 100).toFixed(2));

/** A percentage as typed: null when blank, NaN outside 0–100 or not a number. */
export function parsePercent(text: string): number | null {
  const t = text.replace(/[%\s]/g, '');
  if (t === '') return null;
  const n = Number(t);
  return Number.isFinite(n) && n >= 0 && n <= 100 ? n : Number.NaN;
}

export interface AddressValue {
  streetAddress: string;
  streetAddress2: string;
  city: string;
  state: string;
  zip: string;
  country: string;
}

export const ADDRESS_FIELDS: ReadonlyArray<{ key: keyof AddressValue; label: string; autoComplete: string }> = [
  { key: 'streetAddress', label: 'Street address', autoComplete: 'address-line1' },
  { key: 'streetAddress2', label: 'Street address 2', autoComplete: 'address-line2' },
  { key: 'city', label: 'City', autoComplete: 'address-level2' },
  { key: 'state', label: 'State', autoComplete: 'address-level1' },
  { key: 'zip', label: 'ZIP', autoComplete: 'postal-code' },
  { key: 'country', label: 'Country', autoComplete: 'country' },
];

/** An address as the form holds it; the country defaults to US. */
export function addressValue(a: unknown): AddressValue {
  const o = (a && typeof a === 'object' ? a : {}) as Partial<Record<keyof AddressValue, unknown>>;
  const s = (v: unknown) => (typeof v === 'string' ? v : '');
  return { streetAddress: s(o.streetAddress), streetAddress2: s(o.streetAddress2), city: s(o.city), state: s(o.state), zip: s(o.zip), country: s(o.country) || 'US' };
}

/** An address as saved: trimmed, the country US when left blank. */
export function addressToSave(a: AddressValue): AddressValue {
  const t = Object.fromEntries(Object.entries(a).map(([k, v]) => [k, v.trim()])) as unknown as AddressValue;
  return { ...t, country: t.country || 'US' };
}

// ------------------------------------------------------------------ CSV export

/** The title in kebab-case ("Kitchen Fronts — Berg" → "kitchen-fronts-berg"); "order" when nothing is left. */
export function kebabCase(title: string): string {
  const k = title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return k || 'order';
}

/** "YYYY-MM-DD HH:mm:ss" in UTC. */
export function utcStamp(d: Date): string {
  return d.toISOString().slice(0, 19).replace('T', ' ');
}

/** The order export's file name: the title in kebab-case, "-export-", the UTC date and time, ".csv". */
export function orderExportFileName(title: string, now: Date): string {
  return `${kebabCase(title)}-export-${utcStamp(now)}.csv`;
}

export interface ExportItem {
  rank: number;
  title?: string | null;
  productId: number;
  quantity: number;
  properties?: Record<string, { optionId?: number | null; value?: unknown; text?: unknown } | undefined> | null;
  unitPriceInCents?: number;
  totalPriceInCents?: number;
}

export interface ExportCatalogue {
  products: ReadonlyArray<{ id: number; title: string }>;
  productProperties: ReadonlyArray<{ id: number; title: string }>;
  productOptions: ReadonlyArray<{ id: number; title: string }>;
}

/** "Plate Size: 2 Gang; Mechanism Finish: Satin Brass" — chosen options by title, typed values as typed, in property order. */
export function optionsSummary(item: ExportItem, catalogue: ExportCatalogue): string {
  const props = new Map(catalogue.productProperties.map((p, i) => [p.id, { title: p.title, i }]));
  const options = new Map(catalogue.productOptions.map((o) => [o.id, o.title]));
  return Object.entries(item.properties ?? {})
    .map(([id, sel]) => {
      const prop = props.get(Number(id));
      if (!prop || !sel) return null;
      let value: string | null = null;
      if (sel.optionId != null) value = options.get(sel.optionId) ?? 'ERROR';
      else if (Array.isArray(sel.text) && sel.text.some((t) => typeof t === 'string' && t.trim())) value = sel.text.filter((t) => typeof t === 'string' && t.trim()).join(' / ');
      else if (sel.value !== null && sel.value !== undefined && String(sel.value).trim() !== '') value = String(sel.value);
      return value === null ? null : { i: prop.i, text: `${prop.title}: ${value}` };
    })
    .filter((x): x is { i: number; text: string } => x !== null)
    .sort((a, b) => a.i - b.i)
    .map((x) => x.text)
    .join('; ');
}

/** The CSV text: a row per item (rank order) with rank, title, product, quantity, options, and prices when visible. */
export function orderCsv(items: readonly ExportItem[], catalogue: ExportCatalogue, pricingHidden: boolean): string {
  const productTitle = new Map(catalogue.products.map((p) => [p.id, p.title]));
  const header = ['Rank', 'Title', 'Product', 'Quantity', 'Options', ...(pricingHidden ? [] : ['Unit Price', 'Total Price'])];
  const rows = [...items]
    .sort((a, b) => a.rank - b.rank)
    .map((it) => [
      it.rank,
      it.title ?? '',
      it.productId === -1 ? 'Custom product' : (productTitle.get(it.productId) ?? ''),
      it.quantity,
      optionsSummary(it, catalogue),
      ...(pricingHidden ? [] : [it.unitPriceInCents === undefined ? '' : formatCents(it.unitPriceInCents), it.totalPriceInCents === undefined ? '' : formatCents(it.totalPriceInCents)]),
    ]);
  return stringify([header, ...rows], csvOptions());
}

/** Why the tax lookup filled nothing, in words. */
export function taxRateMissing(state: string, reason: 'organisationSkipsState' | 'unknownState' | null): string {
  return reason === 'organisationSkipsState'
    ? `Sales tax for ${state.toUpperCase()} is not looked up for this organisation: enter the rate if one applies.`
    : `No sales-tax rate is known for "${state}".`;
}
