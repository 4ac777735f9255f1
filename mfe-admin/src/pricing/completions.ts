/**
 * Catalogue ids offered while typing a pricing version: after "productPropertyId": the
 * organisation's properties, after "expected": its options (inside an array too), each with its
 * title as the hint. Pure: the Monaco provider turns these into completion items.
 */
export interface IdTitle {
  id: number;
  title: string;
  /** Options: the title of their property. */
  detail?: string;
}

export interface CatalogueIds {
  properties: readonly IdTitle[];
  options: readonly IdTitle[];
}

export interface IdCompletion {
  label: string;
  /** Shown beside the id: the record's title. */
  detail: string;
  insertText: string;
  /** How many characters before the cursor the completion replaces (the digits typed so far). */
  replace: number;
  kind: 'property' | 'option';
}

const AFTER_PROPERTY = /"productPropertyId"\s*:\s*(\d*)$/;
const AFTER_EXPECTED = /"expected"\s*:\s*(?:\[\s*(?:-?[\d.]+\s*,\s*|"[^"]*"\s*,\s*)*)?(\d*)$/;

/** The ids to offer at the cursor, given the text of the line up to it. */
export function idCompletions(lineBeforeCursor: string, ids: CatalogueIds): IdCompletion[] {
  const prop = AFTER_PROPERTY.exec(lineBeforeCursor);
  if (prop) return matching(ids.properties, prop[1]!, 'property');
  const expected = AFTER_EXPECTED.exec(lineBeforeCursor);
  if (expected) return matching(ids.options, expected[1]!, 'option');
  return [];
}

function matching(list: readonly IdTitle[], typed: string, kind: IdCompletion['kind']): IdCompletion[] {
  return list
    .filter((r) => String(r.id).startsWith(typed))
    .map((r) => ({ label: String(r.id), detail: r.detail ? `${r.title} (${r.detail})` : r.title, insertText: String(r.id), replace: typed.length, kind }));
}
