import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { apiPost, sameOrigin, signIn, snap } from './helpers.ts';

const PRINT_TOOLTIP = 'Need to share or save a copy? Click the print button and select "Save as PDF" from the print dialog.';
/** The window as shown, in e2e/screenshots (git-ignored) for a person to look at. */
const evidence = (page: Page, name: string) => snap(page, name, { fullPage: false });

async function openDrawings(page: Page, orgSpecificId: number, query = '') {
  await page.goto(`/orders/${orgSpecificId}/drawings${query}`);
  await expect(page.getByTestId('drawings-screen')).toHaveAttribute('data-status', 'loaded');
}

/** A new 850 keypad order with `count` keypads, made through the API; answers its number. */
async function keypadOrder(page: Page, count: number): Promise<number> {
  const res = await page.request.post('/api/configurator/create-product-order', { headers: sameOrigin(page), data: { productOrderProps: { orgId: 850, productCategoryId: 1, title: 'Drawings set' } } });
  const order = ((await res.json()) as { data: { id: number; orgSpecificId: number } }).data;
  for (let i = 1; i <= count; i++) {
    await apiPost(page, '/api/resources/productInstances/create', { props: { productOrderId: order.id, productId: 98, title: `Keypad ${i}`, properties: { '7': { optionId: 22 } } } });
  }
  return order.orgSpecificId;
}

const pages = (page: Page) => page.getByTestId('drawing-page');
const dimensionLabels = (page: Page) => page.locator('[data-testid="drawing-page"] svg g.dimension text');

async function expectNoSeriousViolations(page: Page, name: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${name}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('850: INDIVIDUAL prints one page per item, MULTIPLE up to 4 per page', async ({ page }) => {
  await signIn(page, 'owner-850@demo.test');
  const n = await keypadOrder(page, 5);
  await openDrawings(page, n);
  const setMode = page.getByRole('combobox', { name: 'Drawings set' });
  await expect(setMode).toHaveValue('multiple');
  // 5 keypads: 4 on the first ledger page, the fifth on a second.
  await expect(pages(page)).toHaveCount(2);
  await expect(pages(page).nth(0).getByTestId('drawing-instance')).toHaveCount(4);
  await expect(pages(page).nth(1).getByTestId('drawing-instance')).toHaveCount(1);
  await expect(pages(page).first()).toHaveAttribute('data-page-size', 'ledger');
  await expect(pages(page).first().getByTestId('instance-number')).toHaveText(['001', '002', '003', '004']);
  // A ledger page (1632 px) is shown smaller in a 1280 px window, so nothing scrolls sideways.
  expect((await pages(page).first().boundingBox())!.width).toBeLessThan(1280);
  await evidence(page, 'drawings-850-multiple');

  await setMode.selectOption('individual');
  await expect(pages(page)).toHaveCount(5);
  await expect(pages(page).first()).toHaveAttribute('data-page-size', 'letterPortrait');
  await expect(pages(page).nth(4)).toContainText('Page 5 of 5');
  await expect(page).toHaveURL(/setMode=individual/);
  await evidence(page, 'drawings-850-individual');
  // The settings are in the URL: a reload shows the same set.
  await page.reload();
  await expect(page.getByTestId('drawings-screen')).toHaveAttribute('data-status', 'loaded');
  await expect(pages(page)).toHaveCount(5);
});

test('850: Show Dimensions toggles the dimension labels and the units picker switches mm and inches', async ({ page }) => {
  await signIn(page, 'owner-850@demo.test');
  await openDrawings(page, 1, '?setMode=multiple&units=mm&showDimensions=true');
  const units = page.getByRole('combobox', { name: 'Units' });
  await expect(units.locator('option')).toHaveText(['UNITS: MILLIMETERS', 'UNITS: INCHES']);
  await expect(dimensionLabels(page).first()).toHaveText(/\d mm$/);
  const mm = await dimensionLabels(page).allTextContents();

  await units.selectOption({ label: 'UNITS: INCHES' });
  await expect(dimensionLabels(page).first()).toHaveText(/"$/);
  const inches = await dimensionLabels(page).allTextContents();
  expect(inches).toHaveLength(mm.length);
  expect(inches.every((t) => t.endsWith('"'))).toBe(true);

  await page.getByRole('checkbox', { name: 'Show Dimensions' }).uncheck();
  await expect(dimensionLabels(page)).toHaveCount(0);
  // Units are offered only while dimensions show.
  await expect(units).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'Show Dimensions' }).check();
  await expect(dimensionLabels(page)).toHaveCount(mm.length);
});

test('Print: the tooltip on hover and focus, Ctrl+P prints without the toolbar', async ({ page }) => {
  await page.addInitScript(() => {
    // The print dialog cannot be driven here: count the calls, and end the print as the dialog would.
    const w = window as unknown as { printCalls: number };
    w.printCalls = 0;
    window.print = () => {
      w.printCalls++;
    };
  });
  await signIn(page, 'owner-850@demo.test');
  await openDrawings(page, 1);
  const print = page.getByRole('button', { name: 'Print' });
  const tooltip = page.getByRole('tooltip');
  await expect(tooltip).toBeHidden();
  await print.hover();
  await expect(tooltip).toBeVisible();
  await expect(tooltip).toHaveText(PRINT_TOOLTIP);
  await page.mouse.move(0, 0);
  await expect(tooltip).toBeHidden();
  await print.focus();
  await expect(tooltip).toBeVisible();
  await expect(print).toHaveAccessibleDescription(PRINT_TOOLTIP);
  await evidence(page, 'drawings-print-tooltip');

  await page.keyboard.press('Control+P');
  await expect(page.getByTestId('drawings-screen')).toHaveAttribute('data-printing', 'true');
  await expect(page.getByTestId('drawings-toolbar')).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => (window as unknown as { printCalls: number }).printCalls)).toBe(1);
  await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  await expect(page.getByTestId('drawings-toolbar')).toBeVisible();
});

test('print=1 renders the pages only and marks them ready for the PDF renderer', async ({ page }) => {
  await signIn(page, 'owner-850@demo.test');
  await openDrawings(page, 1, '?print=1&setMode=individual');
  await expect(page.locator('html')).toHaveAttribute('data-print-ready', 'true');
  await expect(page.getByTestId('drawings-toolbar')).toHaveCount(0);
  await expect(pages(page)).toHaveCount(2);
});

test("Chromium's PDF of print=1: one PDF page per drawings page, on the set's paper", async ({ page }) => {
  await signIn(page, 'owner-850@demo.test');
  const n = await keypadOrder(page, 5);
  for (const [setMode, pageCount, size] of [
    ['multiple', 2, [1224, 792]], // ledger 17 × 11 in, in PDF points
    ['individual', 5, [612, 792]], // portrait letter 8.5 × 11 in
  ] as const) {
    await openDrawings(page, n, `?print=1&setMode=${setMode}`);
    await expect(page.locator('html')).toHaveAttribute('data-print-ready', 'true');
    // As the server's PDF adapter prints: the page's own @page size.
    const pdf = (await page.pdf({ preferCSSPageSize: true, printBackground: true })).toString('latin1');
    const boxes = [...pdf.matchAll(/\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/g)].map((m) => [Math.round(Number(m[1])), Math.round(Number(m[2]))]);
    expect(boxes).toEqual(Array(pageCount).fill(size));
  }
});

test('Download PDF posts the set and saves the answer; a refusal is explained', async ({ page }) => {
  await signIn(page, 'owner-850@demo.test');
  await openDrawings(page, 1, '?setMode=individual&units=in&showDimensions=true');
  let body: unknown = null;
  // The server side of the PDF is tested with the API; here the answer is held back to see the progress.
  let release: () => void = () => undefined;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/documents/pdf', async (route) => {
    body = route.request().postDataJSON();
    await held;
    await route.fulfill({ status: 200, contentType: 'application/pdf', body: '%PDF-1.4\n%%EOF\n' });
  });
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Preparing PDF…' })).toBeVisible();
  release();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^#1 - Harbour View Residence - \d{6} - Drawings\.pdf$/);
  expect(body).toEqual({ orgId: 850, productOrderOrgSpecificId: 1, document: 'drawings', setMode: 'individual', units: 'in', showDimensions: true });

  await page.unroute('**/api/documents/pdf');
  await page.route('**/api/documents/pdf', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: { code: 'pdfBusy', message: 'The PDF service is busy. Please try again in a minute.' } }) }),
  );
  await page.getByRole('button', { name: 'Download PDF' }).click();
  await expect(page.getByRole('alert')).toHaveText('The PDF could not be downloaded: The PDF service is busy. Please try again in a minute.');
});

// Pages at their real size: a window wide enough for a ledger page (narrower windows show pages smaller).
test.describe('pages as printed', () => {
  test.use({ viewport: { width: 1760, height: 1200 } });

  test('850 keypad drawing page looks as before', async ({ page }) => {
    await signIn(page, 'owner-850@demo.test');
    await openDrawings(page, 1, '?setMode=individual&units=mm&showDimensions=true');
    await expectNoSeriousViolations(page, 'drawings 850 #1');
    // The footer's last-updated date is the day the order last changed: masked, so the picture does not age.
    await expect(pages(page).first()).toHaveScreenshot('keypad-drawing.png', { maxDiffPixelRatio: 0.01, mask: [page.getByTestId('drawing-footer-updated')] });
    await snap(pages(page).first(), 'keypad-drawing-page');
  });

  test('1053: a lamella door page with the estimate number and the unit number', async ({ page }) => {
    await signIn(page, 'owner-1053@demo.test');
    const data = await apiPost<{ productOrders: { id: number }[] }>(page, '/api/configurator/get-configurator-order-data', { orgId: 1053, productOrderOrgSpecificId: 1 });
    await apiPost(page, '/api/resources/productOrders/update', { where: { id: data.productOrders[0]!.id }, props: { estimateNumber: 'EST-2026-014' } });
    await openDrawings(page, 1);
    const first = pages(page).first();
    await expect(first.getByTestId('estimate-number')).toHaveText('Estimate #: EST-2026-014');
    await expect(first.getByTestId('instance-number')).toHaveText('D-101');
    await expect(first.getByRole('img', { name: 'Drawing of D-101' })).toBeVisible();
    // 1053 has no dimension controls: one Dimensions toggle.
    await expect(page.getByRole('combobox')).toHaveCount(0);
    await expect(page.getByRole('checkbox', { name: 'Dimensions' })).toBeChecked();
    await expectNoSeriousViolations(page, 'drawings 1053 #1');
    await expect(first).toHaveScreenshot('lamella-door.png', { maxDiffPixelRatio: 0.01, mask: [page.getByTestId('drawing-footer-updated')] });
    await snap(first, 'lamella-door-page');
  });
});

test('an order that is not there', async ({ page }) => {
  await signIn(page, 'owner-850@demo.test');
  await page.goto('/orders/99999/drawings');
  await expect(page.getByTestId('drawings-screen')).toHaveAttribute('data-status', 'missing');
  await expect(page.getByText("You might need to ask for an invite or the order you're looking for might have been deleted")).toBeVisible();
  // A missing order has no order views to switch to.
  await expect(page.getByRole('navigation', { name: 'Order views' })).toHaveCount(0);
});
