// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrgMembership } from '@cpq/domain';
import { DEFAULT_RULES, type PluginRules } from '@cpq/plugin-sdk';
import { DocumentsScreen } from './DocumentsScreen.tsx';
import type { RevisionContext } from './revisionLoad.ts';
import { parseDocumentsRoute } from './route.ts';
import { catalogueResponse, orderDataResponse as orderData } from './fixtures.test-utils.ts';

afterEach(cleanup);
beforeEach(() => window.history.replaceState(null, '', '/orders/42/documents'));

const org = (role: string): OrgMembership => ({ id: 850, title: 'Lumen & Brass', appData: { designEngine: {} }, role, prevRole: null });

/** An order never submitted: no revision. */
const NO_REVISION: RevisionContext = { shown: null, latest: 0, changedSinceLatest: false };

function renderScreen(opts: { role?: string; search?: string; pricingHidden?: boolean; rules?: PluginRules; revisions?: RevisionContext } = {}) {
  const route = parseDocumentsRoute('/orders/42/documents', opts.search ?? '')!;
  const data = orderData(opts.pricingHidden ? { pricingIsHidden: true } : {});
  render(
    <DocumentsScreen
      org={org(opts.role ?? 'owner')}
      rules={opts.rules ?? DEFAULT_RULES}
      userId={7}
      route={route}
      order={data.productOrders[0]!}
      data={data}
      catalogue={catalogueResponse(opts.pricingHidden)}
      revisions={opts.revisions ?? NO_REVISION}
    />,
  );
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

describe('a quote revision (decision 0122)', () => {
  const acceptance = {
    revisionNumber: 1,
    fullName: 'Priya Raman',
    userId: 7,
    userName: 'guest-850@demo.test',
    at: '2026-11-28 11:05:09',
    ipAddress: '203.0.113.9',
    pdfSha256: 'f'.repeat(64),
    terms: [],
  };
  const revision1 = (over: Partial<RevisionContext> = {}): RevisionContext => ({ shown: { number: 1, at: '2026-11-20 15:00:00', acceptance: null }, latest: 2, changedSinceLatest: false, ...over });

  it('an earlier revision: which one and its date above the document, and a link to the same page without the revision', () => {
    window.history.replaceState(null, '', '/orders/42/documents?mode=invoice&revision=1');
    renderScreen({ search: '?mode=invoice&revision=1', revisions: revision1() });
    expect(screen.getByTestId('revision-notice').textContent).toBe('You are looking at revision 1, as it was on 11/20/2026. See the current quote');
    expect(screen.getByRole('link', { name: 'See the current quote' }).getAttribute('href')).toBe('/orders/42/documents?mode=invoice');
    expect(screen.getByTestId('field-revision').textContent).toBe('Revision1');
  });

  it('the latest revision, unchanged since: "This is the current quote", no link', () => {
    renderScreen({ search: '?revision=2', revisions: { shown: { number: 2, at: '2026-11-20 15:00:00', acceptance: null }, latest: 2, changedSinceLatest: false } });
    expect(screen.getByTestId('revision-notice').textContent).toBe('This is the current quote (revision 2).');
    expect(screen.queryByRole('link', { name: 'See the current quote' })).toBeNull();
  });

  it('the latest revision of an order changed since is an earlier quote like any other', () => {
    renderScreen({ search: '?revision=2', revisions: { shown: { number: 2, at: '2026-11-20 15:00:00', acceptance: null }, latest: 2, changedSinceLatest: true } });
    expect(screen.getByTestId('revision-notice').textContent).toContain('You are looking at revision 2, as it was on 11/20/2026.');
  });

  it('no notice when printing (?print=1), nor on the live page', () => {
    renderScreen({ search: '?print=1&revision=1', revisions: revision1() });
    expect(screen.queryByTestId('revision-notice')).toBeNull();
    expect(screen.getByTestId('field-revision').textContent).toBe('Revision1');
    cleanup();
    renderScreen({ revisions: { shown: null, latest: 2, changedSinceLatest: true } });
    expect(screen.queryByTestId('revision-notice')).toBeNull();
    expect(screen.getByTestId('field-revision').textContent).toBe('RevisionDraft after revision 2');
  });

  it('an order never submitted prints no revision', () => {
    renderScreen();
    expect(screen.queryByTestId('field-revision')).toBeNull();
  });

  it("an accepted revision's quote ends with the acceptance, on the last page", async () => {
    renderScreen({ search: '?revision=1', revisions: revision1({ shown: { number: 1, at: '2026-11-20 15:00:00', acceptance } }) });
    const block = screen.getByTestId('quote-acceptance');
    expect(within(block).getByRole('heading', { name: 'Accepted online' })).toBeTruthy();
    expect(block.textContent).toContain('Accepted by Priya Raman (guest-850@demo.test) on 2026-11-28 11:05:09 UTC');
    expect(block.textContent).toContain(`Quote fingerprint (SHA-256 of the PDF accepted): ${'f'.repeat(64)}`);
    expect(screen.getAllByTestId('document-page').at(-1)!.contains(block)).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'INVOICE' }));
    expect(screen.queryByTestId('quote-acceptance')).toBeNull();
  });

  it('Download PDF on a revision asks for that revision', async () => {
    const fetchMock = vi.fn(async () => new Response(new Blob(['%PDF']), { status: 200, headers: { 'content-type': 'application/pdf' } }));
    vi.stubGlobal('fetch', fetchMock);
    // The download itself is the browser's (jsdom has no object URLs and does not navigate).
    const saved = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:pdf'), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    try {
      renderScreen({ search: '?revision=1', revisions: revision1() });
      await userEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
      expect(fetchMock).toHaveBeenCalledTimes(1);
      const body = JSON.parse(String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body)) as Record<string, unknown>;
      expect(body).toMatchObject({ document: 'documents', mode: 'quote', revision: 1, productOrderOrgSpecificId: 42 });
      expect(click).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
      click.mockRestore();
      Object.assign(URL, saved);
    }
  });
});
