import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCEPTANCE_REFUSALS,
  PAYMENT_NEEDS_ACCEPTANCE,
  revisionDiff,
  revisionDiffLines,
  type OrderRevisionResponse,
  type OrderRevisionsResponse,
  type OrderStatusEvent,
  type QuoteAcceptance,
} from '@cpq/domain';
import { Client, CONTACT, databases, startSignedIn, type TestApp } from './helpers.ts';
import { ITEM_UPDATE, ORDER_UPDATE } from './paths.ts';
import { pricesIn } from './prices.ts';
import type { RecordingPdfRenderer } from './pdfFake.ts';
import { RESTORE_REFUSALS } from '../src/services/revisions.ts';

const C = '/api/configurator';
const P = `${C}/product-order`;
const money = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * Quote revisions and online acceptance (decision 0122), on both databases, on 850's demo order #2
 * "Maple Street Renovation" (guest-850's, submitted for approval, revision 1 seeded): expectations are
 * written from the rules (what was changed, the refusal sentences), the prices read from the stored rows.
 */
describe.each(databases)('quote revisions and acceptance on $name', (dbCase) => {
  let t: TestApp, owner: Client, member: Client, guest: Client;
  let orderId: number;
  beforeAll(async () => {
    ({ t, owner, member, guest } = await startSignedIn(dbCase, 850, ['owner', 'member', 'guest']));
    orderId = (await t.repos.productOrders.findOne({ orgId: 850, orgSpecificId: 2 }))!.id;
  });
  afterAll(async () => t?.close());

  const revisions = async (c: Client = owner) => {
    const res = await c.post(`${P}/revisions`, { productOrderId: orderId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as OrderRevisionsResponse;
  };
  const revision = async (n: number, c: Client = owner) => {
    const res = await c.post(`${P}/revision`, { productOrderId: orderId, revisionNumber: n });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as OrderRevisionResponse;
  };
  const timeline = async () => (await owner.post(`${C}/get-order-status-events`, { productOrderId: orderId })).body.data as OrderStatusEvent[];
  const order = async () => (await t.repos.productOrders.findOne({ id: orderId }))!;
  const firstItem = async () => (await t.repos.productInstances.find({ productOrderId: orderId }, { orderBy: ['rank', 'id'] }))[0]!;
  const accept = (c: Client, n: number, fullName = 'Priya Raman') => c.post(`${P}/accept-quote`, { productOrderId: orderId, revisionNumber: n, fullName, termsAccepted: true });

  it('submitted → changes requested → resubmitted: revision 2 holds exactly the changed finish and its price', async () => {
    expect((await revisions()).revisions.map((r) => [r.number, r.reason])).toEqual([[1, 'submitted']]);
    const before = await firstItem();
    expect((before.properties as Record<string, { optionId: number }>)['12']).toEqual({ optionId: 218 }); // Plate Finish: Brushed Steel

    expect((await owner.post(`${P}/action-required`, { productOrderId: orderId, feedbackNotes: 'Matte black, please.' })).status).toBe(200);
    // Sending back freezes nothing: revision 1 is what was submitted.
    expect((await order()).quoteRevision).toBe(1);
    const edited = await guest.post(ITEM_UPDATE, { where: { id: before.id }, props: { properties: { ...(before.properties as object), '12': { optionId: 219 } } } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    // The customer's page: the order now differs from revision 1.
    const draft = await revisions(guest);
    expect(draft.changedSinceLatest).toBe(true);
    expect((await guest.post(ORDER_UPDATE, { where: { id: orderId }, props: CONTACT })).status).toBe(200);
    expect((await guest.post(`${C}/submit-order`, { productOrderId: orderId })).status).toBe(200);

    const after = await firstItem();
    const list = await revisions();
    expect(list.revisions.map((r) => [r.number, r.reason])).toEqual([
      [2, 'submitted'],
      [1, 'submitted'],
    ]);
    expect(list.changedSinceLatest).toBe(false);
    const two = await revision(2);
    const lines = revisionDiffLines(revisionDiff(two.previous!, two.side)).filter((l) => l.startsWith('Hallway:'));
    const priceLines =
      Number(before.unitPriceInCents) === Number(after.unitPriceInCents)
        ? []
        : [`Hallway: Unit price: ${money(Number(before.unitPriceInCents))} → ${money(Number(after.unitPriceInCents))}`, `Hallway: Line total: ${money(Number(before.totalPriceInCents))} → ${money(Number(after.totalPriceInCents))}`];
    expect(lines).toEqual(['Hallway: Plate Finish: Brushed Steel → Matte Black', ...priceLines]);
    // The printed details the customer changed before submitting again are in the diff too (the
    // delivery address); the contact details that do not print (phone, emails, company) are not.
    const all = revisionDiffLines(revisionDiff(two.previous!, two.side));
    expect(all).toContain('Delivery address: 101 Harbour Road, Portland, ME 04101, US → 12 Maple Street, Portland, ME 04101, US');
    expect(all.filter((l) => /^(Company|Phone|Contact emails):/.test(l))).toEqual([]);
    // The timeline's submission line carries the revision and the same words.
    const submit = (await timeline()).filter((e) => e.action === 'submit').at(-1)!;
    expect(submit.revisionNumber).toBe(2);
    expect(submit.changes).toContain('Hallway: Plate Finish: Brushed Steel → Matte Black');
  });

  it('an earlier revision stays as it was: its order data and catalogue are those of then', async () => {
    const one = await revision(1);
    const item = (one.orderData.productInstances as Array<{ properties: Record<string, { optionId: number }> }>)[0]!;
    expect(item.properties['12']).toEqual({ optionId: 218 });
    expect(one.orderData.productOrders[0]!.quoteRevision).toBe(1);
    expect(one.catalogue.productOptions.some((o) => o.id === 218 && o.title === 'Brushed Steel')).toBe(true);
    // A catalogue change later does not reach it.
    await owner.post('/api/resources/productOptions/update', { where: { id: 218 }, props: { title: 'Brushed Steel (2027)' } });
    expect((await revision(1)).catalogue.productOptions.find((o) => o.id === 218)!.title).toBe('Brushed Steel');
    expect((await revision(1)).side.items[0]!.options).toContainEqual({ property: 'Plate Finish', value: 'Brushed Steel' });
    await owner.post('/api/resources/productOptions/update', { where: { id: 218 }, props: { title: 'Brushed Steel' } });
    // Bad input: a clear 400; a revision that does not exist: 404 in words.
    expect((await owner.post(`${P}/revision`, { productOrderId: orderId, revisionNumber: 0 })).status).toBe(400);
    const missing = await owner.post(`${P}/revision`, { productOrderId: orderId, revisionNumber: 7 });
    expect([missing.status, missing.body.error.message]).toEqual([404, 'This order has no revision 7.']);
  });

  it('acceptance: refused before approval, by staff, on an older revision; ten at once make one acceptance', async () => {
    const n = (await order()).quoteRevision as number;
    const early = await accept(guest, n);
    expect([early.status, early.body.error?.message]).toEqual([409, ACCEPTANCE_REFUSALS.notApproved]);
    expect((await owner.post(`${C}/approve-order`, { productOrderId: orderId })).status).toBe(200);
    // Approved as submitted: no new revision.
    expect((await order()).quoteRevision).toBe(n);
    const staff = await accept(member, n);
    expect([staff.status, staff.body.error?.message]).toEqual([403, ACCEPTANCE_REFUSALS.notCustomer]);
    const old = await accept(guest, n - 1);
    expect([old.status, old.body.error?.message]).toEqual([409, ACCEPTANCE_REFUSALS.staleRevision(n - 1, n)]);
    expect((await guest.post(`${P}/accept-quote`, { productOrderId: orderId, revisionNumber: n, fullName: '  ', termsAccepted: true })).status).toBe(400);
    expect((await guest.post(`${P}/accept-quote`, { productOrderId: orderId, revisionNumber: n, fullName: 'Priya Raman', termsAccepted: false })).status).toBe(400);
    expect(await t.db('quote_acceptances').where({ product_order_id: orderId })).toHaveLength(0);

    const pdf = t.app.pdf as RecordingPdfRenderer;
    const jobsBefore = pdf.jobs.length;
    const results = await Promise.all(Array.from({ length: 10 }, () => accept(guest, n, '  Priya   Raman ')));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    const accepted = results[0]!.body.data as QuoteAcceptance;
    expect(results.every((r) => JSON.stringify(r.body.data) === JSON.stringify(accepted))).toBe(true);
    expect(await t.db('quote_acceptances').where({ product_order_id: orderId })).toHaveLength(1);
    expect((await timeline()).filter((e) => e.action === 'acceptQuote')).toHaveLength(1);
    expect(accepted).toMatchObject({ revisionNumber: n, fullName: 'Priya Raman', ipAddress: '127.0.0.1' });
    // The hash is of the quote PDF printed for this revision, as the customer sees it.
    const job = pdf.jobs.slice(jobsBefore).find((j) => j.url.includes(`revision=${n}`))!;
    expect(new URL(job.url).searchParams.get('mode')).toBe('quote');
    expect(accepted.pdfSha256).toBe(createHash('sha256').update(Buffer.from('%PDF-1.4\n%recorded\n%%EOF\n')).digest('hex'));
    expect((await order()).acceptedRevision).toBe(n);
    // Staff see it, without being able to accept it themselves.
    expect((await revisions()).revisions[0]!.acceptance).toMatchObject({ fullName: 'Priya Raman', ipAddress: '127.0.0.1' });
  });

  it('payment waits for acceptance where the organisation asks; a change after acceptance needs a new one', async () => {
    const setting = await owner.post(`${P}/quote-acceptance-setting`, { orgId: 850, acceptanceRequiredBeforePayment: true });
    expect(setting.body.data.acceptanceRequiredBeforePayment).toBe(true);
    expect((await member.post(`${P}/quote-acceptance-setting`, { orgId: 850, acceptanceRequiredBeforePayment: false })).status).toBe(403);
    const pay = () => guest.post(`${C}/create-stripe-payment-intent`, { productOrderId: orderId, isCardPayment: true, paymentEnvironment: 'live', payInFull: false });
    const accepted = await pay();
    expect(accepted.body.error?.message ?? '').not.toBe(PAYMENT_NEEDS_ACCEPTANCE);

    // Staff change a printed detail of the approved quote: a new revision, no longer accepted.
    const n = (await order()).quoteRevision as number;
    expect((await owner.post(ORDER_UPDATE, { where: { id: orderId }, props: { purchaseOrderNumber: 'PO-2207' } })).status).toBe(200);
    expect((await order()).quoteRevision).toBe(n + 1);
    const amend = (await timeline()).filter((e) => e.action === 'amendRevision').at(-1)!;
    expect([amend.revisionNumber, amend.changes]).toEqual([n + 1, ['PO #: none → PO-2207']]);
    expect((await revisions()).revisions[0]!.reason).toBe('amended');

    const refused = await pay();
    expect([refused.status, refused.body.error?.message]).toEqual([409, PAYMENT_NEEDS_ACCEPTANCE]);
    const stale = await accept(guest, n);
    expect([stale.status, stale.body.error?.message]).toEqual([409, ACCEPTANCE_REFUSALS.staleRevision(n, n + 1)]);
    expect((await accept(guest, n + 1)).status).toBe(200);
    expect((await pay()).body.error?.message ?? '').not.toBe(PAYMENT_NEEDS_ACCEPTANCE);
    await owner.post(`${P}/quote-acceptance-setting`, { orgId: 850, acceptanceRequiredBeforePayment: false });
  });

  it('reopen freezes a revision; staff restore an earlier one as a new revision (ten at once: one), nothing deleted', async () => {
    const locked = await owner.post(`${P}/restore-revision`, { productOrderId: orderId, revisionNumber: 1 });
    expect([locked.status, locked.body.error?.message]).toEqual([409, RESTORE_REFUSALS.locked]);
    const reopened = await owner.post(`${P}/reopen`, { productOrderId: orderId, reason: 'Back to the first finish.' });
    expect(reopened.status, JSON.stringify(reopened.body)).toBe(200);
    const n = (await order()).quoteRevision as number;
    expect((await revisions()).revisions[0]).toMatchObject({ number: n, reason: 'reopened' });
    expect((await order()).acceptedRevision).not.toBe(n);
    expect((await guest.post(`${P}/restore-revision`, { productOrderId: orderId, revisionNumber: 1 })).status).toBe(403);

    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? member : owner).post(`${P}/restore-revision`, { productOrderId: orderId, revisionNumber: 1 })));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(new Set(results.map((r) => r.body.data.revisionNumber))).toEqual(new Set([n + 1]));
    const list = await revisions();
    expect(list.revisions.map((r) => [r.number, r.reason, r.restoredFrom])).toEqual(
      expect.arrayContaining([[n + 1, 'restored', 1]]),
    );
    expect(list.revisions).toHaveLength(n + 1);
    // The order holds revision 1's items again (priced now): the finish is back to Brushed Steel.
    const restored = await firstItem();
    expect((restored.properties as Record<string, { optionId: number }>)['12']).toEqual({ optionId: 218 });
    const diff = revisionDiff((await revision(1)).side, (await revision(n + 1)).side);
    expect(diff.items.flatMap((i) => i.lines.filter((l) => l.kind === 'option'))).toEqual([]);
    // Every earlier revision is still there and unchanged.
    expect((await revision(2)).side.items[0]!.options).toContainEqual({ property: 'Plate Finish', value: 'Matte Black' });
    const restoreLine = (await timeline()).filter((e) => e.action === 'restoreRevision');
    expect(restoreLine).toHaveLength(1);
    expect(restoreLine[0]).toMatchObject({ revisionNumber: n + 1, note: 'Restored from revision 1' });
    expect(restoreLine[0]!.changes).toContain('Hallway: Plate Finish: Matte Black → Brushed Steel');
  });

  it('a reader whose prices are hidden reads revisions and their diff without any amount', async () => {
    const guestUser = (await t.repos.users.findOne({ email: 'guest-850@demo.test' }))!;
    await t.repos.guests.update({ orgId: 850, userId: guestUser.id }, { pricingIsHidden: 1 });
    try {
      const hidden = await guest.post(`${P}/revisions`, { productOrderId: orderId });
      expect(hidden.status).toBe(200);
      expect(pricesIn(hidden.body)).toEqual([]);
      const two = await guest.post(`${P}/revision`, { productOrderId: orderId, revisionNumber: 2 });
      expect(two.status).toBe(200);
      expect(pricesIn(two.body)).toEqual([]);
      const data = two.body.data as OrderRevisionResponse;
      expect(revisionDiffLines(revisionDiff(data.previous!, data.side)).filter((l) => l.startsWith('Hallway:'))).toEqual(['Hallway: Plate Finish: Brushed Steel → Matte Black']);
      // Accepting needs prices seen.
      const refused = await accept(guest, (await order()).quoteRevision as number);
      expect([refused.status, refused.body.error?.message]).toEqual([403, ACCEPTANCE_REFUSALS.pricesHidden]);
    } finally {
      await t.repos.guests.update({ orgId: 850, userId: guestUser.id }, { pricingIsHidden: 0 });
    }
    // Another organisation's owner reaches nothing.
    const other = await t.as('owner-1053@demo.test');
    expect((await other.post(`${P}/revisions`, { productOrderId: orderId })).status).toBe(404);
  });
});
