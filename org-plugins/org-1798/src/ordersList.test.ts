import { describe, expect, it } from 'vitest';
import { resolveRules } from '@cpq/plugin-sdk';
import plugin from './index.ts';

const rules = resolveRules(plugin);

describe("1798's projects list", () => {
  it('has Project, Account / Client, Invoice # and Salesforce Link, and no order number, product or category', () => {
    const cols = rules.ordersList.basicColumns;
    expect(cols).toEqual(expect.arrayContaining(['project', 'accountClient', 'invoiceNumber', 'salesforceLink']));
    for (const key of ['orderNumber', 'product', 'category']) expect(cols).not.toContain(key);
  });

  it('says projects', () => {
    expect(rules.wording).toEqual({ order: 'project', orders: 'projects' });
  });
});
