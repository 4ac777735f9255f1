import { describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import addFormatsImport from 'ajv-formats';
import { Type, type TSchema } from '@sinclair/typebox';
import { humaniseFieldName, schemaErrorsMessage, schemaFieldLabel, schemaIssueField, pickSchemaIssue } from './schemaMessages.ts';
import { InviteGuestBody } from '../schemas/guests.ts';
import { LoginBody } from '../schemas/auth.ts';
import { PricingRuleVersionSchema } from '../schemas/pricing.ts';

const addFormats = ((addFormatsImport as unknown as { default?: unknown }).default ?? addFormatsImport) as (a: Ajv) => Ajv;
const ajv = addFormats(new Ajv({ allErrors: false, strict: false }));

/** The sentence the API would answer for `body` against `schema` (the same ajv settings as the API). */
function sentence(schema: TSchema, body: unknown, subject?: string): string | null {
  const v = ajv.compile(schema);
  expect(v(body)).toBe(false);
  return schemaErrorsMessage(v.errors ?? [], schema, subject, body);
}

const Sample = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 40 }),
    phone: Type.Optional(Type.String({ maxLength: 64 })),
    postcode: Type.Optional(Type.String({ title: 'Postal code', minLength: 4 })),
    quantity: Type.Optional(Type.Integer({ minimum: 1, maximum: 99 })),
    rate: Type.Optional(Type.Number({ exclusiveMinimum: 0 })),
    size: Type.Optional(Type.Union([Type.Literal('small'), Type.Literal('large')])),
    colour: Type.Optional(Type.String({ enum: ['red', 'blue', 'green'] })),
    clientEmails: Type.Optional(Type.Array(Type.String({ format: 'email' }), { maxItems: 3 })),
    tags: Type.Optional(Type.Array(Type.String(), { minItems: 1 })),
    archived: Type.Optional(Type.Boolean()),
    website: Type.Optional(Type.String({ format: 'uri' })),
  },
  { additionalProperties: false },
);

describe('schema refusals as sentences', () => {
  it('format email: one sentence with an example, wherever the address is', () => {
    expect(sentence(InviteGuestBody, { email: 'not an email', activeOrgId: 850, pricingIsHidden: 0 })).toBe('Enter an email address like name@example.com.');
    expect(sentence(Sample, { name: 'A', clientEmails: ['a@b.test', 'nope'] })).toBe('Contact email 2: enter an email address like name@example.com.');
  });

  it('required names the field by its label, never its path', () => {
    expect(sentence(LoginBody, { email: 'a@b.test' })).toBe('Password is required.');
    expect(sentence(Sample, {})).toBe('Name is required.');
    expect(sentence(InviteGuestBody, { email: 'a@b.test', pricingIsHidden: 0 })).toBe('Organisation is required.');
  });

  it('lengths, limits and counts give the number', () => {
    // Left empty: required, whatever the least length ("at least 3 characters" would puzzle).
    expect(sentence(Sample, { name: '' })).toBe('Name is required.');
    expect(sentence(LoginBody, { email: '', password: 'x' })).toBe('Email address is required.');
    expect(sentence(LoginBody, { email: 'ab', password: 'x' })).toBe('Email address must be at least 3 characters.');
    expect(sentence(Sample, { name: 'x'.repeat(41) })).toBe('Name must be at most 40 characters.');
    expect(sentence(Sample, { name: 'A', phone: '1'.repeat(65) })).toBe('Phone number must be at most 64 characters.');
    expect(sentence(Sample, { name: 'A', postcode: 'AB' })).toBe('Postal code must be at least 4 characters.');
    expect(sentence(Sample, { name: 'A', quantity: 0 })).toBe('Quantity must be at least 1.');
    expect(sentence(Sample, { name: 'A', quantity: 100 })).toBe('Quantity must be at most 99.');
    expect(sentence(Sample, { name: 'A', rate: 0 })).toBe('Rate must be more than 0.');
    expect(sentence(Sample, { name: 'A', clientEmails: ['a@b.test', 'c@d.test', 'e@f.test', 'g@h.test'] })).toBe('Contact emails can have at most 3 entries.');
    expect(sentence(Sample, { name: 'A', tags: [] })).toBe('Tags must have at least one entry.');
  });

  it('choices list every allowed value', () => {
    expect(sentence(Sample, { name: 'A', size: 'medium' })).toBe('Size: choose one of "small" or "large".');
    expect(sentence(Sample, { name: 'A', colour: 'pink' })).toBe('Colour: choose one of "red", "blue" or "green".');
  });

  it('types in words', () => {
    expect(sentence(Sample, { name: 'A', quantity: 1.5 })).toBe('Quantity must be a whole number.');
    expect(sentence(Sample, { name: 'A', quantity: '2' })).toBe('Quantity must be a whole number.');
    expect(sentence(Sample, { name: 'A', archived: 'yes' })).toBe('Archived must be true or false.');
    expect(sentence(Sample, { name: 7 })).toBe('Name must be text.');
    expect(sentence(Sample, [], 'The request')).toBe('The request must be a set of fields.');
    expect(sentence(Sample, [], 'The query string')).toBe('The query string must be a set of fields.');
  });

  it('unknown fields and other formats', () => {
    expect(sentence(Sample, { name: 'A', nickname: 'x' })).toBe('Nickname cannot be set here.');
    expect(sentence(Sample, { name: 'A', website: 'not a url' })).toBe('Website must be a web address like https://example.com.');
  });

  it('inside lists and maps the place is said in words: position from 1, map entries by key', () => {
    const Rule = Type.Object({ versions: Type.Record(Type.String({ pattern: '^[0-9]+$' }), PricingRuleVersionSchema) });
    expect(sentence(Rule, { versions: { '3': { created: '2027-01-01', expressions: [{ props: {}, operator: '+' }] } } })).toBe('Type is required (expression 1 of version 3).');
    const nested = { type: 'group', props: { expressions: [{ type: 'fixed', props: { value: 1 }, operator: '^' }] }, operator: '+' };
    expect(sentence(Rule, { versions: { '2': { created: '2027-01-01', expressions: [nested] } } })).toBe(
      'Operator: choose one of "+", "-", "*", "/", "%", "and", "or" or "===" (expression 1 of expression 1 of version 2).',
    );
    expect(schemaFieldLabel('versions.3.expressions.0.type', Rule)).toBe('Type (expression 1 of version 3)');
    expect(schemaFieldLabel([], Rule, 'The query string')).toBe('The query string');
  });

  it('keeps the machine path for programs', () => {
    const v = ajv.compile(Sample);
    v({ name: 'A', clientEmails: ['nope'] });
    expect(schemaIssueField(pickSchemaIssue(v.errors!)!)).toBe('clientEmails.0');
    v({});
    expect(schemaIssueField(v.errors![0]!)).toBe('name');
  });

  it('spells out names no list knows', () => {
    expect(humaniseFieldName('productCategoryId')).toBe('Product category ID');
    expect(humaniseFieldName('streetAddress2')).toBe('Street address 2');
    expect(humaniseFieldName('tax_rate')).toBe('Tax rate');
    expect(humaniseFieldName('#')).toBe('The field "#"');
    // A quote in a name a program sent is escaped, so the quoted name stays one piece.
    expect(humaniseFieldName('"/')).toBe('The field "\\"/"');
  });
});
