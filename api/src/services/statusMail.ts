import type { Mailer } from '../adapters/mail/index.ts';
import type { Repos } from '../db/repository.ts';
import type { ProductOrderRow } from '../db/rows.ts';
import { isEmployeeRole, type Role } from '@cpq/domain';
import { orgAccessData } from '../policy.ts';
import { splitEmails } from './orderWrites.ts';

/**
 * Mail about an order's status (docs/decisions/0043-status-mail.md): to the organisation on submit
 * and on a status-update request; to the customer on approval, requested changes, status changes
 * (unless the employee chose not to notify) and payments. Sent after the change is committed; a mail
 * that fails is logged and never undoes the change.
 */
export interface StatusMailDeps {
  repos: Repos;
  mailer: Mailer;
  /** The portal's address in links, e.g. https://portal.example.com. */
  publicUrl: string;
  logError: (err: unknown) => void;
}

export type StatusMail =
  | { kind: 'submitted' }
  | { kind: 'approved' }
  | { kind: 'requiresChanges'; feedbackNotes: string }
  | { kind: 'reopened'; reason: string }
  | { kind: 'statusChanged'; statusTitle: string }
  | { kind: 'statusUpdateRequested'; requestedBy: string }
  | { kind: 'paymentReceived'; amountInCents: number }
  | { kind: 'cancelled' };

const money = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The organisation's people for order mail: its owners, and the orders contact address when it has one. */
async function organisationRecipients(repos: Repos, orgId: number): Promise<string[]> {
  const owners = await repos.memberships.find({ orgId, role: 'owner' }, { columns: ['userId'] });
  const users = owners.length ? await repos.users.find({ id: owners.map((o) => o.userId as number) }, { columns: ['email'] }) : [];
  const org = await repos.organisations.findOne({ id: orgId });
  const contact = (org?.appData as { designEngine?: { ordersContactEmail?: string } } | undefined)?.designEngine?.ordersContactEmail;
  return [...new Set([...(contact ? [contact] : []), ...users.map((u) => u.email as string)])];
}

/** The customer: the order's owner and the order's contact emails. */
async function customerRecipients(repos: Repos, order: ProductOrderRow): Promise<string[]> {
  const owner = await repos.users.findOne({ id: order.userId });
  const listed = Array.isArray(order.clientEmails) ? (order.clientEmails as string[]) : typeof order.clientEmails === 'string' ? splitEmails(order.clientEmails) : [];
  return [...new Set([...(owner?.email ? [owner.email as string] : []), ...listed.map((e) => e.trim()).filter(Boolean)])];
}

/** The mail as written for a reader who sees no prices: without any amount. */
type ComposedMail = StatusMail | { kind: 'paymentReceivedNoAmount' };
const withoutAmounts = (mail: StatusMail): ComposedMail => (mail.kind === 'paymentReceived' ? { kind: 'paymentReceivedNoAmount' } : mail);

/**
 * Recipients from whom prices are hidden in the organisation (docs/decisions/0070-hidden-prices-per-person.md):
 * an address of a guest whose prices the organisation or any order hides gets no amount by mail either.
 */
async function priceHiddenRecipients(repos: Repos, orgId: number, emails: readonly string[]): Promise<Set<string>> {
  const hidden = new Set<string>();
  if (!emails.length) return hidden;
  const users = await repos.users.find({ email: [...emails] }, { columns: ['id', 'email'] });
  for (const u of users) {
    const m = await repos.memberships.findOne({ orgId, userId: u.id });
    if (!m || isEmployeeRole(m.role as Role)) continue;
    if ((await orgAccessData(repos, orgId, u.id as number, m.accessData)).pricingIsHidden) hidden.add(u.email as string);
  }
  return hidden;
}

function compose(mail: ComposedMail, order: ProductOrderRow, orgTitle: string, link: string): { toOrganisation: boolean; subject: string; text: string } {
  const ref = `#${order.orgSpecificId} “${order.title}”`;
  const footer = `\n\nOpen the order: ${link}\n`;
  switch (mail.kind) {
    case 'submitted':
      return { toOrganisation: true, subject: `Order ${ref} submitted for review`, text: `Order ${ref} has been submitted and is waiting for your review.${footer}` };
    case 'statusUpdateRequested':
      return { toOrganisation: true, subject: `Status update requested for order ${ref}`, text: `${mail.requestedBy} asked for an update on order ${ref}.${footer}` };
    case 'approved':
      return { toOrganisation: false, subject: `Your order ${ref} has been approved`, text: `${orgTitle} approved your order ${ref}.${footer}` };
    case 'requiresChanges':
      return { toOrganisation: false, subject: `Your order ${ref} requires changes`, text: `${orgTitle} reviewed your order ${ref} and asks for changes:\n\n${mail.feedbackNotes}${footer}` };
    case 'reopened':
      return { toOrganisation: false, subject: `Your order ${ref} is open for changes`, text: `${orgTitle} reopened your order ${ref} for changes:\n\n${mail.reason}\n\nWhat you have paid stays on the order; a change to its total is settled at the next payment.${footer}` };
    case 'statusChanged':
      return { toOrganisation: false, subject: `Order ${ref}: ${mail.statusTitle}`, text: `Your order ${ref} is now at “${mail.statusTitle}”.${footer}` };
    case 'paymentReceived':
      return { toOrganisation: false, subject: `Payment received for order ${ref}`, text: `We received your payment of ${money(mail.amountInCents)} for order ${ref}. Thank you.${footer}` };
    case 'paymentReceivedNoAmount':
      return { toOrganisation: false, subject: `Payment received for order ${ref}`, text: `We received a payment for order ${ref}. Thank you.${footer}` };
    case 'cancelled':
      return { toOrganisation: true, subject: `Order ${ref} cancelled`, text: `Order ${ref} was cancelled and is back at its first step.${footer}` };
  }
}

export async function sendStatusMail(deps: StatusMailDeps, order: ProductOrderRow, orgTitle: string, mail: StatusMail): Promise<void> {
  try {
    const link = `${deps.publicUrl.replace(/\/$/, '')}/orders/${order.orgSpecificId}`;
    const m = compose(mail, order, orgTitle, link);
    const to = m.toOrganisation ? await organisationRecipients(deps.repos, order.orgId) : await customerRecipients(deps.repos, order);
    if (!to.length) return;
    const hidden = m.toOrganisation || mail.kind !== 'paymentReceived' ? new Set<string>() : await priceHiddenRecipients(deps.repos, order.orgId, to);
    const priced = to.filter((e) => !hidden.has(e));
    if (priced.length) await deps.mailer.send({ to: priced, subject: m.subject, text: m.text });
    if (hidden.size) {
      const plain = compose(withoutAmounts(mail), order, orgTitle, link);
      await deps.mailer.send({ to: [...hidden], subject: plain.subject, text: plain.text });
    }
  } catch (err) {
    deps.logError(err);
  }
}
