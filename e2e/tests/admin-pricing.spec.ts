import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { apiPost, signIn, snap } from './helpers.ts';

/**
 * The pricing rule editor, as an owner uses it: open a rule, add a version, type in Monaco (ids are
 * completed with their titles), make a JSON error (red border, 'Invalid JSON: …'), fix it, save with
 * Ctrl+S (the server has it), try the draft on an existing order in the test bench, and see the
 * warning when a version that prices orders is changed.
 *
 * Demo data: 850's rule 3 'Stocked items' prices the back boxes; its version 1 (in force) is
 * 1200 + the engraving option's price. 'Back boxes for Cliffside' has 14 Single Gang Back Boxes
 * (no engraving): $12.00 each today, $168.00 in total.
 */
const RULE = 3;

interface Rule {
  id: number;
  versions: Record<string, { created: string; expressions: Array<{ type: string; props: Record<string, unknown>; operator: string }> }>;
}

const ruleNow = async (page: Page) => (await apiPost<Rule[]>(page, '/api/resources/productPricingRules/get', { where: { orgId: 850, id: RULE } }))[0]!;

/** The editor of a version: its section, and Monaco's input inside it. */
function versionEditor(page: Page, key: string) {
  const section = page.getByTestId(`version-${key}`);
  return { section, monaco: section.locator('.monaco-editor').first(), message: section.getByTestId('editor-message') };
}

test('an owner edits a pricing version in Monaco, saves it with Ctrl+S and tries it on an order', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // Monaco says so when it cannot start its workers (it then runs them on the page): that is a failure here.
  page.on('console', (m) => (m.type() === 'error' || /web worker/i.test(m.text())) && errors.push(m.text()));
  page.on('response', (r) => r.status() >= 400 && errors.push(`${r.status()} ${new URL(r.url()).pathname}`));
  const workers: string[] = [];
  page.on('worker', (w) => workers.push(w.url()));

  await signIn(page, 'owner-850@demo.test');
  // Only what happens once signed in counts (the sign-in page's session check answers 401).
  errors.length = 0;
  await page.goto('/admin/product-pricing-rules');
  await expect(page.getByRole('columnheader', { name: 'Title' })).toBeVisible();
  await page.getByRole('link', { name: 'Stocked items' }).click();
  await expect(page).toHaveURL(/\/admin\/product-pricing-rules\/3$/);
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Stocked items');

  // Add a version: the next key, dated tomorrow, listed by created date newest first — after the
  // version dated 2027 (2), before the one in force (1).
  const before = Object.keys((await ruleNow(page)).versions).map(Number);
  const key = String(Math.max(...before) + 1);
  await page.getByRole('button', { name: 'Add version' }).click();
  const { section, monaco, message } = versionEditor(page, key);
  await expect(section).toBeVisible();
  expect(key).toBe('3');
  await expect(page.locator('[data-testid^="version-"]')).toHaveCount(3);
  expect(await page.locator('[data-testid^="version-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')))).toEqual(['version-2', 'version-3', 'version-1']);
  await expect(monaco).toBeVisible();
  await expect(section).toHaveAttribute('data-look', 'clean');
  const created = (await ruleNow(page)).versions[key]!.created;

  // Type a draft: a completion offers the organisation's property ids with their titles.
  await monaco.click();
  await expect(section.getByRole('textbox', { name: `Version ${key} JSON` })).toBeFocused();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(
    `{\n  "created": "${created}",\n  "expressions": [\n    { "type": "fixed", "props": { "value": 1234 }, "operator": "+", "description": "Unit price" },\n    { "type": "productPropertyPrice", "props": { "productPropertyId": 1`,
  );
  const suggest = page.locator('.suggest-widget');
  // Ask for completions (Ctrl+Space) at "productPropertyId": 1 — again until the ids, which arrive
  // with the organisation's catalogue, are listed.
  await expect(async () => {
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+Space');
    await expect(suggest).toContainText('Plate Finish', { timeout: 2000 });
  }).toPass({ timeout: 15_000 });
  await expect(suggest).toContainText('Plate Finish');
  await snap(page, 'admin-pricing-completion');
  await page.keyboard.press('Escape');
  // Monaco closed the first brace when it was typed: the closing one is already there.
  await page.keyboard.insertText('2 }, "operator": "+" }\n  ]');
  await expect(section).toHaveAttribute('data-look', 'unsaved');
  await expect(message).toHaveText('Unsaved changes');

  // A deliberate JSON error: red, with the parser's message.
  await page.keyboard.insertText(',,');
  await expect(section).toHaveAttribute('data-look', 'invalid');
  await expect(message).toContainText('Invalid JSON: ');
  await expect(section.getByRole('button', { name: 'Save' })).toBeDisabled();
  await snap(page, 'admin-pricing-invalid');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await expect(section).toHaveAttribute('data-look', 'unsaved');
  await expect(section.getByRole('button', { name: 'Save' })).toBeEnabled();

  // Ctrl+S saves (a version dated tomorrow may still price orders dated later: confirm if asked).
  await page.keyboard.press('Control+s');
  const impact = page.getByTestId('save-impact');
  await expect(message.or(impact)).toBeVisible();
  if (await impact.isVisible()) await impact.getByRole('button', { name: 'Save anyway' }).click();
  await expect(message).toHaveText('Saved');
  await expect(section).toHaveAttribute('data-look', 'clean');
  const saved = (await ruleNow(page)).versions[key]!;
  expect(saved.expressions[0]).toEqual({ type: 'fixed', props: { value: 1234 }, operator: '+', description: 'Unit price' });
  expect(saved.expressions[1]!.props).toEqual({ productPropertyId: 12 });
  await snap(page, 'admin-pricing-saved');

  // The test bench: the back boxes priced today and with the draft ($12.34 × 14 = $172.76).
  await section.getByRole('button', { name: 'Test bench' }).click();
  const bench = section.getByTestId('test-bench');
  const orderSelect = bench.getByRole('combobox', { name: /^Order/ });
  await expect(orderSelect).toBeVisible();
  const value = await orderSelect.locator('option', { hasText: 'Back boxes for Cliffside' }).getAttribute('value');
  await orderSelect.selectOption(value!);
  await expect(bench.getByTestId('bench-total-today')).toHaveText('$168.00');
  await expect(bench.getByTestId('bench-total-draft')).toHaveText('$172.76');
  await expect(bench.locator('tbody tr[data-changed]')).toHaveCount(1);
  await snap(page, 'admin-pricing-bench');

  // The added version is a draft: it prices nothing until published. Publishing shows what it would
  // do to existing orders first (dated tomorrow: none yet), then records who published it.
  await expect(section).toHaveAttribute('data-draft', 'true');
  await expect(section.getByTestId('publication-status')).toHaveText('Draft: prices no order until it is published.');
  await section.getByRole('button', { name: 'Publish' }).click();
  const publish = page.getByTestId('publish-version');
  await expect(publish.getByTestId('publish-impact')).toContainText('No existing order would be priced by this version now');
  await snap(page, 'admin-pricing-publish');
  await publish.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(publish).toBeHidden();
  await expect(section).not.toHaveAttribute('data-draft', 'true');
  await expect(section.getByTestId('publication-status')).toContainText('Published');
  const published = (await ruleNow(page)).versions[key]! as { draft?: boolean; publishedBy?: unknown };
  expect(published.draft).toBeFalsy();
  expect(published.publishedBy).toBeTruthy();

  // Changing the version in force warns first: it prices existing orders.
  const current = versionEditor(page, '1');
  // Its unit price 1200 (line 7 of the saved text) becomes 1300: +$1.00 × 14 back boxes.
  await current.monaco.click();
  await page.keyboard.press('Control+Home');
  for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('End');
  for (let i = 0; i < 4; i++) await page.keyboard.press('Backspace');
  await page.keyboard.insertText('1300');
  await expect(current.section).toHaveAttribute('data-look', 'unsaved');
  await current.section.getByRole('button', { name: 'Save' }).click();
  const warning = page.getByTestId('save-impact');
  await expect(warning).toBeVisible();
  await expect(warning).toContainText('This version prices 1 existing order now');
  await expect(warning).toContainText('+$14.00');
  await expect(warning).toContainText('version dated in the future');
  await snap(page, 'admin-pricing-warning');
  await warning.getByRole('button', { name: 'Cancel' }).click();
  await expect(warning).toBeHidden();
  await expect(current.section).toHaveAttribute('data-look', 'unsaved');

  // Valid JSON that the pricing schema refuses (props are closed): Monaco marks it inline.
  await current.monaco.click();
  await page.keyboard.press('Control+Home');
  for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('End');
  await expect(current.section.locator('.squiggly-warning, .squiggly-error')).toHaveCount(0);
  await page.keyboard.insertText(', "bogus": 1');
  await expect(current.section).toHaveAttribute('data-look', 'unsaved');
  await expect(current.section.locator('.squiggly-warning, .squiggly-error').first()).toBeVisible();
  await snap(page, 'admin-pricing-schema');

  // Delete the added version again (the other journeys price with the demo rules): asked first.
  await section.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm).toContainText('Are you sure you want to delete this pricing rule version?');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(section).toBeHidden();
  expect(Object.keys((await ruleNow(page)).versions).sort()).toEqual(['1', '2']);

  // The editor and JSON workers came from the admin remote itself.
  expect(workers.length).toBeGreaterThanOrEqual(1);
  for (const url of workers) expect(url).toMatch(/\/remotes\/mfe-admin\/[0-9a-f.]+\.js$/);
  expect(errors.filter((e) => !/favicon/i.test(e))).toEqual([]);
});

test('the pricing rule pages have no serious accessibility violation', async ({ page }) => {
  await signIn(page, 'owner-850@demo.test');
  await page.goto('/admin/product-pricing-rules');
  await expect(page.getByRole('link', { name: 'Stocked items' })).toBeVisible();
  const check = async (name: string) => {
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${name}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  };
  await check('list');
  await snap(page, 'admin-pricing-list');
  await page.goto(`/admin/product-pricing-rules/${RULE}`);
  await expect(versionEditor(page, '1').monaco).toBeVisible();
  await page.getByTestId('version-1').getByRole('button', { name: 'Test bench' }).click();
  await expect(page.getByTestId('test-bench').getByRole('combobox', { name: /^Order/ })).toBeVisible();
  await check('detail with test bench');
});
