import { describe, expect, it } from 'vitest';
import { resolveRules } from '@cpq/plugin-sdk';
// The demo organisation's statuses: the shortcut keys must be keys the organisation really has.
import { ORGS } from '../../../api/src/demo/orgs.ts';
import plugin from './index.ts';

const rules = resolveRules(plugin).ordersList;
const statusKeys = ORGS.find((o) => o.id === 850)!.designEngine.productOrderStatuses!.map((s) => s.key);

describe("850's orders list", () => {
  it('gives employees status counts, CSV export, the Advanced view and the SUB, CDR, FPR and PP shortcuts', () => {
    expect(rules.employeeTools).toMatchObject({ statusCounts: true, advancedView: true, csvExport: true });
    expect(rules.employeeTools.shortcuts).toEqual([
      { label: 'SUB', statusKey: 'submittedForApproval' },
      { label: 'CDR', statusKey: 'readyToPayDeposit' },
      { label: 'FPR', statusKey: 'finalPaymentReceived' },
      { label: 'PP', processingPayment: true },
    ]);
  });

  it('shortcut statuses are statuses of the organisation', () => {
    for (const s of rules.employeeTools.shortcuts) if (s.statusKey) expect(statusKeys).toContain(s.statusKey);
  });

  it('the Advanced view has command data, shipping facts and plate finish, mechanism finish and engraving type', () => {
    expect(rules.advancedData.map((d) => [d.title, d.propertyId])).toEqual([
      ['Plate Finish', 12],
      ['Mechanism Finish', 7],
      ['Engraving Type', 26],
    ]);
    expect(rules.advancedColumns).toEqual(
      expect.arrayContaining(['commandNumber', 'commandTotal', 'estimatedShippingDate', 'trackingNumber', ...rules.advancedData.map((d) => `advanced:${d.key}`)]),
    );
    for (const key of rules.basicColumns) expect(rules.advancedColumns).toContain(key);
  });

  it('every advanced: column names advanced data, and no column appears twice', () => {
    const dataKeys = rules.advancedData.map((d) => d.key);
    for (const c of rules.advancedColumns) if (c.startsWith('advanced:')) expect(dataKeys).toContain(c.slice('advanced:'.length));
    expect(new Set(rules.advancedColumns).size).toBe(rules.advancedColumns.length);
  });

  it('hides the owner and the employee-only shipping facts from guests', () => {
    expect(rules.guestHiddenColumns).toEqual(expect.arrayContaining(['owner', 'estimatedShippingDate', 'trackingNumber']));
  });
});
