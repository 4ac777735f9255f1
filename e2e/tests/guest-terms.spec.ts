import { expect, test, type Page } from '@playwright/test';
import { signIn, snap } from './helpers.ts';

/**
 * A guest's discount on the order page (docs/decisions/0057-guest-terms-on-orders.md): the demo guest
 * of 850 has 10 % off; their order "Maple Street Renovation" shows "Guest discount (10%)", and the
 * guest and an owner see the same total, the one the server stored (no mismatch notice).
 */
async function openMaple(page: Page, reviewer = false): Promise<{ discount: string; total: string }> {
  await page.goto('/orders/2');
  // Maple Street is submitted for approval: an employee first sees what they would approve.
  if (reviewer) await page.getByTestId('review-summary').getByTestId('open-full-editor').click();
  const summary = page.getByTestId('price-summary');
  await expect(summary).toBeVisible();
  const discount = summary.getByTestId('cost-discount');
  await expect(discount.locator('dt')).toHaveText('Guest discount (10%)');
  const total = summary.getByTestId('order-total');
  await expect(total).toHaveAttribute('data-server-cents', (await total.getAttribute('data-cents'))!);
  await expect(summary.getByTestId('total-mismatch')).toHaveCount(0);
  return { discount: (await discount.locator('dd').textContent()) ?? '', total: (await total.textContent()) ?? '' };
}

test('the guest and an owner see the guest discount and the same total', async ({ browser }) => {
  const guestPage = await (await browser.newContext()).newPage();
  await signIn(guestPage, 'guest-850@demo.test');
  const seenByGuest = await openMaple(guestPage);
  await snap(guestPage, 'guest-terms-guest');
  const ownerPage = await (await browser.newContext()).newPage();
  await signIn(ownerPage, 'owner-850@demo.test');
  const seenByOwner = await openMaple(ownerPage, true);
  await snap(ownerPage, 'guest-terms-owner');
  expect(seenByOwner).toEqual(seenByGuest);
  expect(seenByGuest.discount).toMatch(/^-\$[\d,]+\.\d\d$/);
});
