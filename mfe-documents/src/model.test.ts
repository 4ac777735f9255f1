import { describe, expect, it } from 'vitest';
import type { DocumentKind, OrderDataGuest, OrderDataProductInstance, QuoteAcceptance } from '@cpq/domain';
import { documentCsv, documentCsvRows } from './csv.ts';
import { buildDocument, LINE_HEIGHT, netOfDiscount, ROW_PADDING, THUMBNAIL_GAP, THUMBNAIL_SIZE, type DocumentInput } from './model.ts';
import { acceptanceHeight, BODY_HEIGHT, HEADER_FIELDS_ROOM, HEADER_HEIGHT, headerFieldHeight, paginate, summaryHeight, TABLE_HEADER_HEIGHT, termsHeight } from './pages.ts';
import { catalogueFixture, documentInput, instance, orderFixture } from './fixtures.test-utils.ts';

function input(over: Partial<DocumentInput> = {}): DocumentInput {
  return documentInput(catalogueFixture(), [instance(1, { quantity: 2, properties: { '10': { optionId: 101 }, '11': { optionId: 111 }, '12': { optionId: 121 } } })], over);
}

describe('items table by invoice visibility', () => {
  it("lists 'inline' properties under the title, gives 'column' ones a column and leaves 'none' out", () => {
    const doc = buildDocument(input());
    const row = doc.rows[0]!;
    expect(row.lines).toEqual(['Finish: Brass']);
    expect(doc.columns.map((c) => c.key)).toEqual(['quantity', 'item', 'p11', 'sku', 'unitPrice', 'subtotal']);
    expect(doc.columns.find((c) => c.key === 'p11')!.label).toBe('Size');
    expect(row.cells.p11).toEqual(['Large']);
    expect(JSON.stringify(doc)).not.toContain('Hidden choice');
  });

  it('widths: quantity 30, SKU 90, prices 80, one other column 120, the item column flexible', () => {
    const widths = Object.fromEntries(buildDocument(input()).columns.map((c) => [c.key, c.width]));
    expect(widths).toEqual({ quantity: 30, item: null, p11: 120, sku: 90, unitPrice: 80, subtotal: 80 });
  });

  it('prints the SKU from the product code and the codes of the options its formula names', () => {
    expect(buildDocument(input()).rows[0]!.cells.sku).toEqual(['KP-BR']);
  });

  it('the factory sheet lists every chosen option, with SKU and factory code, and no prices', () => {
    const doc = buildDocument(input({ mode: 'factory' }));
    expect(doc.rows[0]!.lines).toEqual(['Finish: Brass', 'Size: Large', 'Secret: Hidden choice']);
    expect(doc.rows[0]!.cells.sku).toEqual(['KP-BR', 'F-KP']);
    expect(doc.columns.map((c) => c.key)).toEqual(['quantity', 'item', 'sku']);
    expect(doc.summary).toBeNull();
  });

  it('the packing slip has quantities and a checked / initials column, no prices', () => {
    const doc = buildDocument(input({ mode: 'packingSlip' }));
    expect(doc.columns.map((c) => c.key)).toEqual(['quantity', 'item', 'p11', 'sku', 'check']);
    expect(doc.columns.find((c) => c.key === 'check')!.label).toBe('Checked / Initials');
    expect(doc.summary).toBeNull();
  });

  it('shows option thumbnails for a property that asks for them, and counts them in the row height', () => {
    const doc = buildDocument(input({ instances: [instance(1, { properties: { '10': { optionId: 102 } } })] }));
    const row = doc.rows[0]!;
    expect(row.thumbnails).toEqual([{ url: '/media/nickel.png', color: null, alt: 'Finish: Nickel' }]);
    // Title, product title? no (no own title) → title + 1 option line, then the thumbnails strip.
    expect(row.height).toBe(ROW_PADDING + 2 * LINE_HEIGHT + THUMBNAIL_GAP + THUMBNAIL_SIZE);
  });

  it('row height: 12 px padding + 16 px per line (title, product title, options)', () => {
    const doc = buildDocument(input({ instances: [instance(1, { title: 'Entry', properties: { '10': { optionId: 101 } } })] }));
    // "Entry", "Keypad", "Finish: Brass"
    expect(doc.rows[0]!.height).toBe(12 + 3 * 16);
  });

  it('an engravings column for products with engravings, one line per engraving', () => {
    const withEngraving = instance(1, { properties: { '27': { engravings: { '0': { above: { text: 'LIGHTS' } }, '1': { below: { text: 'SHADES\nDOWN' } } } } } });
    const doc = buildDocument(input({ instances: [withEngraving], engravings: { engravingsPropertyId: 27 } }));
    expect(doc.columns.find((c) => c.key === 'engravings')!.width).toBe(80);
    expect(doc.rows[0]!.cells.engravings).toEqual(['1 ↑ LIGHTS', '2 ↓ SHADES / DOWN']);
    expect(doc.rows[0]!.lines).toEqual([]);
  });
});

describe('prices and the costs summary', () => {
  it('prices items with the engine: unit and line total, subtotal, total, deposit', () => {
    const doc = buildDocument(input({ orgSettings: { depositPercentage: 50 } }));
    expect(doc.rows[0]!.cells.unitPrice).toEqual(['$125.00']);
    expect(doc.rows[0]!.cells.subtotal).toEqual(['$250.00']);
    expect(doc.summary).toEqual([
      { key: 'subtotal', label: 'Subtotal', text: '$250.00' },
      { key: 'shipping', label: 'Shipping', text: 'TBD' },
      { key: 'tax', label: 'Tax', text: '$0.00' },
      { key: 'total', label: 'Total', text: '$250.00', emphasis: true },
      { key: 'deposit', label: 'Deposit (50%)', text: '$125.00' },
    ]);
    expect(doc.hasDiscount).toBe(false);
  });

  it("labels the owner's guest discount as the order page does", () => {
    const guests: OrderDataGuest[] = [{ userId: 7, disableSalesTax: 0, discount: { type: 'percent', value: 10 } }];
    const doc = buildDocument(input({ guests }));
    expect(doc.summary!.find((l) => l.key === 'discount')).toEqual({ key: 'discount', label: 'Guest discount (10%)', text: '-$25.00' });
    expect(doc.summary!.find((l) => l.key === 'total')!.text).toBe('$225.00');
    expect(doc.hasDiscount).toBe(true);
  });

  it("the order's own discount is labelled Discount", () => {
    const doc = buildDocument(input({ order: orderFixture({ discountMode: 'amount', discountFlatAmount: 5000 }) }));
    expect(doc.summary!.find((l) => l.key === 'discount')).toEqual({ key: 'discount', label: 'Discount', text: '-$50.00' });
  });

  it('hiding the discount prints net prices and no discount line; the total stays', () => {
    const order = orderFixture({ discountMode: 'rate', discountPercentage: 20 });
    const doc = buildDocument(input({ order, hideDiscount: true }));
    expect(doc.summary!.map((l) => l.key)).not.toContain('discount');
    expect(doc.summary!.find((l) => l.key === 'subtotal')!.text).toBe('$200.00');
    expect(doc.summary!.find((l) => l.key === 'total')!.text).toBe('$200.00');
    expect(doc.rows[0]!.cells.unitPrice).toEqual(['$100.00']);
    expect(doc.rows[0]!.cells.subtotal).toEqual(['$200.00']);
  });

  it('net line totals add up to the discounted subtotal', () => {
    // 3 lines of $1.00 with $1.00 off: 66.67 each rounds to 67, the last takes the cent back.
    const net = netOfDiscount(
      [
        { unit: 100, total: 100, quantity: 1 },
        { unit: 100, total: 100, quantity: 1 },
        { unit: 50, total: 100, quantity: 2 },
      ],
      { orderSubTotal: 300, discount: 100 },
    );
    expect(net.map((l) => l.total)).toEqual([67, 67, 66]);
    expect(net[2]!.unit).toBe(33);
  });

  it('a submitted order prints the prices and costs it was agreed at, as stored, as the order page shows them', () => {
    const orgSettings = { productOrderStatuses: [{ key: 'orderStarted', type: 'orderStarted' as const, title: 'Order Started' }, { key: 'submitted', type: 'submittedForApproval' as const, title: 'Submitted' }] };
    // Stored at $110.00 each before the catalogue moved to $125.00; the stored costs say so.
    const stored = [instance(1, { quantity: 2, properties: { '10': { optionId: 101 }, '11': { optionId: 111 }, '12': { optionId: 121 } }, unitPriceInCents: 11000, totalPriceInCents: 22000 })];
    const costs = { orderSubTotal: 22000, discount: 0, discountSource: null, appliedDiscountPercentage: null, shipping: 0, shippingIsTbd: true, tax: 0, tariff: 0, orderTotal: 22000, depositPercentage: 0, depositAmount: 0 };
    const submitted = orderFixture({ statusData: { orderStarted: { date: '2025-05-05 14:00:00' }, submitted: { date: '2025-05-06 14:00:00' } }, costs } as never);
    const doc = buildDocument(input({ order: submitted, instances: stored, orgSettings }));
    expect(doc.rows[0]!.cells.unitPrice).toEqual(['$110.00']);
    expect(doc.rows[0]!.cells.subtotal).toEqual(['$220.00']);
    expect(doc.summary!.find((l) => l.key === 'total')!.text).toBe('$220.00');
    // At its first step the same order follows the catalogue: priced by the engine.
    const open = buildDocument(input({ order: orderFixture({ costs } as never), instances: stored, orgSettings }));
    expect(open.rows[0]!.cells.unitPrice).toEqual(['$125.00']);
  });

  it('the invoice adds what was paid and the balance due', () => {
    const doc = buildDocument(input({ mode: 'invoice', order: orderFixture({ amountPaidInCents: 10000 }) }));
    expect(doc.summary!.slice(-2)).toEqual([
      { key: 'paid', label: 'Paid', text: '$100.00' },
      { key: 'balance', label: 'Balance due', text: '$150.00', emphasis: true },
    ]);
  });

  it.each<DocumentKind>(['quote', 'invoice'])('hidden pricing: no price, subtotal, discount or total in the %s, nor in its CSV', (mode) => {
    const guests: OrderDataGuest[] = [{ userId: 7, disableSalesTax: 0, discount: { type: 'percent', value: 10 } }];
    const doc = buildDocument(input({ mode, guests, pricingHidden: true }));
    expect(doc.summary).toBeNull();
    expect(doc.hasDiscount).toBe(false);
    expect(doc.columns.map((c) => c.key)).not.toContain('unitPrice');
    expect(JSON.stringify(doc)).not.toContain('$');
    expect(JSON.stringify(documentCsvRows(doc))).not.toContain('$');
  });
});

describe('header', () => {
  it('shows order number, title, contact, PO number, dates and status; the estimate number only when asked', () => {
    const order = orderFixture({ contactName: 'Ada Lovelace', purchaseOrderNumber: 'PO-9', estimateNumber: 'E-12' });
    const orgSettings = { productOrderStatuses: [{ key: 'orderStarted', type: 'orderStarted' as const, title: 'Order Started', isVisibleToGuest: 1 as const }] };
    const fields = (showEstimateNumber: boolean) => buildDocument(input({ order, orgSettings, showEstimateNumber })).fields.map((f) => `${f.label} ${f.value}`);
    expect(fields(false)).toEqual(['Order # 42', 'Title Kitchen', 'Contact Ada Lovelace', 'PO # PO-9', 'Date 5/5/2025', 'Last updated 5/7/2025', 'Status Order Started']);
    expect(fields(true)).toContain('Estimate # E-12');
  });

  it("marks an incomplete delivery address and defaults the country to US", () => {
    const doc = buildDocument(input({ order: orderFixture({ deliveryAddress: { streetAddress: '1 Main St', city: 'Austin', state: 'TX' } }) }));
    expect(doc.address).toEqual({ lines: ['1 Main St', 'Austin, TX', 'US'], incomplete: true });
  });
});

describe('CSV rows', () => {
  it('one row per item with the printed columns, then the costs summary', () => {
    const rows = documentCsvRows(buildDocument(input({ instances: [instance(1, { title: 'Entry', quantity: 2, properties: { '10': { optionId: 101 }, '11': { optionId: 111 } } })] })));
    expect(rows).toEqual([
      ['Qty', 'Item', 'Options', 'Size', 'SKU', 'Unit Price', 'Subtotal'],
      ['2', 'Entry (Keypad)', 'Finish: Brass', 'Large', 'KP-BR', '$125.00', '$250.00'],
      [],
      ['Subtotal', '$250.00'],
      ['Shipping', 'TBD'],
      ['Tax', '$0.00'],
      ['Total', '$250.00'],
      ['Deposit (0%)', '$0.00'],
    ]);
  });

  it('the packing slip CSV has the checked / initials column empty and no prices', () => {
    const rows = documentCsvRows(buildDocument(input({ mode: 'packingSlip' })));
    expect(rows[0]).toEqual(['Qty', 'Item', 'Options', 'Size', 'SKU', 'Checked / Initials']);
    expect(rows[1]!.at(-1)).toBe('');
    expect(rows).toHaveLength(2);
  });

  it('writes an item title or option that looks like a formula as text, and keeps the discount a negative amount', () => {
    const guests: OrderDataGuest[] = [{ userId: 7, disableSalesTax: 0, discount: { type: 'percent', value: 10 } }];
    const instances = [instance(1, { title: '=HYPERLINK("https://evil.test","Open")', quantity: 2, properties: { '10': { optionId: 101 }, '11': { optionId: 111 } } })];
    const doc = buildDocument(input({ guests, instances }));
    const typed = { ...doc, rows: [...doc.rows, { ...doc.rows[0]!, title: '@SUM(A1)', productTitle: null, lines: ['-2+3+cmd'] }] };
    expect(documentCsv(typed).split('\n')).toEqual([
      'Qty,Item,Options,Size,SKU,Unit Price,Subtotal',
      `2,"'=HYPERLINK(""https://evil.test"",""Open"") (Keypad)",Finish: Brass,Large,KP-BR,$125.00,$250.00`,
      `2,'@SUM(A1),'-2+3+cmd,Large,KP-BR,$125.00,$250.00`,
      '',
      'Subtotal,$250.00',
      'Guest discount (10%),-$25.00',
      'Shipping,TBD',
      'Tax,$0.00',
      'Total,$225.00',
      'Deposit (0%),$0.00',
      '',
    ]);
  });
});

describe('pagination of a 200-item order', () => {
  it('packs every row on one page, none over the page body, the summary after the last row', () => {
    const instances: OrderDataProductInstance[] = Array.from({ length: 200 }, (_, i) =>
      instance(i + 1, { rank: i + 1, title: `Item ${i + 1}`, properties: i % 3 === 0 ? { '10': { optionId: 102 } } : { '10': { optionId: 101 } } }),
    );
    const doc = buildDocument(input({ instances }));
    const pages = paginate(doc);
    expect(pages.length).toBeGreaterThan(5);
    let next = 0;
    pages.forEach((p, n) => {
      expect(p.from).toBe(next);
      next = p.to;
      const rows = doc.rows.slice(p.from, p.to).reduce((s, r) => s + r.height, 0);
      const used = (n === 0 ? HEADER_HEIGHT : 0) + (p.to > p.from ? TABLE_HEADER_HEIGHT : 0) + rows + (p.hasSummary ? summaryHeight(doc) : 0);
      expect(used).toBeLessThanOrEqual(BODY_HEIGHT);
    });
    expect(next).toBe(200);
    expect(pages.at(-1)!.hasSummary).toBe(true);
  });
});


describe("a quote's validity and terms (decision 0095)", () => {
  it('is valid for the organisation’s days from the day it was last updated', () => {
    // Last updated 5/7/2025 (fixture): + 14 days.
    expect(buildDocument(input({ orgSettings: { quoteValidityDays: 14 } })).validUntil).toBe('5/21/2025');
  });

  it('is valid for 30 days when the organisation names none', () => {
    expect(buildDocument(input()).validUntil).toBe('6/6/2025');
  });

  it('prints the organisation’s terms on a quote only', () => {
    const orgSettings = { quoteTerms: ['A 50% deposit starts production.', '  ', '24-month warranty.'] };
    expect(buildDocument(input({ orgSettings })).terms).toEqual(['A 50% deposit starts production.', '24-month warranty.']);
    for (const mode of ['invoice', 'packingSlip', 'factory'] as const) {
      const doc = buildDocument(input({ mode, orgSettings }));
      expect(doc.terms, mode).toEqual([]);
      expect(doc.validUntil, mode).toBeNull();
    }
  });

  it('keeps room for the terms on the last page: rows that leave too little move them to a page of their own', () => {
    const height = BODY_HEIGHT - HEADER_HEIGHT - TABLE_HEADER_HEIGHT - 10;
    const rows = [{ ...buildDocument(input()).rows[0]!, height }];
    expect(paginate({ rows, summary: null, terms: [] })).toHaveLength(1);
    const pages = paginate({ rows, summary: null, terms: ['Term one', 'Term two'] });
    expect(pages).toHaveLength(2);
    expect(pages[1]).toMatchObject({ from: 1, to: 1, hasSummary: true });
    expect(termsHeight({ terms: ['Term one', 'Term two'] })).toBeGreaterThan(10);
  });
});

describe('the quote revision in the header (decision 0122)', () => {
  const revisionField = (over: Partial<DocumentInput>) => buildDocument(input(over)).fields.find((f) => f.key === 'revision');

  it('prints the revision a document is printed as, in every document', () => {
    for (const mode of ['quote', 'invoice', 'packingSlip', 'factory'] as const) {
      expect(revisionField({ mode, revision: { number: 3, draft: false } }), mode).toEqual({ key: 'revision', label: 'Revision', value: '3' });
    }
  });

  it('a draft changed since revision 2 is "Draft after revision 2"', () => {
    expect(revisionField({ revision: { number: 2, draft: true } })?.value).toBe('Draft after revision 2');
  });

  it('no revision field for an order never submitted', () => {
    expect(revisionField({ revision: null })).toBeUndefined();
    expect(revisionField({})).toBeUndefined();
    expect(revisionField({ revision: { number: 0, draft: false } })).toBeUndefined();
  });

  it('the header keeps room for every field: with the revision, nine rows still fit', () => {
    const order = orderFixture({ contactName: 'Ada Lovelace', purchaseOrderNumber: 'PO-9', estimateNumber: 'E-12' });
    const orgSettings = { productOrderStatuses: [{ key: 'orderStarted', type: 'orderStarted' as const, title: 'Order Started', isVisibleToGuest: 1 as const }] };
    const fields = buildDocument(input({ order, orgSettings, showEstimateNumber: true, revision: { number: 2, draft: true } })).fields;
    expect(fields).toHaveLength(9);
    expect(fields.length * headerFieldHeight(fields.length)).toBeLessThanOrEqual(HEADER_FIELDS_ROOM);
    // A text line is 16 px: no row is made shorter than one.
    expect(headerFieldHeight(9)).toBeGreaterThanOrEqual(16);
    expect(headerFieldHeight(7)).toBe(18);
  });
});

describe("an accepted revision's acceptance block (decision 0122)", () => {
  const acceptance: QuoteAcceptance = {
    revisionNumber: 1,
    fullName: 'Priya Raman',
    userId: 7,
    userName: 'guest-850@demo.test',
    at: '2026-11-28 11:05:09',
    ipAddress: '203.0.113.9',
    pdfSha256: 'a'.repeat(64),
    terms: [],
  };

  it('a quote ends with who accepted, when (UTC), from where, the revision and the PDF fingerprint', () => {
    expect(buildDocument(input({ acceptance })).acceptance).toEqual({
      heading: 'Accepted online',
      lines: [
        { key: 'acceptedBy', text: 'Accepted by Priya Raman (guest-850@demo.test) on 2026-11-28 11:05:09 UTC' },
        { key: 'from', text: 'From address 203.0.113.9' },
        { key: 'revision', text: 'Revision 1' },
        { key: 'fingerprint', text: `Quote fingerprint (SHA-256 of the PDF accepted): ${'a'.repeat(64)}`, code: 'a'.repeat(64) },
      ],
    });
  });

  it('leaves the address out when the reader is not shown it, and the account name when there is none', () => {
    const lines = buildDocument(input({ acceptance: { ...acceptance, ipAddress: '', userName: null } })).acceptance!.lines;
    expect(lines.map((l) => l.key)).toEqual(['acceptedBy', 'revision', 'fingerprint']);
    expect(lines[0]!.text).toBe('Accepted by Priya Raman on 2026-11-28 11:05:09 UTC');
  });

  it('names the account in brackets only when it differs from the typed name', () => {
    const lines = buildDocument(input({ acceptance: { ...acceptance, userName: 'priya raman' } })).acceptance!.lines;
    expect(lines[0]!.text).toBe('Accepted by Priya Raman on 2026-11-28 11:05:09 UTC');
  });

  it('only the quote prints it; no acceptance, no block', () => {
    for (const mode of ['invoice', 'packingSlip', 'factory'] as const) expect(buildDocument(input({ mode, acceptance })).acceptance, mode).toBeNull();
    expect(buildDocument(input()).acceptance).toBeNull();
  });

  it('the page packer keeps room for it after the terms: rows that leave room for the terms alone move the end to a page of its own', () => {
    const doc = buildDocument(input({ acceptance, orgSettings: { quoteTerms: ['Term one'] } }));
    // Heading and four lines of 16 px.
    expect(acceptanceHeight(doc)).toBeGreaterThanOrEqual(20 + 4 * 16);
    const closing = summaryHeight(doc) + termsHeight(doc);
    const rows = [{ ...doc.rows[0]!, height: BODY_HEIGHT - HEADER_HEIGHT - TABLE_HEADER_HEIGHT - closing }];
    expect(paginate({ ...doc, rows, acceptance: null })).toHaveLength(1);
    const pages = paginate({ ...doc, rows });
    expect(pages).toHaveLength(2);
    expect(pages[1]).toMatchObject({ from: 1, to: 1, hasSummary: true });
  });
});
