/**
 * What a printed document shows, computed from the order, its items and the catalogue: the header
 * fields, the items table (columns by the invoice visibility of each property, rows with a computed
 * height) and the costs summary. Pure, so the screen, the CSV and the tests read the same thing.
 */
import {
  addressLines,
  columnWidths,
  costLines,
  currentStatus,
  CUSTOM_PRODUCT_ID,
  DEFAULT_QUOTE_VALIDITY_DAYS,
  formatCents,
  guestTerms,
  instanceThumbnailUrl,
  invoiceOptionSwatch,
  isCustomProduct,
  normaliseQuantity,
  optionSummary,
  pricesFollowCatalogue,
  readEngravings,
  repriceOrder,
  statusTitle,
  visibleStatuses,
  type CatalogueIndex,
  type CostLine,
  type Costs,
  type DocumentKind,
  type EngineHooks,
  type InstanceLike,
  type OrderDataGuest,
  type OrderDataProductInstance,
  type OrderDataProductOrder,
  type OrgDesignEngineSettings,
  type ProductProperty,
  type QuoteAcceptance,
  type StatusData,
} from '@cpq/domain';
import { formatDate } from './dates.ts';

/** Line height of every text line in a row (px); rows never wrap text, so heights are exact. */
export const LINE_HEIGHT = 16;
/** Vertical padding of a row (top + bottom). */
export const ROW_PADDING = 12;
/** Height of the option thumbnails strip. */
export const THUMBNAIL_SIZE = 40;
export const THUMBNAIL_GAP = 4;
/** Height of a product drawing on the factory sheet (plus a gap above it). */
export const DRAWING_HEIGHT = 160;
export const DRAWING_GAP = 8;

export const DOCUMENT_TITLES: Readonly<Record<DocumentKind, string>> = {
  quote: 'Quote',
  invoice: 'Invoice',
  packingSlip: 'Packing Slip',
  factory: 'Factory Sheet',
};

export interface DocColumn {
  key: string;
  label: string;
  /** px; null for the item column (it takes the rest). */
  width: number | null;
  align: 'left' | 'right' | 'center';
}

/** An option's swatch under the item: its picture (url) or its colour (docs/decisions/0085-thumbnails-and-swatches.md). */
export interface Thumbnail {
  url: string | null;
  color: string | null;
  alt: string;
}

/** The item's picture in the picture column of a quote or invoice (px, square). */
export const PICTURE_SIZE = 40;

export interface DocRow {
  id: number;
  quantity: number;
  title: string;
  /** The product's title when the item has a title of its own. */
  productTitle: string | null;
  /** "Property: Option" lines under the title. */
  lines: string[];
  /** Cell text lines by column key (column properties, sku, engravings, prices). */
  cells: Record<string, string[]>;
  thumbnails: Thumbnail[];
  /** The item's picture (its own, else its product's) on a quote or invoice; null elsewhere or when it has none. */
  picture: string | null;
  /** Factory sheet: the item's notes. */
  notes: string | null;
  /** Factory sheet: room is kept for the item's drawing. */
  hasDrawing: boolean;
  height: number;
}

export interface HeaderField {
  key: string;
  label: string;
  value: string;
}

export interface SummaryLine {
  key: string;
  label: string;
  text: string;
  emphasis?: boolean;
}

export interface DocumentModel {
  mode: DocumentKind;
  title: string;
  fields: HeaderField[];
  address: { lines: string[]; incomplete: boolean };
  columns: DocColumn[];
  rows: DocRow[];
  /** null when the document shows no prices (packing slip, factory sheet, hidden pricing). */
  summary: SummaryLine[] | null;
  /** The order has a discount the Hide/Show Discount toggle may hide. */
  hasDiscount: boolean;
  /** A quote's "Valid until" date (M/D/YYYY); null on other documents. */
  validUntil: string | null;
  /** The organisation's terms under a quote, one line each; empty on other documents. */
  terms: readonly string[];
  /** A quote revision's online acceptance, after the terms; null when it has none or on other documents. */
  acceptance: AcceptanceBlock | null;
}

/** "Accepted online" and its lines, as printed at the end of an accepted revision's quote. */
export interface AcceptanceBlock {
  heading: string;
  /** `code`: the end of `text` that is a code (the fingerprint), set apart so it can break anywhere on a phone. */
  lines: { key: 'acceptedBy' | 'from' | 'revision' | 'fingerprint'; text: string; code?: string }[];
}

/** The quote revision a document is printed as: its number, or a draft changed since it. */
export interface RevisionLabel {
  number: number;
  /** The order changed since revision `number` (the live order only). */
  draft: boolean;
}

export interface EngravingIds {
  engravingsPropertyId: number;
  belowTextPropertyId?: number;
}

export interface DocumentInput {
  mode: DocumentKind;
  order: OrderDataProductOrder;
  instances: readonly OrderDataProductInstance[];
  guests: readonly OrderDataGuest[];
  catalogue: CatalogueIndex;
  hooks: EngineHooks;
  orgSettings: OrgDesignEngineSettings;
  guest: boolean;
  pricingHidden: boolean;
  hideDiscount: boolean;
  /** The pricing date when the order has no effective pricing date. */
  now: Date;
  /** Where the organisation keeps engravings (an engravings column when given). */
  engravings?: EngravingIds | null;
  showEstimateNumber?: boolean;
  /** The factory sheet draws each item (when a drawing renderer is available). */
  drawings?: boolean;
  /** The quote revision printed in the header (null or absent: the order was never submitted). */
  revision?: RevisionLabel | null;
  /** The customer's acceptance of the revision printed (a quote prints it at its end). */
  acceptance?: QuoteAcceptance | null;
}

const priced = (mode: DocumentKind) => mode === 'quote' || mode === 'invoice';

/** The document of one order in one mode. */
export function buildDocument(input: DocumentInput): DocumentModel {
  const { mode, order, catalogue } = input;
  const showPrices = priced(mode) && !input.pricingHidden;
  const items = [...input.instances].sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0) || a.id - b.id);

  const pricing = showPrices ? priceItems(input, items) : null;
  const columnProps = mode === 'factory' ? [] : columnProperties(items, catalogue);
  const rows = items.map((inst, i) => buildRow(input, inst, columnProps, pricing?.lineTotals[i] ?? null));

  // Quotes and invoices show each item's picture in a column of its own when any item has one.
  const keys = ['quantity', ...(rows.some((r) => r.picture) ? ['picture'] : []), 'item', ...columnProps.map((p) => `p${p.id}`)];
  if (rows.some((r) => r.cells.sku)) keys.push('sku');
  if (rows.some((r) => r.cells.engravings)) keys.push('engravings');
  if (mode === 'packingSlip') keys.push('check');
  if (showPrices) keys.push('unitPrice', 'subtotal');
  const labels: Record<string, string> = {
    quantity: 'Qty',
    picture: 'Picture',
    item: 'Item',
    sku: mode === 'factory' ? 'SKU / Factory' : 'SKU',
    engravings: 'Engravings',
    check: 'Checked / Initials',
    unitPrice: 'Unit Price',
    subtotal: 'Subtotal',
    ...Object.fromEntries(columnProps.map((p) => [`p${p.id}`, p.title])),
  };
  const columns = columnWidths(keys).map(({ key, width }) => ({
    key,
    width,
    label: labels[key] ?? key,
    align: key === 'unitPrice' || key === 'subtotal' ? ('right' as const) : key === 'quantity' ? ('center' as const) : ('left' as const),
  }));

  return {
    mode,
    title: DOCUMENT_TITLES[mode],
    fields: headerFields(input),
    address: addressLines(order.deliveryAddress ?? null),
    columns,
    rows,
    summary: pricing ? summaryLines(mode, pricing.costs, input) : null,
    hasDiscount: !!pricing && pricing.costs.discount > 0,
    validUntil: mode === 'quote' ? quoteValidUntil(order, input.orgSettings) : null,
    terms: mode === 'quote' ? (input.orgSettings.quoteTerms ?? []).map((t) => t.trim()).filter(Boolean) : [],
    acceptance: mode === 'quote' && input.acceptance ? acceptanceBlock(input.acceptance) : null,
  };
}

/**
 * Who accepted the quote online, when (UTC, as kept), from where (left out when the reader is not shown
 * it) and the fingerprint of the PDF they accepted, so a printed copy can be matched to the record.
 */
export function acceptanceBlock(a: QuoteAcceptance): AcceptanceBlock {
  // The account's name in brackets only when it says something the typed name does not.
  const account = a.userName?.trim() ?? '';
  const who = account !== '' && account.toLowerCase() !== a.fullName.trim().toLowerCase() ? `${a.fullName} (${account})` : a.fullName;
  const lines: AcceptanceBlock['lines'] = [{ key: 'acceptedBy', text: `Accepted by ${who} on ${a.at} UTC` }];
  if (a.ipAddress.trim() !== '') lines.push({ key: 'from', text: `From address ${a.ipAddress.trim()}` });
  lines.push({ key: 'revision', text: `Revision ${a.revisionNumber}` });
  lines.push({ key: 'fingerprint', text: `Quote fingerprint (SHA-256 of the PDF accepted): ${a.pdfSha256}`, code: a.pdfSha256 });
  return { heading: 'Accepted online', lines };
}

/**
 * A quote stays valid for the organisation's number of days (30 when it names none) from the day it
 * was last updated: the prices it shows are those of that day (docs/decisions/0095-brand-titles-and-quote-terms.md).
 */
export function quoteValidUntil(order: Pick<OrderDataProductOrder, 'created' | 'lastUpdated'>, settings: Pick<OrgDesignEngineSettings, 'quoteValidityDays'>): string | null {
  const from = order.lastUpdated || order.created;
  if (!from) return null;
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(from) ? `${from.replace(' ', 'T')}Z` : from;
  const start = new Date(iso);
  if (Number.isNaN(start.getTime())) return null;
  const days = settings.quoteValidityDays ?? DEFAULT_QUOTE_VALIDITY_DAYS;
  return formatDate(new Date(start.getTime() + days * 86_400_000).toISOString());
}

// ---------------------------------------------------------------------------------------------
// Prices

export interface LinePrice {
  unit: number;
  total: number;
  quantity: number;
}

interface Pricing {
  costs: Costs;
  /** Per item, as shown (net of the discount when it is hidden). */
  lineTotals: LinePrice[];
}

/** An item whose product this viewer was not sent is priced by the server's stored unit price (as on the order page). */
function asPriced(inst: OrderDataProductInstance, catalogue: CatalogueIndex): InstanceLike & { id: number } {
  const notSent = !isCustomProduct(inst.productId) && !catalogue.product(inst.productId);
  return notSent ? { ...inst, productId: CUSTOM_PRODUCT_ID, customPriceInCents: inst.unitPriceInCents ?? 0 } : inst;
}

/**
 * The prices an order whose prices no longer follow the catalogue (submitted, approved, paid) was
 * agreed at, as stored (the server keeps them, and its payments were asked for them); null when the
 * order's prices follow the catalogue, or when a stored price is missing.
 */
function storedPricing(input: DocumentInput, items: readonly OrderDataProductInstance[]): Pricing | null {
  const costs = input.order.costs as Costs | undefined;
  if (!costs || pricesFollowCatalogue(input.orgSettings.productOrderStatuses ?? [], (input.order.statusData ?? {}) as StatusData)) return null;
  const lineTotals: LinePrice[] = [];
  for (const i of items) {
    if (typeof i.unitPriceInCents !== 'number' || typeof i.totalPriceInCents !== 'number') return null;
    lineTotals.push({ unit: i.unitPriceInCents, total: i.totalPriceInCents, quantity: normaliseQuantity(i.quantity) });
  }
  return { costs, lineTotals };
}

/**
 * Item prices and order costs with the engine and the same costs function as the order page and the
 * server; an order whose prices are kept shows its stored ones, as the order page does.
 */
function priceItems(input: DocumentInput, items: readonly OrderDataProductInstance[]): Pricing {
  const stored = storedPricing(input, items);
  if (stored) return !input.hideDiscount || stored.costs.discount <= 0 ? stored : { costs: stored.costs, lineTotals: netOfDiscount(stored.lineTotals, stored.costs) };
  const owner = input.guests.find((g) => g.userId === input.order.userId);
  const { instances, costs } = repriceOrder({
    order: input.order,
    instances: items.map((i) => asPriced(i, input.catalogue)),
    catalogue: input.catalogue,
    orgSettings: input.orgSettings,
    hooks: input.hooks,
    guest: guestTerms(owner),
    now: input.now,
    log: () => undefined,
  });
  const lineTotals = instances.map((p) => ({ unit: p.unitPriceInCents, total: p.totalPriceInCents, quantity: p.quantity }));
  if (!input.hideDiscount || costs.discount <= 0) return { costs, lineTotals };
  return { costs, lineTotals: netOfDiscount(lineTotals, costs) };
}

/**
 * Line totals with the discount spread over them in proportion, each rounded to a cent and the
 * rounding left on the last priced line so they add up to the discounted subtotal; the unit price is
 * the net line total / quantity.
 */
export function netOfDiscount(lines: readonly LinePrice[], costs: Pick<Costs, 'orderSubTotal' | 'discount'>): LinePrice[] {
  if (costs.orderSubTotal <= 0) return lines.map((l) => ({ ...l }));
  const goods = costs.orderSubTotal - costs.discount;
  const out = lines.map((l) => ({ ...l, total: l.total > 0 ? Math.round((l.total * goods) / costs.orderSubTotal) : l.total }));
  const last = out.findLastIndex((l) => l.total > 0);
  if (last >= 0) out[last]!.total += goods - out.reduce((sum, l) => sum + (l.total > 0 ? l.total : 0), 0);
  return out.map((l) => ({ ...l, unit: Math.round(l.total / Math.max(1, l.quantity)) }));
}

function summaryLines(mode: DocumentKind, costs: Costs, input: DocumentInput): SummaryLine[] {
  let lines: CostLine[] = costLines(costs);
  if (input.hideDiscount && costs.discount > 0) {
    // Hidden: the subtotal is the discounted one and no discount line is printed; the total is unchanged.
    const net = costs.orderSubTotal - costs.discount;
    lines = lines.filter((l) => l.key !== 'discount').map((l) => (l.key === 'subtotal' ? { ...l, text: formatCents(net), cents: net } : l));
  }
  const out: SummaryLine[] = lines.map((l) => ({ key: l.key, label: l.label, text: l.text, ...(l.emphasis ? { emphasis: true } : {}) }));
  if (mode === 'invoice') {
    const paid = input.order.amountPaidInCents ?? 0;
    out.push({ key: 'paid', label: 'Paid', text: formatCents(paid) });
    out.push({ key: 'balance', label: 'Balance due', text: formatCents(Math.max(0, costs.orderTotal - paid)), emphasis: true });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Rows

/** Properties shown as their own column ('column' visibility) that some item chose, in catalogue order. */
function columnProperties(items: readonly OrderDataProductInstance[], catalogue: CatalogueIndex): ProductProperty[] {
  const found = new Map<number, ProductProperty>();
  for (const inst of items) {
    for (const key of Object.keys(inst.properties ?? {})) {
      const p = catalogue.property(Number(key));
      if (p && p.invoiceVisibility === 'column') found.set(p.id, p);
    }
  }
  return [...found.values()].sort((a, b) => a.rank - b.rank || a.id - b.id);
}

function referenceCode(inst: OrderDataProductInstance, catalogue: CatalogueIndex, kind: 'catalog' | 'factory'): string | null {
  const product = catalogue.product(inst.productId);
  if (!product) return null;
  const base = product.referenceCodes?.[kind];
  if (!base) return null;
  // A product may name the properties whose chosen options' codes extend its own (e.g. CN-KP-B-S).
  const formula = (product as { referenceCodeFormulas?: { propertySequence?: unknown; separator?: unknown } }).referenceCodeFormulas;
  const sequence = Array.isArray(formula?.propertySequence) ? formula.propertySequence : [];
  const separator = typeof formula?.separator === 'string' ? formula.separator : '-';
  const parts = [base];
  for (const pid of sequence) {
    const optionId = inst.properties?.[String(pid)]?.optionId;
    const option = typeof optionId === 'number' ? catalogue.option(optionId) : undefined;
    const code = (option?.referenceCodes as Record<string, unknown> | null | undefined)?.[kind];
    if (typeof code === 'string' && code !== '') parts.push(code);
  }
  return parts.join(separator);
}

function engravingCell(inst: OrderDataProductInstance, ids: EngravingIds | null | undefined): string[] {
  if (!ids) return [];
  return readEngravings(inst, ids).map((e) => `${e.mechanismIndex + 1} ${e.location === 'above' ? '↑' : '↓'} ${e.lines.join(' / ')}`);
}

function buildRow(input: DocumentInput, inst: OrderDataProductInstance, columnProps: readonly ProductProperty[], price: LinePrice | null): DocRow {
  const { catalogue, mode } = input;
  const product = catalogue.product(inst.productId);
  const own = typeof inst.title === 'string' && inst.title.trim() !== '' ? inst.title.trim() : null;
  const title = own ?? product?.title ?? (isCustomProduct(inst.productId) ? 'Custom product' : 'Product not in your catalogue');
  const productTitle = own && product && product.title.trim() !== own ? product.title : null;

  const engravings = engravingCell(inst, input.engravings);
  const skip = engravings.length > 0 ? input.engravings?.engravingsPropertyId : undefined;
  const summary = product ? optionSummary(inst, catalogue) : [];
  const lines: string[] = [];
  const cells: Record<string, string[]> = {};
  const thumbnails: Thumbnail[] = [];
  for (const part of summary) {
    if (part.propertyId === skip || part.propertyId === input.engravings?.belowTextPropertyId) continue;
    const property = catalogue.property(part.propertyId);
    const visibility = mode === 'factory' ? 'inline' : (property?.invoiceVisibility ?? 'inline');
    if (visibility === 'none') continue;
    if (visibility === 'column' && columnProps.some((p) => p.id === part.propertyId)) cells[`p${part.propertyId}`] = [part.value];
    else lines.push(`${part.property}: ${part.value}`);
    if (mode !== 'factory') {
      const optionId = inst.properties?.[String(part.propertyId)]?.optionId;
      const swatch = invoiceOptionSwatch(property, typeof optionId === 'number' ? catalogue.option(optionId) : null);
      if (swatch) thumbnails.push({ url: swatch.kind === 'image' ? swatch.url : null, color: swatch.kind === 'colour' ? swatch.color : null, alt: `${part.property}: ${part.value}` });
    }
  }
  const sku = referenceCode(inst, catalogue, 'catalog');
  const factoryCode = mode === 'factory' ? referenceCode(inst, catalogue, 'factory') : null;
  const skuLines = [sku, factoryCode].filter((s): s is string => !!s);
  if (skuLines.length) cells.sku = skuLines;
  if (engravings.length) cells.engravings = engravings;
  if (price) {
    cells.unitPrice = [formatCents(price.unit)];
    cells.subtotal = [formatCents(price.total)];
  }
  const notes = mode === 'factory' && typeof inst.notes === 'string' && inst.notes.trim() !== '' ? inst.notes.trim() : null;
  const hasDrawing = mode === 'factory' && input.drawings === true && !!product;

  // The item cell stacks its text lines, the thumbnails strip and the drawing; other cells hold text lines.
  const itemLines = 1 + (productTitle ? 1 : 0) + lines.length + (notes ? 1 : 0);
  const itemHeight = itemLines * LINE_HEIGHT + (thumbnails.length ? THUMBNAIL_GAP + THUMBNAIL_SIZE : 0) + (hasDrawing ? DRAWING_GAP + DRAWING_HEIGHT : 0);
  const cellsHeight = Math.max(0, ...Object.values(cells).map((c) => c.length)) * LINE_HEIGHT;
  const picture = priced(mode) ? instanceThumbnailUrl(inst, product) : null;
  const height = ROW_PADDING + Math.max(itemHeight, cellsHeight, picture ? PICTURE_SIZE : 0);

  return { id: inst.id, quantity: inst.quantity, title, productTitle, lines, cells, thumbnails, picture, notes, hasDrawing, height };
}

// ---------------------------------------------------------------------------------------------
// Header

function headerFields(input: DocumentInput): HeaderField[] {
  const { order } = input;
  const out: HeaderField[] = [
    { key: 'orderNumber', label: 'Order #', value: String(order.orgSpecificId) },
    { key: 'title', label: 'Title', value: order.title },
  ];
  const add = (key: string, label: string, v: unknown) => {
    if (typeof v === 'string' && v.trim() !== '') out.push({ key, label, value: v.trim() });
  };
  add('contactName', 'Contact', order.contactName);
  add('purchaseOrderNumber', 'PO #', order.purchaseOrderNumber);
  if (input.showEstimateNumber) add('estimateNumber', 'Estimate #', order.estimateNumber);
  add('created', 'Date', formatDate(order.created));
  add('lastUpdated', 'Last updated', formatDate(order.lastUpdated));
  const statuses = visibleStatuses(input.orgSettings.productOrderStatuses ?? [], input.guest);
  // Stored entries always carry their date (the status flow writes it).
  const status = currentStatus(statuses, (order.statusData ?? {}) as StatusData);
  if (status) add('status', 'Status', statusTitle(status, order.isStocked));
  const revision = input.revision;
  if (revision && revision.number > 0) add('revision', 'Revision', revision.draft ? `Draft after revision ${revision.number}` : String(revision.number));
  return out;
}
