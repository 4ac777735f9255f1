import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsImport from 'ajv-formats';
import type { Static, TSchema } from '@sinclair/typebox';
import { schemaErrorsMessage, schemaFieldLabel, schemaIssueField } from '@cpq/domain';
import { ApiError } from './errors.ts';

const ajv = new Ajv({ allErrors: false, strict: false, coerceTypes: false, useDefaults: false });
// ajv-formats is CommonJS; its default export shape differs between loaders.
const addFormats = ((addFormatsImport as unknown as { default?: unknown }).default ?? addFormatsImport) as (a: Ajv) => Ajv;
addFormats(ajv);

const cache = new WeakMap<TSchema, ValidateFunction>();

/** Compiles once per schema object. */
export function compile(schema: TSchema): ValidateFunction {
  let v = cache.get(schema);
  if (!v) {
    v = ajv.compile(schema);
    cache.set(schema, v);
  }
  return v;
}

/** For programs and test diagnostics: the dotted path and ajv's wording, e.g. "props.phone must NOT have more than 64 characters". */
export function describeError(e: ErrorObject): string {
  return `${schemaIssueField(e)} ${e.keyword === 'required' ? 'is required' : e.keyword === 'additionalProperties' ? 'is not allowed' : (e.message ?? 'is invalid')}`;
}

/** What programs read: each issue with its dotted field path and keyword beside ajv's own fields. */
function issueDetails(errors: ErrorObject[]): Array<ErrorObject & { field: string }> {
  return errors.map((e) => ({ ...e, field: schemaIssueField(e) }));
}

// String.prototype.isWellFormed (Node 20) is newer than the ES2023 library this project compiles with.
const isWellFormed = (s: string) => (s as string & { isWellFormed(): boolean }).isWellFormed();

/**
 * Where a value holds text that is not well-formed UTF-16 — a lone surrogate such as "\ud800", which
 * JSON allows as an escape but no database column can hold (MariaDB refuses it in a JSON column) —
 * as a sentence naming the field by its label (decision 0090); null when all its text is well formed.
 * Field names count too. `schema` gives the fields' titles; `subject` names the whole value.
 */
export function illFormedText(value: unknown, schema?: TSchema, subject = 'The request'): string | null {
  const found = illFormedPath(value);
  if (!found) return null;
  const label = schemaFieldLabel(found.path, schema, subject);
  return found.inName ? `${label} has a field name with a character that cannot be stored.` : `${label} contains a character that cannot be stored.`;
}

/** The first field (in body order) whose text, or one of whose field names, is not well formed. */
function illFormedPath(value: unknown): { path: string[]; inName: boolean } | null {
  const stack: Array<[unknown, string[]]> = [[value, []]];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (!isWellFormed(v)) return { path, inName: false };
    } else if (v && typeof v === 'object') {
      const entries = Object.entries(v);
      // Pushed last to first, so the first such field in the body is the one named.
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!;
        if (!isWellFormed(key)) return { path, inName: true };
        stack.push([child, [...path, key]]);
      }
    }
  }
  return null;
}

/** Validates a request body (or, with `part` 'query', a query string already read into an object). */
export function validateBody<S extends TSchema>(schema: S, body: unknown, part: 'body' | 'query' = 'body'): Static<S> {
  const v = compile(schema);
  if (body === undefined) throw new ApiError(400, 'invalidBody', 'A JSON request body is required.');
  const code = part === 'query' ? 'invalidQuery' : 'invalidBody';
  if (!v(body)) {
    const errors = v.errors ?? [];
    const fallback = part === 'query' ? 'The query string is invalid.' : 'Request body is invalid.';
    const subject = part === 'query' ? 'The query string' : 'The request';
    const message = schemaErrorsMessage(errors, schema, subject, body) ?? fallback;
    throw new ApiError(400, code, message, issueDetails(errors));
  }
  // After the schema, which names unknown or mistyped fields first; before anything is written.
  const illFormed = illFormedText(body, schema, part === 'query' ? 'The query string' : 'The request');
  if (illFormed) throw new ApiError(400, code, illFormed);
  return body as Static<S>;
}
