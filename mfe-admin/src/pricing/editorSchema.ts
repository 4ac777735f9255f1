import { PricingRuleVersionSchema, VERSION_STATUS_FIELDS } from '@cpq/domain';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * The pricing version JSON Schema for the editor. The TypeBox schema is JSON Schema already, but its
 * recursive expression schema is named by a bare `$id` ("PricingExpression") that editors cannot
 * resolve: it moves to `definitions` and its references become local ("#/definitions/…").
 */
export function editorJsonSchema(schema: unknown = PricingRuleVersionSchema): Record<string, Json> {
  const definitions: Record<string, Json> = {};
  const ids = new Set<string>();

  // JSON round trip: TypeBox adds symbol-keyed markers that are not schema.
  const plain = JSON.parse(JSON.stringify(schema)) as Json;

  const lift = (node: Json, root: boolean): Json => {
    if (Array.isArray(node)) return node.map((n) => lift(n, false));
    if (node === null || typeof node !== 'object') return node;
    const out: Record<string, Json> = {};
    for (const [k, v] of Object.entries(node)) out[k] = lift(v, false);
    if (!root && typeof out.$id === 'string') {
      const id = out.$id;
      delete out.$id;
      ids.add(id);
      definitions[id] = out;
      return { $ref: `#/definitions/${id}` };
    }
    return out;
  };
  const fixRefs = (node: Json): Json => {
    if (Array.isArray(node)) return node.map(fixRefs);
    if (node === null || typeof node !== 'object') return node;
    const out: Record<string, Json> = {};
    for (const [k, v] of Object.entries(node)) out[k] = k === '$ref' && typeof v === 'string' && ids.has(v) ? `#/definitions/${v}` : fixRefs(v);
    return out;
  };

  const lifted = lift(plain, true) as Record<string, Json>;
  delete lifted.$id;
  // Draft and publication fields are the server's: the editor neither shows nor offers them.
  const properties = lifted.properties;
  if (properties && typeof properties === 'object' && !Array.isArray(properties)) for (const k of VERSION_STATUS_FIELDS) delete properties[k];
  const fixedDefinitions = Object.fromEntries(Object.entries(definitions).map(([k, v]) => [k, fixRefs(v)]));
  return { ...(fixRefs(lifted) as Record<string, Json>), definitions: fixedDefinitions };
}
