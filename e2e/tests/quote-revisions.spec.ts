import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { apiPost, guestOrder, KEYPAD, openOrder, personAt, sameOrigin, snap, type OrderRef } from './helpers.ts';

/**
 * Quote revisions and online acceptance (decision 0122), as the people involved live them: a guest
 * submits (revision 1); the owner asks for changes; the guest changes a finish and submits again
 * (revision 2); the approver sees exactly the changed option and its price; revision 1's quote PDF
 * reads the same after the order changed; the owner approves; the guest accepts online (name, terms);
 * the timeline and the signed PDF show it; a change of the approved quote needs a new acceptance.
 */

const money = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The text of a PDF, page by page, as pdf.js reads it. */
async function pdfText(bytes: Buffer): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: true }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((i) => ('str' in i ? i.str : '')).join(' '));
  }
  return pages.join('\n');
}

/** The quote PDF of a revision, downloaded as this person. */
async function revisionPdf(page: Page, order: OrderRef, revision: number): Promise<string> {
  const res = await page.request.post('/api/documents/pdf', {
    headers: sameOrigin(page),
    data: { orgId: 850, productOrderOrgSpecificId: order.orgSpecificId, document: 'documents', mode: 'quote', revision },
    timeout: 120_000,
  });
  expect(res.status(), await res.text().catch(() => '')).toBe(200);
  return pdfText(await res.body());
}

interface Stored {
  productOrders: Array<{ quoteRevision: number; acceptedRevision: number | null }>;
  productInstances: Array<{ id: number; unitPriceInCents: number; totalPriceInCents: number; properties: Record<string, { optionId: number }> }>;
}
const stored = (page: Page, order: OrderRef) => apiPost<Stored>(page, '/api/configurator/get-configurator-order-data', { orgId: 850, productOrderOrgSpecificId: order.orgSpecificId });

async function noSeriousAxeViolation(page: Page, selector: string) {
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('submitted → changes requested → resubmitted: the approver sees the changed finish and price; revision 1 prints as it was; the customer accepts online', async ({ browser }) => {
  test.setTimeout(480_000);
  const guest = await personAt(browser, 'guest-850@demo.test');
  const order = await guestOrder(guest, 'Revision keypads', [{ title: 'Entry', quantity: 1, properties: KEYPAD }]);

  // 1. The guest submits: revision 1.
  await openOrder(guest, order);
  await guest.getByRole('button', { name: 'Submit', exact: true }).click();
  await guest.getByTestId('confirm-yes').click();
  await expect(guest.getByTestId('submitted-view')).toBeVisible();
  expect((await stored(guest, order)).productOrders[0]!.quoteRevision).toBe(1);
  const before = (await stored(guest, order)).productInstances[0]!;

  // 2. The owner keeps revision 1's quote as printed, then asks for changes.
  const owner = await personAt(browser, 'owner-850@demo.test');
  const revision1Text = await revisionPdf(owner, order, 1);
  expect(revision1Text).toContain('Revision');
  expect(revision1Text).toContain('Brushed Steel');
  await openOrder(owner, order);
  const review = owner.getByTestId('feedback-box');
  await review.getByLabel('Feedback for Customer').fill('Matte black plates, please.');
  await review.getByRole('button', { name: 'Requires Changes' }).click();
  await expect(owner.getByTestId('feedback-box')).toHaveCount(0);

  // 3. The guest changes the plate finish and sees what changed since revision 1 before submitting again.
  await openOrder(guest, order);
  await expect(guest.getByTestId('action-required')).toBeVisible();
  const finish = guest.getByTestId('property-12');
  const header = finish.locator('button[aria-expanded]').first();
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
  await finish.getByTestId('option-219').click();
  await expect(guest.getByTestId('save-status')).toHaveAttribute('data-state', 'saved');
  const changedSince = guest.getByTestId('changed-since');
  await expect(changedSince).toContainText('Plate Finish: Brushed Steel → Matte Black');
  await snap(guest, 'revisions-01-guest-changed-since');
  await guest.getByRole('button', { name: 'Submit', exact: true }).click();
  await guest.getByTestId('confirm-yes').click();
  await expect(guest.getByTestId('submitted-view')).toBeVisible();
  const after = (await stored(guest, order)).productInstances[0]!;
  expect(after.properties['12']).toEqual({ optionId: 219 });
  expect((await stored(guest, order)).productOrders[0]!.quoteRevision).toBe(2);

  // 4. The approver sees exactly the changed option and its price since revision 1.
  await openOrder(owner, order);
  const changes = owner.getByTestId('review-changes');
  await expect(changes).toContainText('What changed since revision 1');
  await expect(changes).toContainText('Plate Finish: Brushed Steel → Matte Black');
  const expectedPrice = before.unitPriceInCents === after.unitPriceInCents ? null : `Unit price: ${money(before.unitPriceInCents)} → ${money(after.unitPriceInCents)}`;
  if (expectedPrice) await expect(changes).toContainText(expectedPrice);
  // Nothing else of the item changed.
  await expect(changes.getByTestId('diff-item')).toHaveCount(1);
  await snap(owner, 'revisions-02-approver-sees-changes');
  await noSeriousAxeViolation(owner, '[data-testid="review-summary"]');

  // 5. Revision 1's quote still prints as it was: the same text, Brushed Steel and its price.
  expect(await revisionPdf(owner, order, 1)).toBe(revision1Text);

  // 6. The owner approves; the guest reads revision 2's quote and accepts it online.
  await owner.getByTestId('feedback-box').getByRole('button', { name: 'Approve' }).click();
  await expect(owner.getByTestId('payment-panel')).toBeVisible();
  await openOrder(guest, order);
  const card = guest.getByTestId('accept-quote-card');
  await expect(card.getByRole('heading', { name: 'Accept your quote' })).toBeVisible();
  await expect(card.getByTestId('read-quote')).toHaveAttribute('href', `/orders/${order.orgSpecificId}/documents?mode=quote&revision=2`);
  const accept = card.getByRole('button', { name: 'Accept quote' });
  await expect(accept).toBeDisabled();
  await card.getByLabel('Full name').fill('Priya Raman');
  await card.getByLabel('I have read the quote and accept these terms.').check();
  await snap(guest, 'revisions-03-guest-accepts');
  await noSeriousAxeViolation(guest, '[data-testid="accept-quote-card"]');
  await accept.click();
  await expect(guest.getByTestId('acceptance-note')).toContainText('You accepted revision 2 on');
  await expect(guest.getByTestId('acceptance-note')).toContainText('as Priya Raman.');
  expect((await stored(guest, order)).productOrders[0]!.acceptedRevision).toBe(2);

  // 7. The timeline and the signed quote show the acceptance.
  await openOrder(owner, order);
  await expect(owner.getByTestId('status-history')).toContainText('Quote accepted (revision 2)');
  await expect(owner.getByTestId('status-history')).toContainText('Accepted by Priya Raman');
  const signed = await revisionPdf(guest, order, 2);
  expect(signed).toContain('Accepted online');
  expect(signed).toMatch(/Accepted by Priya Raman on \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/);
  // The fingerprint printed is the one kept with the acceptance.
  const kept = await apiPost<{ revisions: Array<{ number: number; acceptance: { pdfSha256: string } | null }> }>(owner, '/api/configurator/product-order/revisions', { productOrderId: order.id });
  const acceptance = kept.revisions.find((r) => r.number === 2)!.acceptance!;
  expect(signed).toMatch(new RegExp(`Quote fingerprint \\(SHA-256 of the PDF accepted\\):\\s*${acceptance.pdfSha256}`));
  await snap(owner, 'revisions-04-timeline-accepted');

  // 8. The owner changes a printed detail of the approved quote: revision 3, which needs a new acceptance.
  await apiPost(owner, '/api/resources/productOrders/update', { where: { id: order.id }, props: { purchaseOrderNumber: 'PO-7781' } });
  expect((await stored(owner, order)).productOrders[0]).toMatchObject({ quoteRevision: 3, acceptedRevision: 2 });
  await openOrder(guest, order);
  await expect(guest.getByTestId('acceptance-superseded')).toContainText('Revision 2 was accepted; the quote has changed since, so revision 3 needs a new acceptance.');
  await expect(guest.getByTestId('accept-quote-card')).toBeVisible();
  await snap(guest, 'revisions-05-new-acceptance-needed');
});
