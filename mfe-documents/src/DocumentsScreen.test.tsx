// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Catalogue, OrderData } from '@cpq/client';
import type { OrgMembership } from '@cpq/domain';
import { DEFAULT_RULES, type PluginRules } from '@cpq/plugin-sdk';
import { DocumentsScreen } from './DocumentsScreen.tsx';
import { parseDocumentsRoute } from './route.ts';
import { catalogueFixture, instance, orderFixture } from './fixtures.test-utils.ts';

afterEach(cleanup);
beforeEach(() => window.history.replaceState(null, '', '/orders/42/documents'));

function catalogueResponse(pricingIsHidden = false): Catalogue {
  const s = catalogueFixture().snapshot;
  return {
    orgId: 850,
    version: 1,
    pricingIsHidden,
    products: [...s.products],
    productCategories: [],
    productProperties: [...s.productProperties],
    productPropertyGroups: [],
    productOptions: [...s.productOptions],
    productOptionClassifiers: [],
    productRules: [],
    productPricingRules: pricingIsHidden ? [] : [...s.productPricingRules],
    media: [],
    productGraphics: [],
  };
}

function orderData(over: Partial<OrderData> = {}): OrderData {
  return {
    productOrders: [orderFixture()],
    productInstances: [instance(1, { title: 'Entry', quantity: 2, properties: { '10': { optionId: 101 } } })],
    // The owner has a 10 % guest discount.
    guests: [{ userId: 7, disableSalesTax: 0, discount: { type: 'percent', value: 10 } }],
    isSpatial: false,
    pricingIsHidden: false,
    catalogueVersion: 1,
    catalogueAdditions: { products: [], productOptions: [], productPricingRules: [] },
    ...over,
  };
}

const org = (role: string): OrgMembership => ({ id: 850, title: 'Lumen & Brass', appData: { designEngine: {} }, role, prevRole: null });

function renderScreen(opts: { role?: string; search?: string; pricingHidden?: boolean; rules?: PluginRules } = {}) {
  const route = parseDocumentsRoute('/orders/42/documents', opts.search ?? '')!;
  const data = orderData(opts.pricingHidden ? { pricingIsHidden: true } : {});
  render(<DocumentsScreen org={org(opts.role ?? 'owner')} rules={opts.rules ?? DEFAULT_RULES} userId={7} route={route} order={data.productOrders[0]!} data={data} catalogue={catalogueResponse(opts.pricingHidden)} />);
}

const modeNames = () => within(screen.getByRole('group', { name: 'Document' })).getAllByRole('button').map((b) => b.textContent);

describe('modes by role', () => {
  it('owners and members get QUOTE, INVOICE, PACKING SLIP and FACTORY, and Download CSV', () => {
    for (const role of ['owner', 'member']) {
      renderScreen({ role });
      expect(modeNames()).toEqual(['QUOTE', 'INVOICE', 'PACKING SLIP', 'FACTORY']);
      expect(screen.getByRole('button', { name: 'Download CSV' })).toBeTruthy();
      cleanup();
    }
  });

  it('a guest gets QUOTE and INVOICE only, no CSV, and a packing slip in the URL opens the quote', () => {
    renderScreen({ role: 'guest', search: '?mode=packing-slip' });
    expect(modeNames()).toEqual(['QUOTE', 'INVOICE']);
    expect(screen.queryByRole('button', { name: 'Download CSV' })).toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Quote');
  });

  it('?mode=invoice opens the invoice; choosing a mode keeps it in the URL', async () => {
    renderScreen({ search: '?mode=invoice' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Invoice');
    await userEvent.click(screen.getByRole('button', { name: 'PACKING SLIP' }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Packing Slip');
    expect(window.location.search).toBe('?mode=packingSlip');
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'FACTORY' }));
    expect(screen.queryByRole('button', { name: 'Download CSV' })).toBeNull();
  });

  it('a footer on every page: organisation, order number, last-updated date, Page X of Y', () => {
    renderScreen();
    const footer = screen.getByTestId('document-footer');
    expect(footer.textContent).toBe('Lumen & BrassOrder #42Last updated 5/7/2025Page 1 of 1');
  });

  it("the scale note only in the modes the organisation's plugin names", async () => {
    renderScreen({ rules: { ...DEFAULT_RULES, documents: { ...DEFAULT_RULES.documents, scaleNoteModes: ['factory'], discountToggleExcludedCategoryIds: [] } } });
    expect(screen.getByTestId('document-footer').textContent).not.toContain('to scale');
    await userEvent.click(screen.getByRole('button', { name: 'FACTORY' }));
    expect(screen.getByTestId('document-footer').textContent).toContain('Drawing prints to scale on 11x17 (manufacturing) or 8.5x11.');
  });
});

describe('discount toggle', () => {
  it('Hide Discount removes the discount line; Show Discount brings it back', async () => {
    renderScreen();
    expect(screen.getByTestId('summary-discount').textContent).toBe('Guest discount (10%)-$25.00');
    await userEvent.click(screen.getByRole('button', { name: 'Hide Discount' }));
    expect(screen.queryByTestId('summary-discount')).toBeNull();
    expect(window.location.search).toBe('?hideDiscount=1');
    await userEvent.click(screen.getByRole('button', { name: 'Show Discount' }));
    expect(screen.getByTestId('summary-discount')).toBeTruthy();
  });

  it('is not offered for an order in a category the plugin excludes', () => {
    renderScreen({ rules: { ...DEFAULT_RULES, documents: { ...DEFAULT_RULES.documents, scaleNoteModes: [], discountToggleExcludedCategoryIds: [1] } } });
    expect(screen.getByTestId('summary-discount')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Discount/ })).toBeNull();
  });
});

describe('hidden pricing', () => {
  it('no $ anywhere on the page and no discount toggle, in QUOTE and INVOICE', async () => {
    renderScreen({ role: 'guest', pricingHidden: true });
    expect(document.body.textContent).not.toContain('$');
    expect(screen.queryByRole('button', { name: /Discount/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'INVOICE' }));
    expect(document.body.textContent).not.toContain('$');
    expect(screen.getByText('Entry')).toBeTruthy();
  });
});

describe('print', () => {
  it('?print=1 renders the pages without the toolbar', () => {
    renderScreen({ search: '?print=1' });
    expect(screen.queryByTestId('documents-toolbar')).toBeNull();
    expect(screen.getAllByTestId('document-page')).toHaveLength(1);
  });

  it('?print=1 lays the page out as sheets (no reading layout), the screen otherwise', () => {
    renderScreen({ search: '?print=1' });
    expect(screen.getByTestId('documents-screen').dataset.layout).toBe('sheets');
    cleanup();
    renderScreen();
    expect(screen.getByTestId('documents-screen').dataset.layout).toBeUndefined();
  });

  it('Ctrl+P takes the toolbar away while the browser prints', async () => {
    renderScreen();
    await userEvent.keyboard('{Control>}p{/Control}');
    expect(screen.queryByTestId('documents-toolbar')).toBeNull();
    window.dispatchEvent(new Event('afterprint'));
    expect(await screen.findByTestId('documents-toolbar')).toBeTruthy();
  });
});
