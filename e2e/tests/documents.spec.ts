import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { apiPost, signIn, snap } from './helpers.ts';

/**
 * The documents screen (/orders/{id}/documents): modes by role, paged landscape pages with their
 * footer, hidden pricing, the CSV export and the pagination of a 200-item order.
 */
/** The window as shown, in e2e/screenshots (git-ignored) for a person to look at. */
const evidence = (page: Page, name: string) => snap(page, name, { fullPage: false });

const modes = (page: Page) => page.getByRole('group', { name: 'Document' }).getByRole('button');

async function expectNoSeriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1200, height: 1000 });
});

test('850 owner: DOCUMENTS tab, QUOTE pages with their footer, INVOICE in the URL, all four modes', async ({ page }) => {
  await signIn(page, 'owner-850@demo.test');
  await page.goto('/orders/1');
  await page.getByRole('link', { name: 'DOCUMENTS' }).click();
  await expect(page).toHaveURL(/\/orders\/1\/documents$/);
  const first = page.getByTestId('document-page').first();
  await expect(first).toBeVisible();
  await expect(modes(page)).toHaveText(['QUOTE', 'INVOICE', 'PACKING SLIP', 'FACTORY']);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Quote');
  const count = await page.getByTestId('document-page').count();
  await expect(first.getByTestId('page-number')).toHaveText(`Page 1 of ${count}`);
  await expect(first.getByTestId('document-footer')).toContainText('Order #1');
  await expect(first.getByTestId('document-footer')).toContainText('Last updated 5/7/2025');
  await expect(first.getByTestId('field-title')).toContainText('Harbour View Residence');
  // 850 keeps engravings: their own column on the quote.
  await expect(first.getByRole('columnheader', { name: 'Engravings' })).toBeVisible();
  await expect(first.getByTestId('document-row').first()).toContainText('LIGHTS');
  await expect(page.locator('html')).toHaveAttribute('data-print-ready', 'true');
  await expect(first).toHaveScreenshot('quote-page.png', { maxDiffPixelRatio: 0.01 });
  await evidence(page, 'documents-quote-850-owner');
  await expectNoSeriousViolations(page);

  await page.getByRole('button', { name: 'INVOICE' }).click();
  await expect(page).toHaveURL(/mode=invoice/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Invoice');
  await expect(page.getByTestId('summary-balance')).toBeVisible();
  await expect(page.getByTestId('document-page').first()).toHaveScreenshot('invoice-page.png', { maxDiffPixelRatio: 0.01 });

  await page.getByRole('button', { name: 'PACKING SLIP' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Packing Slip');
  await expect(page.getByRole('columnheader', { name: 'Checked / Initials' })).toBeVisible();
  await expect(page.getByTestId('document')).not.toContainText('$');
  await evidence(page, 'documents-packing-slip-850-owner');

  await page.getByRole('button', { name: 'FACTORY' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Factory Sheet');
  await expect(page.getByRole('img', { name: /^Drawing of / }).first()).toBeVisible();
  await expect(page.getByTestId('document-footer').first()).toContainText('Drawing prints to scale on 11x17 (manufacturing) or 8.5x11.');
  await evidence(page, 'documents-factory-850-owner');
  await expectNoSeriousViolations(page);

  // A reload keeps the mode (it lives in the URL).
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Factory Sheet');
});

test('850 member sees all four modes', async ({ page }) => {
  await signIn(page, 'member-850@demo.test');
  await page.goto('/orders/1/documents?mode=invoice');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Invoice');
  await expect(modes(page)).toHaveText(['QUOTE', 'INVOICE', 'PACKING SLIP', 'FACTORY']);
});

test('850 guest: QUOTE and INVOICE only, no CSV; the guest discount is labelled and may be hidden', async ({ page }) => {
  await signIn(page, 'guest-850@demo.test');
  await page.goto('/orders/2/documents?mode=factory');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Quote');
  await expect(modes(page)).toHaveText(['QUOTE', 'INVOICE']);
  await expect(page.getByRole('button', { name: 'Download CSV' })).toHaveCount(0);
  await expect(page.getByTestId('summary-discount')).toContainText('Guest discount (10%)');
  await page.getByRole('button', { name: 'Hide Discount' }).click();
  await expect(page.getByTestId('summary-discount')).toHaveCount(0);
  await expect(page).toHaveURL(/hideDiscount=1/);
  await evidence(page, 'documents-quote-850-guest-discount-hidden');
  await page.getByRole('button', { name: 'Show Discount' }).click();
  await expect(page.getByTestId('summary-discount')).toBeVisible();
});

test('a guest with hidden pricing sees no $ on the quote or the invoice', async ({ page }) => {
  await signIn(page, 'guest-1392@demo.test');
  await page.goto('/orders/2/documents');
  await expect(page.getByTestId('document-row').first()).toBeVisible();
  await expect(page.getByTestId('document')).not.toContainText('$');
  await expect(page.getByTestId('document-summary')).toHaveCount(0);
  await page.getByRole('button', { name: 'INVOICE' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Invoice');
  await expect(page.getByTestId('document')).not.toContainText('$');
  await evidence(page, 'documents-invoice-1392-guest-pricing-hidden');
});

test('Download CSV: the quote rows and the costs summary', async ({ page }) => {
  await signIn(page, 'owner-850@demo.test');
  await page.goto('/orders/1/documents');
  await expect(page.getByTestId('document-page').first()).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^#1 - Harbour View Residence - \d{6} - Quote\.csv$/);
  const lines = readFileSync(await download.path(), 'utf8').trim().split('\n');
  expect(lines[0]).toBe('Qty,Item,Options,SKU,Engravings,Unit Price,Subtotal');
  expect(lines[1]).toMatch(/^1,Entry \(Crestnet Keypad\),.*Mechanism Finish: Satin Brass.*,CN-KP,1 ↑ LIGHTS; 2 ↑ SHADES,\$[\d,]+\.\d\d,\$[\d,]+\.\d\d$/);
  expect(lines[2]).toMatch(/^2,Kitchen \(Classique Keypad\),/);
  expect(lines).toContain('Shipping,TBD');
  expect(lines.some((l) => /^Total,"?\$[\d,]+\.\d\d"?$/.test(l))).toBe(true);
});

test('a 200-item order paginates: every page 1056 × 816, no row across a page boundary', async ({ page }) => {
  await signIn(page, 'owner-850@demo.test');
  const propsSets = Array.from({ length: 200 }, (_, i) => ({ productId: 98, quantity: 1 + (i % 3), title: `Item ${i + 1}` }));
  const order = await apiPost<{ orgSpecificId: number }>(page, '/api/configurator/create-product-order-with-items', {
    productOrderProps: { orgId: 850, title: 'Two hundred keypads', productCategoryId: 1, isStocked: 0, type: 'standalone' },
    propsSets,
  });
  await page.goto(`/orders/${order.orgSpecificId}/documents`);
  await expect(page.locator('html')).toHaveAttribute('data-print-ready', 'true', { timeout: 60_000 });
  const geometry = await page.evaluate(() =>
    [...document.querySelectorAll('[data-testid="document-page"]')].map((p) => {
      const box = p.getBoundingClientRect();
      const body = p.firstElementChild!.getBoundingClientRect();
      const rows = [...p.querySelectorAll('[data-testid="document-row"]')].map((r) => r.getBoundingClientRect());
      return { width: box.width, height: box.height, rows: rows.length, inside: rows.every((r) => r.top >= body.top - 0.5 && r.bottom <= body.bottom + 0.5) };
    }),
  );
  expect(geometry.length).toBeGreaterThan(5);
  for (const g of geometry) {
    expect({ width: g.width, height: g.height, inside: g.inside }).toEqual({ width: 1056, height: 816, inside: true });
  }
  expect(geometry.reduce((s, g) => s + g.rows, 0)).toBe(200);
  await expect(page.getByTestId('page-number').last()).toHaveText(`Page ${geometry.length} of ${geometry.length}`);
  await expect(page.getByTestId('document-summary')).toHaveCount(1);
  await evidence(page, 'documents-200-items-page-1');
});
