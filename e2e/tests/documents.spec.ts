import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers.ts';

const EVIDENCE = 'docs/evidence/issue-12';
async function evidence(page: Page, name: string) {
  await page.screenshot({ path: `${EVIDENCE}/${name}.png`, fullPage: false });
}

test('draft look', async ({ page }) => {
  await page.setViewportSize({ width: 1200, height: 1000 });
  await signIn(page, 'owner-850@demo.test');
  await page.goto('/orders/1/documents');
  await expect(page.getByTestId('document-page').first()).toBeVisible();
  await evidence(page, 'documents-quote-850-owner');
  await page.goto('/orders/1/documents?mode=factory');
  await expect(page.getByTestId('document-page').first()).toBeVisible();
  await evidence(page, 'documents-factory-850-owner');
});
