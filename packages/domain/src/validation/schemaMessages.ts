/**
 * Sentences for JSON-schema refusals (decision 0090). The API validates bodies with ajv; what ajv says
 * ('email must match format "email"') is for programs, so the API answers with the sentence made here
 * and keeps the field path and keyword in the details. Pure: the browser can use it too.
 */

/** The part of an ajv error this needs (structurally; no ajv import, so the browser bundle stays small). */
export interface SchemaIssue {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
}

type Schema = Record<string, unknown>;

/**
 * Labels by property name, for names the spelled-out form reads badly ("orgId" → "Org ID").
 * A schema can name its own field with a JSON Schema `title`, which wins over this list.
 */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  email: 'Email address',
  shareeEmail: 'Email address',
  clientEmails: 'Contact emails',
  phone: 'Phone number',
  firmName: 'Company',
  zip: 'ZIP code',
  streetAddress: 'Street address',
  streetAddress2: 'Street address (line 2)',
  orgId: 'Organisation',
  activeOrgId: 'Organisation',
  userId: 'User',
  productOrderId: 'Order',
  productId: 'Product',
  productCategoryId: 'Product category',
  productInstanceId: 'Item',
  pricingIsHidden: 'Hide pricing',
  disableSalesTax: 'Sales tax',
  url: 'Web address',
  productOrderProps: 'Order details',
  props: 'Changes',
  where: 'Record',
  pageRowsFilterValue: 'Rows per page',
};

// Own entries only: a field named "__proto__" or "constructor" is not in the list.
const knownLabel = (name: string): string | undefined => (Object.hasOwn(FIELD_LABELS, name) ? FIELD_LABELS[name] : undefined);

const EXAMPLE_EMAIL = 'Enter an email address like name@example.com.';

/** "streetAddress2" → "Street address 2", "productCategoryId" → "Product category ID". */
export function humaniseFieldName(name: string): string {
  // A name no schema gives (sent by a program): quoted as it is, so the sentence still starts with a capital.
  // JSON's quoting: a quote inside the name is escaped, so the quoted part stays one piece.
  if (!/^[A-Za-z][A-Za-z0-9_-]*$/.test(name)) return `The field ${JSON.stringify(name.length > 40 ? `${name.slice(0, 40)}…` : name)}`;
  const words = name
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Za-z])(\d)/g, '$1 $2')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => (/^(id|url|csv|pdf|po)$/i.test(w) ? w.toUpperCase() : w.toLowerCase()));
  if (!words.length) return 'This field';
  const first = words[0]!;
  words[0] = first.charAt(0).toUpperCase() + first.slice(1);
  return words.join(' ');
}

/** "expressions" → "expression", "addresses" → "address" (good enough for field names). */
function singular(word: string): string {
  if (/ies$/i.test(word)) return word.slice(0, -3) + 'y';
  if (/(ss|x|ch|sh)es$/i.test(word)) return word.slice(0, -2);
  if (/[^s]s$/i.test(word)) return word.slice(0, -1);
  return word;
}

/** A label in the middle of a sentence: "Contact email 2" → "contact email 2", "ZIP code" stays. */
function inSentence(label: string): string {
  return /^[A-Z][A-Z]/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1);
}

function pointerSegments(pointer: string): string[] {
  if (!pointer) return [];
  return pointer
    .replace(/^\//, '')
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** The value at a path of the checked data (undefined when the data was not given or has no such field). */
function valueAt(data: unknown, segments: readonly string[]): unknown {
  let v = data;
  for (const seg of segments) {
    if (!v || typeof v !== 'object' || !Object.hasOwn(v, seg)) return undefined;
    v = (v as Record<string, unknown>)[seg];
  }
  return v;
}

function asSchema(v: unknown): Schema | null {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Schema) : null;
}

/** The branches of a union or intersection (TypeBox: anyOf / allOf), else the schema itself. */
function branches(s: Schema): Schema[] {
  const list = [s.anyOf, s.oneOf, s.allOf].flatMap((b) => (Array.isArray(b) ? b.map(asSchema).filter((x): x is Schema => !!x) : []));
  return list.length ? [s, ...list.flatMap(branches)] : [s];
}

type Step = { schema: Schema | null; kind: 'property' | 'item' | 'key' };

/** The schema of `segment` inside `s`, and whether the segment is a property, an array item or a map key. */
function child(s: Schema | null, segment: string): Step {
  if (!s) return { schema: null, kind: /^\d+$/.test(segment) ? 'item' : 'property' };
  for (const b of branches(s)) {
    const props = asSchema(b.properties);
    if (props && Object.hasOwn(props, segment)) return { schema: asSchema(props[segment]), kind: 'property' };
  }
  for (const b of branches(s)) {
    if (b.items !== undefined && /^\d+$/.test(segment)) {
      const items = Array.isArray(b.items) ? b.items[Number(segment)] : b.items;
      return { schema: asSchema(items), kind: 'item' };
    }
  }
  for (const b of branches(s)) {
    const pattern = asSchema(b.patternProperties);
    if (pattern) {
      const match = Object.entries(pattern).find(([re]) => {
        try {
          return new RegExp(re, 'u').test(segment);
        } catch {
          return false;
        }
      });
      if (match) return { schema: asSchema(match[1]), kind: 'key' };
    }
    const extra = asSchema(b.additionalProperties);
    if (extra) return { schema: extra, kind: 'key' };
  }
  return { schema: null, kind: /^\d+$/.test(segment) ? 'item' : 'property' };
}

/** The label of a property: its schema's title, the shared list, or its name spelled out. */
function propertyLabel(name: string, schema: Schema | null): string {
  const title = schema && typeof schema.title === 'string' && schema.title.trim() ? schema.title.trim() : null;
  return title ?? knownLabel(name) ?? humaniseFieldName(name);
}

interface Located {
  /** Label of the field the issue is about (null: the whole body). */
  label: string | null;
  /** Its schema, when the root schema describes it. */
  schema: Schema | null;
  /** Where the field sits when it is inside a list or map: "expression 1 of version 3". */
  where: string | null;
  /** Dotted path for programs, e.g. "props.versions.3.expressions.0.type". */
  field: string;
  /** The field is an entry of a list or map ("Contact email 2"), so its label is needed to find it. */
  entry: boolean;
}

/** Schemas named by `$id` inside `root`, for following `$ref` (TypeBox's recursive schemas use one). */
function namedSchemas(root: Schema | null): Map<string, Schema> {
  const named = new Map<string, Schema>();
  const seen = new Set<unknown>();
  const visit = (v: unknown) => {
    if (!v || typeof v !== 'object' || seen.has(v)) return;
    seen.add(v);
    if (!Array.isArray(v) && typeof (v as Schema).$id === 'string') named.set((v as Schema).$id as string, v as Schema);
    for (const x of Array.isArray(v) ? v : Object.values(v)) visit(x);
  };
  visit(root);
  return named;
}

function locate(root: Schema | null, segments: string[]): Located {
  const named = namedSchemas(root);
  const resolve = (s: Schema | null) => (s && typeof s.$ref === 'string' ? (named.get(s.$ref) ?? s) : s);
  let schema = resolve(root);
  let label: string | null = null;
  const places: string[] = [];
  let lastName: string | null = null;
  let entry = false;
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i]!;
    const step = child(schema, seg);
    const isLast = i === segments.length - 1;
    if (step.kind === 'property') {
      label = propertyLabel(seg, step.schema);
      lastName = seg;
      entry = false;
    } else {
      // An item of a list (position from 1) or an entry of a map (its key).
      const container: string = label ?? (lastName ? humaniseFieldName(lastName) : 'Entry');
      const name: string = `${singular(container)} ${step.kind === 'item' ? Number(seg) + 1 : seg}`;
      if (isLast) label = name;
      else places.unshift(inSentence(name));
      entry = isLast;
    }
    schema = resolve(step.schema);
  }
  return { label, schema, where: places.length ? places.join(' of ') : null, field: segments.join('.'), entry };
}

function list(values: unknown[]): string {
  const shown = values.map((v) => (typeof v === 'string' ? `"${v}"` : String(v)));
  if (shown.length <= 1) return shown.join('');
  return `${shown.slice(0, -1).join(', ')} or ${shown.at(-1)}`;
}

const TYPE_WORDS: Record<string, string> = {
  integer: 'a whole number',
  number: 'a number',
  string: 'text',
  boolean: 'true or false',
  array: 'a list',
  object: 'a set of fields',
  null: 'empty',
};

/** The constants a field allows when its schema is a union of literals or an enum. */
function allowedValues(schema: Schema | null): unknown[] | null {
  if (!schema) return null;
  if (Array.isArray(schema.enum)) return schema.enum;
  const union = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : null;
  if (union && union.length && union.every((b) => asSchema(b) && 'const' in (b as Schema))) return union.map((b) => (b as Schema).const);
  return null;
}

function typesOf(schema: Schema | null, fallback: unknown): string[] {
  const fromSchema = schema ? branches(schema).flatMap((b) => (typeof b.type === 'string' ? [b.type] : Array.isArray(b.type) ? (b.type as string[]) : [])) : [];
  const given = Array.isArray(fallback) ? (fallback as string[]) : typeof fallback === 'string' ? fallback.split(',') : [];
  const all = [...new Set(fromSchema.length ? fromSchema : given)];
  return all.length ? all : given;
}

/** "Contact emails are", "Address is": plural labels take "are" (a heuristic that holds for field names). */
function is(label: string): string {
  return /[^su]s$/i.test(label) && !/(ss|us|is)$/i.test(label) ? `${label} are` : `${label} is`;
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

function sentenceFor(issue: SchemaIssue, at: Located, subject: string): string {
  const p = issue.params;
  const L = at.label ?? subject;
  switch (issue.keyword) {
    case 'required':
      return `${is(L)} required.`;
    case 'additionalProperties':
      return `${L} cannot be set here.`;
    case 'format':
      if (p.format === 'email') return at.entry ? `${L}: ${EXAMPLE_EMAIL.charAt(0).toLowerCase()}${EXAMPLE_EMAIL.slice(1)}` : EXAMPLE_EMAIL;
      if (p.format === 'date') return `${L} must be a date like 2026-01-31.`;
      if (p.format === 'date-time') return `${L} must be a date and time like 2026-01-31T09:30:00Z.`;
      if (p.format === 'uri' || p.format === 'url') return `${L} must be a web address like https://example.com.`;
      return `${is(L)} not in the expected form.`;
    case 'minLength':
      return Number(p.limit) <= 1 ? `${L} cannot be empty.` : `${L} must be at least ${plural(Number(p.limit), 'character')}.`;
    case 'maxLength':
      return `${L} must be at most ${plural(Number(p.limit), 'character')}.`;
    case 'minimum':
      return `${L} must be at least ${p.limit}.`;
    case 'maximum':
      return `${L} must be at most ${p.limit}.`;
    case 'exclusiveMinimum':
      return `${L} must be more than ${p.limit}.`;
    case 'exclusiveMaximum':
      return `${L} must be less than ${p.limit}.`;
    case 'multipleOf':
      return `${L} must be a multiple of ${p.multipleOf}.`;
    case 'minItems':
      return Number(p.limit) <= 1 ? `${L} must have at least one entry.` : `${L} must have at least ${plural(Number(p.limit), 'entry', 'entries')}.`;
    case 'maxItems':
      return `${L} can have at most ${plural(Number(p.limit), 'entry', 'entries')}.`;
    case 'uniqueItems':
      return `${L} lists the same entry twice.`;
    case 'minProperties':
      return `${L} must have at least ${plural(Number(p.limit), 'field')}.`;
    case 'maxProperties':
      return `${L} can have at most ${plural(Number(p.limit), 'field')}.`;
    case 'pattern':
      return `${is(L)} not in the expected form.`;
  }
  const allowed = allowedValues(at.schema);
  if (allowed) return `${L}: choose one of ${list(allowed)}.`;
  if (issue.keyword === 'enum' && Array.isArray(p.allowedValues)) return `${L}: choose one of ${list(p.allowedValues)}.`;
  if (issue.keyword === 'const') return `${L} must be ${list([p.allowedValue])}.`;
  if (issue.keyword === 'type') {
    const words = typesOf(at.schema, p.type).map((t) => TYPE_WORDS[t] ?? t);
    return `${L} must be ${words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${words.at(-1)}` : words[0] ?? 'of another kind'}.`;
  }
  return `${is(L)} not valid.`;
}

/** Where the issue is, as a dotted path a program can use ("props.phone"; "body" for the whole body). */
export function schemaIssueField(issue: SchemaIssue): string {
  const segs = pointerSegments(issue.instancePath);
  const extra = issue.keyword === 'required' ? issue.params.missingProperty : issue.keyword === 'additionalProperties' ? issue.params.additionalProperty : undefined;
  if (typeof extra === 'string') segs.push(extra);
  return segs.join('.') || 'body';
}

/** For unions ajv reports each branch, then "must match a schema in anyOf": the deepest real issue says most. */
export function pickSchemaIssue<T extends SchemaIssue>(issues: readonly T[]): T | undefined {
  const deepest = [...issues].sort((a, b) => b.instancePath.length - a.instancePath.length);
  return deepest.find((e) => e.keyword !== 'anyOf' && e.keyword !== 'oneOf') ?? issues[0];
}

/**
 * The sentence a person reads for a schema refusal, e.g. "Enter an email address like name@example.com.",
 * "Phone number must be at most 64 characters.", "Type is required (expression 1 of version 3)."
 * `root` is the schema that was checked (for field titles and unions); `subject` names the whole value.
 */
export function schemaIssueMessage(issue: SchemaIssue, root?: unknown, subject = 'The request', data?: unknown): string {
  const segs = pointerSegments(issue.instancePath);
  // A field left empty reads as missing, however long the schema wants it ("Email address is required.").
  if (issue.keyword === 'minLength' && valueAt(data, segs) === '') return schemaIssueMessage({ ...issue, keyword: 'required', params: {} }, root, subject);
  const extra = issue.keyword === 'required' ? issue.params.missingProperty : issue.keyword === 'additionalProperties' ? issue.params.additionalProperty : undefined;
  const rootSchema = asSchema(root);
  const at = locate(rootSchema, typeof extra === 'string' ? [...segs, extra] : segs);
  // A union of literals fails on its first branch ("must be equal to constant"); `at.schema` is the
  // union itself, so the sentence lists every choice.
  const sentence = sentenceFor(issue, at, subject);
  return at.where ? `${sentence.replace(/\.$/, '')} (${at.where}).` : sentence;
}

/**
 * A field named for people, by its path (dotted, or segments): "Contact email 2", "Street address",
 * "Type (expression 1 of version 3)"; `subject` for the whole value.
 */
export function schemaFieldLabel(path: string | readonly string[], root?: unknown, subject = 'The request'): string {
  const segs = typeof path === 'string' ? path.split('.').filter(Boolean) : [...path];
  const at = locate(asSchema(root), segs);
  const label = at.label ?? subject;
  return at.where ? `${label} (${at.where})` : label;
}

/** The sentence for the most useful of a list of issues (null when there are none). */
export function schemaErrorsMessage(issues: readonly SchemaIssue[], root?: unknown, subject?: string, data?: unknown): string | null {
  const first = pickSchemaIssue(issues);
  return first ? schemaIssueMessage(first, root, subject, data) : null;
}
