import { expect, test, type Page } from '@playwright/test';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { signIn, snap } from './helpers.ts';

/**
 * Guests and user groups as an owner lives them, and the invited guest's way in: the owner invites a
 * new address, sets a 10% discount and Sales Tax Disabled; the invitation mail's link lets the guest
 * choose a password and land on the home page; the owner puts the guest in a new user group, then
 * disinvites them; a member is refused the guests page. Mail goes to the outbox folder
 * (MAIL_OUTBOX_DIR, given to this run as E2E_MAIL_OUTBOX_DIR).
 */
const OUTBOX = process.env.E2E_MAIL_OUTBOX_DIR;

async function invitationTo(email: string): Promise<string> {
  const names = (await readdir(OUTBOX!).catch(() => [] as string[])).filter((n) => n.endsWith('.json') && !n.startsWith('.')).sort();
  for (const n of names.reverse()) {
    const m = JSON.parse(await readFile(path.join(OUTBOX!, n), 'utf8')) as { to: string[] | string; text: string };
    if (![m.to].flat().includes(email)) continue;
    const link = /\/invitation\?token=[A-Za-z0-9_-]+/.exec(m.text)?.[0];
    if (link) return link;
  }
  throw new Error(`No invitation link mailed to ${email}`);
}

const rowOf = (page: Page, email: string) => page.getByTestId('guest-row').filter({ hasText: email });

test('an owner invites a guest, who sets a password and signs in; groups, disinvite, and a member is refused', async ({ browser }) => {
  expect(OUTBOX, 'E2E_MAIL_OUTBOX_DIR names the outbox folder the server writes to').toBeTruthy();
  const email = `e2e-guest-${Date.now()}@example.test`;

  const owner = await (await browser.newContext()).newPage();
  await signIn(owner, 'owner-850@demo.test');
  await owner.goto('/admin/guests');
  await expect(owner.getByRole('heading', { name: 'Guests', level: 1 })).toBeVisible();
  await expect(owner.getByTestId('guests-table').getByRole('columnheader')).toHaveText(['Email', 'First Name', 'Last Name', 'Discount (%)', 'Sales Tax', 'Date Added', 'Actions']);

  // 1. Invite: the new guest joins the table.
  await owner.getByTestId('invite-form').getByLabel('Email').fill(email);
  await owner.getByRole('button', { name: 'Invite guest', exact: true }).click();
  await expect(owner.getByText(`Invitation sent to ${email}.`)).toBeVisible();
  const row = rowOf(owner, email);
  await expect(row).toBeVisible();

  // 2. 10% discount and Sales Tax Disabled, kept after a reload.
  await row.getByLabel(`Discount (%) of ${email}`).fill('10');
  await row.getByLabel(`Discount (%) of ${email}`).press('Enter');
  await expect(row.getByRole('status')).toHaveCount(0);
  await row.getByLabel(`Sales Tax of ${email}`).selectOption('Disabled');
  await expect(row.getByRole('status')).toHaveCount(0);
  await snap(owner, 'admin-guests-invited');
  await owner.reload();
  await expect(rowOf(owner, email).getByLabel(`Discount (%) of ${email}`)).toHaveValue('10');
  await expect(rowOf(owner, email).getByLabel(`Sales Tax of ${email}`)).toHaveValue('Disabled');

  // 3. The mail's link: the guest chooses a password and lands on the home page.
  const link = await invitationTo(email);
  const guest = await (await browser.newContext()).newPage();
  await guest.goto(link);
  await expect(guest.getByRole('heading', { name: 'Set your password' })).toBeVisible();
  await expect(guest).toHaveURL(/\/invitation$/);
  // Branded for the organisation that invites (decision 0095).
  await expect(guest.getByRole('img', { name: 'Lumen & Brass' })).toBeVisible();
  await expect(guest).toHaveTitle('Set your password · Lumen & Brass');
  await snap(guest, 'admin-guests-set-password');
  await guest.getByLabel('New password').fill('a good password');
  await guest.getByLabel('Repeat the password').fill('a good password');
  await guest.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(guest.getByTestId('app-header')).toBeVisible();
  await expect(guest).toHaveURL(/\/$/);
  await snap(guest, 'admin-guests-guest-home');
  // The link works once.
  const again = await (await browser.newContext()).newPage();
  await again.goto(link);
  await expect(again.getByRole('heading', { name: 'This invitation link cannot be used' })).toBeVisible();
  await expect(again.getByRole('link', { name: 'Sign in' })).toBeVisible();

  // 4. A user group with the guest in it, found by part of the address.
  const group = `E2E group ${Date.now()}`;
  await owner.goto('/admin/user-groups');
  await owner.getByLabel('Title').fill(group);
  await owner.getByRole('button', { name: 'Create group' }).click();
  const card = owner.getByTestId('user-group').filter({ has: owner.getByRole('heading', { name: group }) });
  await expect(card).toBeVisible();
  const search = card.getByRole('combobox', { name: `Add a guest to ${group}` });
  await search.fill(email.slice(4).toUpperCase()); // a part of the address, in another case
  await expect(owner.getByRole('option', { name: email })).toBeVisible();
  await search.press('ArrowDown');
  await search.press('Enter');
  await expect(card.getByRole('list', { name: `Members of ${group}` })).toContainText(email);
  await snap(owner, 'admin-user-groups');

  // 5. Disinvite: declining keeps the guest; confirming removes them from the table and the group.
  await owner.goto('/admin/guests');
  await rowOf(owner, email).getByRole('button', { name: `Disinvite ${email}` }).click();
  await expect(owner.getByTestId('confirm-dialog')).toContainText('Are you sure you want to disinvite this guest?');
  await owner.getByTestId('confirm-dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(rowOf(owner, email)).toBeVisible();
  await rowOf(owner, email).getByRole('button', { name: `Disinvite ${email}` }).click();
  await owner.getByTestId('confirm-dialog').getByRole('button', { name: 'Disinvite' }).click();
  await expect(rowOf(owner, email)).toHaveCount(0);
  await owner.goto('/admin/user-groups');
  await expect(owner.getByTestId('user-group').filter({ has: owner.getByRole('heading', { name: group }) })).toContainText('No members yet.');

  // 6. A member is refused the guests page.
  const member = await (await browser.newContext()).newPage();
  await signIn(member, 'member-850@demo.test');
  await member.goto('/admin/guests');
  await expect(member.getByText("You don't have proper permissions to view this page.")).toBeVisible();
  await expect(member.getByTestId('guests-screen')).toHaveCount(0);
  await snap(member, 'admin-guests-member-refused');
});

test('inviting an address that is not one is refused with a sentence written for people, and nothing is sent', async ({ page }) => {
  await signIn(page, 'owner-850@demo.test');
  await page.goto('/admin/guests');
  const form = page.getByTestId('invite-form');
  await form.getByLabel('Email').fill('not an email');
  await form.getByRole('button', { name: 'Invite guest', exact: true }).click();
  // The API's sentence (decision 0090), not ajv's 'email must match format "email"'.
  await expect(form.getByRole('alert')).toHaveText('Enter an email address like name@example.com.');
  await expect(form.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('guest-row').filter({ hasText: 'not an email' })).toHaveCount(0);
  await snap(page, 'admin-guests-invite-refused');
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, 'admin-guests-invite-refused-phone');
});
