import { describe, expect, it } from 'vitest';
import Ajv from 'ajv';
import { editorJsonSchema } from './editorSchema.ts';

describe('the editor JSON schema', () => {
  const schema = editorJsonSchema();

  it('has only local references (an editor resolves them without fetching anything)', () => {
    const refs = JSON.stringify(schema).match(/"\$ref":"[^"]*"/g) ?? [];
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) expect(ref).toMatch(/"\$ref":"#\/definitions\/[A-Za-z]+"/);
    expect(schema.definitions).toHaveProperty('PricingExpression');
  });

  it('accepts a version with nested groups and refuses what the server refuses', () => {
    const validate = new Ajv({ strict: false }).compile(schema);
    const group = { type: 'group', operator: '+', props: { expressions: [{ type: 'group', operator: '*', props: { expressions: [{ type: 'fixed', operator: '+', props: { value: 2 } }] } }] } };
    expect(validate({ created: '2027-01-01 00:00:00', expressions: [group] })).toBe(true);
    // An unknown operator deep inside a group, a missing operator, a bad date.
    const badGroup = { ...group, props: { expressions: [{ type: 'fixed', operator: '^', props: { value: 1 } }] } };
    expect(validate({ created: '2027-01-01', expressions: [badGroup] })).toBe(false);
    expect(validate({ created: '2027-01-01', expressions: [{ type: 'fixed', props: { value: 1 } }] })).toBe(false);
    expect(validate({ created: 'tomorrow', expressions: [] })).toBe(false);
  });
});
