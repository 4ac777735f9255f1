/**
 * A product's exportPriceData: how its price list is laid out (docs/decisions/0052-admin-products-and-price-export.md).
 * - groupDataBy: property ids; the rows come in one block per combination of their options.
 * - rowsData: property ids; one row per combination of their options within a block.
 * - columnsData: property ids; one price column per combination of their options.
 * - fixedProperties: the same selection for every priced combination, keyed by property id
 *   ({ optionId } or { value }, as an item stores it), e.g. the size a price list is quoted for.
 * A single id is accepted where a list is expected.
 */
export interface ExportLayout {
  groupBy: number[];
  rows: number[];
  columns: number[];
  fixed: Record<string, { optionId?: number; value?: string | number }>;
}

export function hasExportPriceData(product: { exportPriceData?: unknown }): boolean {
  const d = product.exportPriceData;
  return d !== null && typeof d === 'object' && Object.keys(d).length > 0;
}

type Read<T> = { ok: true; value: T } | { ok: false; message: string };

function ids(raw: unknown, name: string): Read<number[]> {
  if (raw === undefined || raw === null) return { ok: true, value: [] };
  const list = Array.isArray(raw) ? raw : [raw];
  const out: number[] = [];
  for (const v of list) {
    const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1) return { ok: false, message: `${name} must list property ids; ${JSON.stringify(v)} is not one.` };
    out.push(n);
  }
  return { ok: true, value: out };
}

/** Reads the stored exportPriceData, or says what in it cannot be used. */
export function readExportLayout(raw: unknown): Read<ExportLayout> {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return { ok: false, message: 'This product has no price export settings.' };
  const d = raw as Record<string, unknown>;
  const groupBy = ids(d.groupDataBy, 'groupDataBy');
  if (!groupBy.ok) return groupBy;
  const rows = ids(d.rowsData, 'rowsData');
  if (!rows.ok) return rows;
  const columns = ids(d.columnsData, 'columnsData');
  if (!columns.ok) return columns;
  const used = [...groupBy.value, ...rows.value, ...columns.value];
  if (used.length === 0) return { ok: false, message: 'The price export settings name no property to list prices by (groupDataBy, rowsData or columnsData).' };
  if (new Set(used).size !== used.length) return { ok: false, message: 'A property is named twice in the price export settings.' };
  const fixedRaw = d.fixedProperties ?? {};
  if (typeof fixedRaw !== 'object' || fixedRaw === null || Array.isArray(fixedRaw)) return { ok: false, message: 'fixedProperties must map property ids to a selection.' };
  const fixed: ExportLayout['fixed'] = {};
  for (const [key, sel] of Object.entries(fixedRaw as Record<string, unknown>)) {
    if (!/^[1-9]\d*$/.test(key) || typeof sel !== 'object' || sel === null) return { ok: false, message: `fixedProperties.${key} is not a property selection.` };
    const s = sel as Record<string, unknown>;
    const entry: { optionId?: number; value?: string | number } = {};
    if (typeof s.optionId === 'number') entry.optionId = s.optionId;
    if (typeof s.value === 'number' || typeof s.value === 'string') entry.value = s.value;
    if (entry.optionId === undefined && entry.value === undefined) return { ok: false, message: `fixedProperties.${key} has neither an optionId nor a value.` };
    if (used.includes(Number(key))) return { ok: false, message: `Property ${key} is both fixed and listed in the price export settings.` };
    fixed[key] = entry;
  }
  return { ok: true, value: { groupBy: groupBy.value, rows: rows.value, columns: columns.value, fixed } };
}
