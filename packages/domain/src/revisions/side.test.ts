import { describe, expect, it } from 'vitest';
import { revisionDetails } from './side.ts';

describe('revisionDetails: what prints on the quote', () => {
  it('the order name, contact, delivery address, PO # and estimate #, in reading order; not the phone, emails or company', () => {
    const details = revisionDetails({
      title: ' Maple Street ',
      contactName: 'Priya Raman',
      deliveryAddress: { streetAddress: '12 Maple Street', city: 'Portland', state: 'ME', zip: '04101' },
      purchaseOrderNumber: 'PO-7',
      estimateNumber: null,
      ...({ phone: '2075550100', clientEmails: ['a@b.test'], firmName: 'Maple & Co' } as object),
    });
    expect(details).toEqual([
      { key: 'title', label: 'Order name', value: 'Maple Street' },
      { key: 'contactName', label: 'Contact', value: 'Priya Raman' },
      { key: 'deliveryAddress', label: 'Delivery address', value: '12 Maple Street, Portland, ME 04101, US' },
      { key: 'purchaseOrderNumber', label: 'PO #', value: 'PO-7' },
      { key: 'estimateNumber', label: 'Estimate #', value: '' },
    ]);
  });
});
