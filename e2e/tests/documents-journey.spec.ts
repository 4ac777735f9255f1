import { readFileSync } from 'node:fs';
import { expect, test, type Download, type Page } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { apiPost, signIn, signOut } from './helpers.ts';

/**
 * What a customer signs and a factory builds from, end to end: an 850 owner configures a keypad with
 * engravings, opens the drawings set in INDIVIDUAL and MULTIPLE modes, opens the documents, switches to
 * the invoice, downloads the PDF and the CSV and reads them; a guest whose prices are hidden downloads
 * a PDF with no price in it.
 */

const SIX_BUTTONS = 214;
const PLATE_2_GANG = 201;

async function pdfText(download: Download): Promise<{ pages: number; text: string }> {
  const bytes = readFileSync((await download.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const doc = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  const texts: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    texts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await doc.destroy();
  return { pages: doc.numPages, text: texts.join('\n') };
}

const today = () => {
  const d = new Date();
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getUTCFullYear() % 100)}${two(d.getUTCMonth() + 1)}${two(d.getUTCDate())}`;
};

async function downloadOf(page: Page, button: string): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByRole('button', { name: button }).click()]);
  return download;
}

test('an 850 owner engraves a keypad, prints its drawings and documents, and downloads the PDF and the CSV', async ({ page }) => {
  await signIn(page, 'owner-850@demo.test');
  const order = await apiPost<{ id: number; orgSpecificId: number }>(page, '/api/configurator/create-product-order', { productOrderProps: { orgId: 850, productCategoryId: 1 } });
  await apiPost(page, '/api/resources/productOrders/update', { where: { id: order.id }, props: { title: 'Study keypads', promptedForProjectInfo: 1 } });
  for (const title of ['Study', 'Landing']) {
    await apiPost(page, '/api/resources/productInstances/create', {
      props: { productOrderId: order.id, productId: 98, title, properties: { '8': { optionId: PLATE_2_GANG }, '7': { optionId: 22 } } },
    });
  }
  const n = order.orgSpecificId;

  // Configure: a six-button layout and an engraving above the first button, through the page.
  await page.goto(`/orders/${n}`);
  const drawing = page.getByTestId('item-drawing');
  const layout = page.getByTestId('property-11');
  await layout.locator('button[aria-expanded]').first().click();
  await layout.getByTestId(`option-${SIX_BUTTONS}`).click();
  await expect(drawing.locator('g.mechanism')).toHaveCount(6);
  await page.getByRole('button', { name: 'Engravings' }).click();
  const dialog = page.getByRole('dialog', { name: /^Engravings — / });
  await dialog.getByTestId('engraving-0-above').getByTestId('engraving-text').fill('Reading');
  await expect(dialog.getByTestId('engravings-preview').locator('text.engraving')).toHaveText('Reading');
  await dialog.getByTestId('engravings-save').click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-state', 'saved');
  await expect(drawing.locator('text.engraving[data-mechanism="0"][data-location="above"]')).toHaveText('Reading');

  // Drawings: one page per keypad in INDIVIDUAL mode, both on one page in MULTIPLE mode.
  await page.getByRole('link', { name: 'DRAWINGS' }).click();
  await expect(page.getByTestId('drawings-screen')).toHaveAttribute('data-status', 'loaded');
  const setMode = page.getByRole('combobox', { name: 'Drawings set' });
  await setMode.selectOption('individual');
  await expect(page.getByTestId('drawing-page')).toHaveCount(2);
  await expect(page.getByTestId('drawing-page').first().locator('text.engraving')).toHaveText('Reading');
  await setMode.selectOption('multiple');
  await expect(page.getByTestId('drawing-page')).toHaveCount(1);
  await expect(page.getByTestId('drawing-page').first().getByTestId('drawing-instance')).toHaveCount(2);

  // Documents: the quote, then the invoice; its PDF and the CSV.
  await page.goto(`/orders/${n}`);
  await page.getByRole('link', { name: 'DOCUMENTS' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-print-ready', 'true');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Quote');
  await page.getByRole('button', { name: 'INVOICE' }).click();
  await expect(page).toHaveURL(/mode=invoice/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Invoice');
  const total = (await page.getByTestId('summary-total').innerText()).match(/\$[\d,]+\.\d\d/)?.[0];
  expect(total).toBeTruthy();

  const pdf = await downloadOf(page, 'Download PDF');
  expect(pdf.suggestedFilename()).toBe(`#${n} - Study keypads - ${today()} - Invoice.pdf`);
  const { text } = await pdfText(pdf);
  expect(text).toContain('Invoice');
  expect(text).toContain(`Order #${n}`);
  expect(text).toContain('Study');
  expect(text).toContain('Landing');
  expect(text).toContain('Reading');
  expect(text).toContain(total!);

  const csv = await downloadOf(page, 'Download CSV');
  expect(csv.suggestedFilename()).toBe(`#${n} - Study keypads - ${today()} - Invoice.csv`);
  const lines = readFileSync((await csv.path())!, 'utf8').trim().split('\n');
  expect(lines[0]).toBe('Qty,Item,Options,SKU,Engravings,Unit Price,Subtotal');
  expect(lines[1]).toMatch(/^1,Study \(Crestnet Keypad\),.*,1 ↑ Reading,/);
  expect(lines[2]).toMatch(/^1,Landing \(Crestnet Keypad\),/);
  // The same total as the page shows (quoted when it holds a thousands comma).
  expect(lines.filter((l) => l === `Total,${total}` || l === `Total,"${total}"`)).toHaveLength(1);
});

test('a guest whose prices are hidden downloads a PDF with no price in it', async ({ page }) => {
  await signIn(page, 'guest-1392@demo.test');
  await page.goto('/orders/2/documents');
  await expect(page.locator('html')).toHaveAttribute('data-print-ready', 'true');
  await expect(page.getByTestId('document')).not.toContainText('$');
  await expect(page.getByRole('button', { name: 'Download CSV' })).toHaveCount(0);
  const pdf = await downloadOf(page, 'Download PDF');
  const { text } = await pdfText(pdf);
  expect(text).toContain('Order #2');
  expect(text).not.toMatch(/\$\s?\d/);
  expect(text).not.toMatch(/Subtotal|Total/);
  await signOut(page);
});
