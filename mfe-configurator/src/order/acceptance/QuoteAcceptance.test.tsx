// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { api, ApiRequestError, type OrderData } from '@cpq/client';
import { ACCEPTANCE_REFUSALS, PAYMENT_NEEDS_ACCEPTANCE, type OrderRevisionsResponse, type QuoteAcceptance } from '@cpq/domain';
import { defaultAnswers } from '../status/apiMock.test-utils.ts';
import { reached, showStatus, statusOrder } from '../status/harness.test-utils.tsx';

vi.mock('@cpq/client', async (importOriginal) => {
  const mocked = (await import('../status/apiMock.test-utils.ts')).mockClient(await importOriginal<typeof import('@cpq/client')>());
  // The acceptance calls, besides the status views' own.
  return { ...mocked, api: { ...mocked.api, getOrderRevisions: vi.fn(), acceptQuote: vi.fn() } };
});

const AT = '2026-03-04 15:06:00';
/** AT as the page shows it: the organisation names no locale or zone, so en-US date and short time in the reader's zone (decision 0089). */
function inReadersZone(): string {
  const at = new Date(Date.UTC(2026, 2, 4, 15, 6));
  return `${at.getMonth() + 1}/${at.getDate()}/${at.getFullYear()}, ${at.getHours() % 12 || 12}:${String(at.getMinutes()).padStart(2, '0')} ${at.getHours() < 12 ? 'AM' : 'PM'}`;
}

const acceptance = (n: number, fields: Partial<QuoteAcceptance> = {}): QuoteAcceptance => ({
  revisionNumber: n,
  fullName: 'Grace Guest',
  userId: 1,
  userName: 'Grace',
  at: AT,
  ipAddress: '127.0.0.1',
  pdfSha256: 'ab'.repeat(32),
  terms: ['Prices are valid for 30 days.'],
  ...fields,
});

function revisions(fields: { accepted?: QuoteAcceptance; latest?: number; required?: boolean } = {}): OrderRevisionsResponse {
  const latest = fields.latest ?? 1;
  return {
    revisions: Array.from({ length: latest }, (_, i) => latest - i).map((number) => ({
      number,
      reason: 'submitted' as const,
      restoredFrom: null,
      at: '2026-03-01 10:00:00',
      userName: 'Grace',
      orderTotalInCents: 100000,
      itemCount: 1,
      acceptance: fields.accepted?.revisionNumber === number ? fields.accepted : null,
    })),
    current: { items: [], details: [] },
    changedSinceLatest: false,
    acceptanceRequiredBeforePayment: fields.required ?? false,
    acceptanceTerms: ['Prices are valid for 30 days.', 'Delivery dates are estimates.'],
  };
}

const m = api as unknown as { getOrderRevisions: ReturnType<typeof vi.fn>; acceptQuote: ReturnType<typeof vi.fn> };
beforeEach(() => {
  defaultAnswers(api);
  m.getOrderRevisions.mockResolvedValue(revisions());
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

/** Demo order #12 (id 7) at its deposit step: approved, its quote revision 1. */
const approved = (fields: Parameters<typeof statusOrder>[0] = {}) => statusOrder({ at: 'readyToPayDeposit', quoteRevision: 1, acceptedRevision: null, ...fields });
const card = () => screen.queryByTestId('accept-quote-card');
const acceptButton = () => screen.getByRole('button', { name: /Accept quote|Accepting…/ }) as HTMLButtonElement;

describe('the accept card: who sees it, and when', () => {
  it('is offered to the customer of an approved quote, with the quote to read, the terms, the name and the tick', async () => {
    showStatus({ role: 'guest', order: approved() });
    const box = await screen.findByTestId('accept-quote-card');
    expect(within(box).getByRole('heading').textContent).toBe('Accept your quote');
    expect(within(box).getByTestId('accept-lead').textContent).toBe('Read the quote of revision 1, then type your full name and accept it.');
    const link = within(box).getByRole('link', { name: 'Read the quote (revision 1)' });
    expect(link.getAttribute('href')).toBe('/orders/12/documents?mode=quote&revision=1');
    const terms = await within(box).findByTestId('acceptance-terms');
    expect(within(terms).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Prices are valid for 30 days.', 'Delivery dates are estimates.']);
    const name = within(box).getByLabelText('Full name') as HTMLInputElement;
    expect(name.required).toBe(true);
    expect(name.getAttribute('autocomplete')).toBe('name');
    expect(within(box).getByRole('checkbox', { name: 'I have read the quote and accept these terms.' })).toBeTruthy();
    expect(api.getOrderRevisions).toHaveBeenCalledWith({ productOrderId: 7 });
  });

  it('is not offered to staff, who read nothing until the customer accepts', async () => {
    showStatus({ role: 'owner', order: approved() });
    await screen.findByTestId('payment-panel');
    expect(card()).toBeNull();
    expect(api.getOrderRevisions).not.toHaveBeenCalled();
  });

  it('is not offered before approval, nor to a customer who does not see prices', async () => {
    showStatus({ role: 'guest', order: statusOrder({ at: 'submittedForApproval', quoteRevision: 1, acceptedRevision: null }) });
    await screen.findByTestId('submitted-view');
    expect(card()).toBeNull();
    cleanup();
    showStatus({ role: 'guest', order: approved(), pricingHidden: true });
    await screen.findByTestId('payment-pricing-hidden');
    expect(card()).toBeNull();
    expect(api.getOrderRevisions).not.toHaveBeenCalled();
  });

  it('gives way to the acceptance once the current quote is accepted: "You accepted…" for the customer, with the signed quote', async () => {
    m.getOrderRevisions.mockResolvedValue(revisions({ accepted: acceptance(1) }));
    showStatus({ role: 'guest', order: approved({ acceptedRevision: 1 }) });
    const text = await screen.findByTestId('acceptance-note-text');
    expect(text.textContent).toBe(`You accepted revision 1 on ${inReadersZone()} as Grace Guest.`);
    expect(screen.getByRole('link', { name: 'Download the signed quote' }).getAttribute('href')).toBe('/orders/12/documents?mode=quote&revision=1');
    expect(card()).toBeNull();
  });

  it('tells staff who accepted, with the name they typed', async () => {
    m.getOrderRevisions.mockResolvedValue(revisions({ accepted: acceptance(1, { userId: 44, fullName: 'Grace A. Guest' }) }));
    showStatus({ role: 'owner', order: approved({ acceptedRevision: 1 }) });
    expect((await screen.findByTestId('acceptance-note-text')).textContent).toBe(`The customer accepted revision 1 on ${inReadersZone()} (typed name: Grace A. Guest).`);
  });

  it('says when the acceptance could not be read, and reads it again on Retry', async () => {
    m.getOrderRevisions.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue(revisions({ accepted: acceptance(1) }));
    const { user } = showStatus({ role: 'owner', order: approved({ acceptedRevision: 1 }) });
    expect((await screen.findByTestId('acceptance-load-error')).textContent).toBe('The server could not be reached. Check your connection and try again.');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect((await screen.findByTestId('acceptance-note-text')).textContent).toContain('The customer accepted revision 1');
  });

  it('says when an earlier revision was accepted: staff read it alone, the customer above the card for the current one', async () => {
    m.getOrderRevisions.mockResolvedValue(revisions({ accepted: acceptance(1), latest: 2 }));
    const sentence = 'Revision 1 was accepted; the quote has changed since, so revision 2 needs a new acceptance.';
    showStatus({ role: 'owner', order: approved({ quoteRevision: 2, acceptedRevision: 1 }) });
    expect((await screen.findByTestId('acceptance-superseded')).textContent).toBe(sentence);
    expect(card()).toBeNull();
    cleanup();
    showStatus({ role: 'guest', order: approved({ quoteRevision: 2, acceptedRevision: 1 }) });
    const box = await screen.findByTestId('accept-quote-card');
    expect(within(box).getByTestId('acceptance-superseded').textContent).toBe(sentence);
    expect(within(box).getByTestId('accept-lead').textContent).toBe('Read the quote of revision 2, then type your full name and accept it.');
  });

  it('says why the terms could not be read, and reads them again on Retry', async () => {
    m.getOrderRevisions.mockRejectedValueOnce(new ApiRequestError(500, 'internal', 'The server failed.'));
    const { user } = showStatus({ role: 'guest', order: approved() });
    expect((await screen.findByTestId('acceptance-load-error')).textContent).toBe('The server failed.');
    await user.type(screen.getByLabelText('Full name'), 'Grace Guest');
    await user.click(screen.getByRole('checkbox'));
    // Nothing is accepted without the terms on screen.
    expect(acceptButton().disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByTestId('acceptance-terms');
    expect(acceptButton().disabled).toBe(false);
  });
});

describe('accepting', () => {
  async function ready() {
    const shown = showStatus({ role: 'guest', order: approved() });
    await screen.findByTestId('acceptance-terms');
    return shown;
  }

  it('waits for a name and the tick', async () => {
    const { user } = await ready();
    expect(acceptButton().disabled).toBe(true);
    await user.type(screen.getByLabelText('Full name'), '   ');
    await user.click(screen.getByRole('checkbox'));
    expect(acceptButton().disabled).toBe(true);
    await user.type(screen.getByLabelText('Full name'), 'Grace Guest');
    expect(acceptButton().disabled).toBe(false);
    await user.click(screen.getByRole('checkbox'));
    expect(acceptButton().disabled).toBe(true);
  });

  it('says it is recording while the server prints the quote, then the note replaces the card and takes the focus', async () => {
    let answer!: (a: QuoteAcceptance) => void;
    m.acceptQuote.mockReturnValue(new Promise<QuoteAcceptance>((r) => (answer = r)));
    const { user, current } = await ready();
    await user.type(screen.getByLabelText('Full name'), '  Grace Guest ');
    await user.click(screen.getByRole('checkbox'));
    await user.click(acceptButton());
    expect(acceptButton().textContent).toBe('Accepting…');
    expect(acceptButton().disabled).toBe(true);
    expect(screen.getByTestId('accept-progress').textContent).toBe('Recording your acceptance…');
    expect(screen.getByTestId('accept-progress').getAttribute('role')).toBe('status');
    expect(api.acceptQuote).toHaveBeenCalledWith({ productOrderId: 7, revisionNumber: 1, fullName: 'Grace Guest', termsAccepted: true });
    m.getOrderRevisions.mockResolvedValue(revisions({ accepted: acceptance(1) }));
    answer(acceptance(1));
    const note = await screen.findByTestId('acceptance-note');
    expect(within(note).getByTestId('acceptance-note-text').textContent).toBe(`You accepted revision 1 on ${inReadersZone()} as Grace Guest.`);
    expect(card()).toBeNull();
    expect(document.activeElement).toBe(note);
    expect(current().acceptedRevision).toBe(1);
  });

  it('shows a refusal as the server words it, and reads the revisions and the order again', async () => {
    const sentence = ACCEPTANCE_REFUSALS.staleRevision(1, 2);
    m.acceptQuote.mockRejectedValue(new ApiRequestError(409, 'conflict', sentence));
    vi.mocked(api.orderData).mockResolvedValue({ productOrders: [approved({ quoteRevision: 2, statusData: reached('readyToPayDeposit') })] } as unknown as OrderData);
    const { user, current } = await ready();
    m.getOrderRevisions.mockResolvedValue(revisions({ latest: 2 }));
    await user.type(screen.getByLabelText('Full name'), 'Grace Guest');
    await user.click(screen.getByRole('checkbox'));
    await user.click(acceptButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(sentence);
    await waitFor(() => expect(current().quoteRevision).toBe(2));
    expect(api.orderData).toHaveBeenCalledWith({ orgId: 850, productOrderOrgSpecificId: 12 });
    expect(m.getOrderRevisions.mock.calls.length).toBeGreaterThanOrEqual(2);
    // The card is now about revision 2, unticked: that quote has not been read yet.
    expect(screen.getByTestId('accept-lead').textContent).toBe('Read the quote of revision 2, then type your full name and accept it.');
    expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(false);
    expect(acceptButton().disabled).toBe(true);
    expect(card()).not.toBeNull();
  });
});

describe('payment waits for the acceptance where the organisation asks for it', () => {
  it('offers no payment to the customer until accepted: the sentence, and the card above it', async () => {
    m.getOrderRevisions.mockResolvedValue(revisions({ required: true }));
    showStatus({ role: 'guest', order: approved(), designEngine: { acceptanceRequiredBeforePayment: true } });
    const panel = await screen.findByTestId('payment-panel');
    expect(within(panel).getByTestId('payment-acceptance-message').textContent).toBe(PAYMENT_NEEDS_ACCEPTANCE);
    expect(within(panel).queryByTestId('payment-methods')).toBeNull();
    expect(within(panel).queryByTestId('payment-blocked')).toBeNull();
    expect(within(panel).queryByRole('button')).toBeNull();
    const box = screen.getByTestId('accept-quote-card');
    expect(box.compareDocumentPosition(panel) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await new Promise((r) => setTimeout(r, 20));
    expect(api.createStripePaymentIntent).not.toHaveBeenCalled();
  });

  it('asks for a missing contact detail first: it is printed on the quote, so adding it later would need a new acceptance', async () => {
    m.getOrderRevisions.mockResolvedValue(revisions({ required: true }));
    const { user, openSettings } = showStatus({ role: 'guest', order: approved({ phone: null }), designEngine: { acceptanceRequiredBeforePayment: true } });
    const panel = await screen.findByTestId('payment-panel');
    const sentences = within(panel).getAllByRole('alert').map((p) => p.textContent);
    expect(sentences).toEqual(['A valid, 10-digit contact phone number is required to proceed.', PAYMENT_NEEDS_ACCEPTANCE]);
    await user.click(within(panel).getByRole('button', { name: 'Edit Order Details' }));
    expect(openSettings).toHaveBeenCalledWith({ field: 'phone', message: 'A valid, 10-digit contact phone number is required to proceed.' });
    await new Promise((r) => setTimeout(r, 20));
    expect(api.createStripePaymentIntent).not.toHaveBeenCalled();
  });

  it('offers the payment as before once the quote is accepted', async () => {
    m.getOrderRevisions.mockResolvedValue(revisions({ required: true }));
    m.acceptQuote.mockResolvedValue(acceptance(1));
    const { user } = showStatus({ role: 'guest', order: approved(), designEngine: { acceptanceRequiredBeforePayment: true } });
    await screen.findByTestId('acceptance-terms');
    await user.type(screen.getByLabelText('Full name'), 'Grace Guest');
    await user.click(screen.getByRole('checkbox'));
    await user.click(acceptButton());
    await screen.findByTestId('acceptance-note');
    const panel = screen.getByTestId('payment-panel');
    expect(within(panel).queryByTestId('payment-awaits-acceptance')).toBeNull();
    expect(within(panel).getByTestId('payment-methods')).toBeTruthy();
  });

  it('offers the payment to a customer whose quote is already accepted, and to staff recording one', async () => {
    m.getOrderRevisions.mockResolvedValue(revisions({ required: true, accepted: acceptance(1) }));
    showStatus({ role: 'guest', order: approved({ acceptedRevision: 1 }), designEngine: { acceptanceRequiredBeforePayment: true } });
    await screen.findByTestId('acceptance-note');
    expect(screen.queryByTestId('payment-awaits-acceptance')).toBeNull();
    expect(screen.getByTestId('payment-methods')).toBeTruthy();
    cleanup();
    showStatus({ role: 'owner', order: approved(), designEngine: { acceptanceRequiredBeforePayment: true } });
    expect(await screen.findByTestId('payment-methods')).toBeTruthy();
    expect(screen.queryByTestId('payment-awaits-acceptance')).toBeNull();
  });

  it('does not hold the payment where the organisation does not ask', async () => {
    showStatus({ role: 'guest', order: approved() });
    await screen.findByTestId('acceptance-terms');
    expect(screen.queryByTestId('payment-awaits-acceptance')).toBeNull();
    expect(screen.getByTestId('payment-methods')).toBeTruthy();
  });
});
