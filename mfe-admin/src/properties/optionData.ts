import type { DataField, DataValue } from './types.ts';

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/**
 * The option data typed in the JSON editor: it must parse as JSON and be an object of plain values
 * (text, number, true/false or null), which is what an option's data holds. Otherwise nothing is saved.
 */
export function parseOptionDataJson(text: string): Parsed<Record<string, DataValue>> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: `Invalid JSON: ${e instanceof Error ? e.message : String(e)}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, error: 'The data must be a JSON object, like {"width": 86}.' };
  for (const [key, v] of Object.entries(value)) {
    if (v !== null && typeof v === 'object') return { ok: false, error: `"${key}" must be text, a number, true/false or null.` };
  }
  return { ok: true, value: value as Record<string, DataValue> };
}

/** A data field's value as typed in its input: numbers parsed (empty = none), text kept, booleans as they are. */
export function parseFieldInput(field: DataField, input: string | boolean): Parsed<DataValue> {
  if (field.type === 'boolean') return { ok: true, value: Boolean(input) };
  const text = String(input);
  if (field.type === 'text') return { ok: true, value: text };
  if (text.trim() === '') return { ok: true, value: null };
  const n = Number(text);
  return Number.isFinite(n) ? { ok: true, value: n } : { ok: false, error: `${field.title || field.key} must be a number.` };
}

/** The text a data field's input starts with. */
export function fieldInputOf(field: DataField, value: DataValue | undefined): string | boolean {
  if (field.type === 'boolean') return value === true;
  return value === null || value === undefined ? '' : String(value);
}

/** A data value shown in the options table. */
export function showValue(field: DataField, value: DataValue | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (field.type === 'boolean') return value === true ? 'Yes' : 'No';
  return String(value);
}

/** Data field definitions: every key filled in, and no key twice. */
export function checkDataFields(fields: readonly DataField[]): string | null {
  const keys = fields.map((f) => f.key.trim());
  if (keys.some((k) => !k)) return 'Every data field needs a key.';
  const twice = keys.find((k, i) => keys.indexOf(k) !== i);
  return twice ? `The key "${twice}" is used twice.` : null;
}
