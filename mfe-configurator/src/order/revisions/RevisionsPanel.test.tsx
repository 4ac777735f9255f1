// @vitest-environment jsdom
// The order page's revisions panel: the list, what changed in each, the quote link, what changed since
// the latest, and the restore dialog (decision 0122).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, ApiRequestError } from '@cpq/client';
import { localDateTime } from '../status/logic.ts';
import { RevisionsPanel, type RevisionsPanelProps } from './RevisionsPanel.tsx';
import { keypad, revisionAnswer, revisionsAnswer, side, summary } from './fixtures.test-utils.ts';
import { reasonWords } from './words.ts';

vi.mock('@cpq/client', async (importOriginal) => (await import('./fixtures.test-utils.ts')).mockRevisionClient(await importOriginal<typeof import('@cpq/client')>()));

configure({ asyncUtilTimeout: 4000 });

beforeEach(() => {
  vi.mocked(api.getOrderRevisions).mockResolvedValue(revisionsAnswer(THREE));
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

/** Submitted by the customer, reopened by staff, submitted again and accepted: newest first, as the server answers. */
const THREE = [
  summary(3, { at: '2026-11-05 09:00:00', userName: 'Gus Guest', orderTotalInCents: 124000, acceptance: { revisionNumber: 3, fullName: 'Gus Q. Guest', userId: 3, userName: 'Gus Guest', at: '2026-11-06 10:00:00', ipAddress: '127.0.0.1', pdfSha256: 'ab', terms: [] } }),
  summary(2, { reason: 'reopened', at: '2026-11-04 09:00:00', userName: 'Olivia Owner', orderTotalInCents: 100000 }),
  summary(1, { at: '2026-11-03 09:00:00', userName: 'Gus Guest', orderTotalInCents: 100000 }),
];

function show(over: Partial<RevisionsPanelProps> = {}) {
  const props: RevisionsPanelProps = {
    orderId: 7,
    orgSpecificId: 12,
    employee: true,
    wordingOrder: 'order',
    atFirstStep: true,
    atReview: false,
    isSpatial: false,
    expected: true,
    version: '0',
    settle: vi.fn(() => Promise.resolve(true)),
    onRestored: vi.fn(() => Promise.resolve()),
    ...over,
  };
  render(<RevisionsPanel {...props} />);
  return { props, user: userEvent.setup() };
}

const rows = () => screen.findAllByTestId('revision-row');

describe('the revisions list', () => {
  it('lists every revision newest first: its number, why, when, by whom, its total and its acceptance', async () => {
    show();
    const list = await rows();
    expect(api.getOrderRevisions).toHaveBeenCalledWith({ productOrderId: 7 });
    expect(list.map((r) => within(r).getByRole('heading', { level: 3 }).textContent)).toEqual(['Revision 3 Submitted', 'Revision 2 Reopened for changes', 'Revision 1 Submitted']);
    const [r3, r2] = list;
    expect(r2!.textContent).toContain(`${localDateTime('2026-11-04 09:00:00')} · by Olivia Owner`);
    expect(within(r3!).getByTestId('revision-total').textContent).toBe('$1,240.00');
    expect(within(r3!).getByTestId('revision-accepted').textContent).toContain('Accepted by Gus Q. Guest');
    expect(within(r2!).queryByTestId('revision-accepted')).toBeNull();
    expect(within(r2!).getByRole('link', { name: 'Open quote' }).getAttribute('href')).toBe('/orders/12/documents?mode=quote&revision=2');
  });

  it('shows no amount when prices are hidden (the server sends none)', async () => {
    vi.mocked(api.getOrderRevisions).mockResolvedValue(revisionsAnswer([summary(1, { orderTotalInCents: undefined })]));
    show({ employee: false });
    const [r1] = await rows();
    expect(within(r1!).queryByTestId('revision-total')).toBeNull();
    expect(r1!.textContent).not.toContain('$');
  });

  it('words every reason', () => {
    expect(reasonWords({ reason: 'submitted', restoredFrom: null })).toBe('Submitted');
    expect(reasonWords({ reason: 'reopened', restoredFrom: null })).toBe('Reopened for changes');
    expect(reasonWords({ reason: 'restored', restoredFrom: 2 })).toBe('Restored from revision 2');
    expect(reasonWords({ reason: 'approved', restoredFrom: null })).toBe('Changed by the approver before approval');
    expect(reasonWords({ reason: 'amended', restoredFrom: null })).toBe('Changed after approval');
    expect(reasonWords({ reason: 'kept', restoredFrom: null })).toBe('Draft kept before a restore');
  });

  it('is loading meanwhile, and shows a failure with a retry', async () => {
    let answer!: (v: ReturnType<typeof revisionsAnswer>) => void;
    vi.mocked(api.getOrderRevisions).mockReturnValueOnce(new Promise((r) => (answer = r)));
    show();
    expect(screen.getByTestId('revisions-loading').textContent).toBe('Loading revisions…');
    answer(revisionsAnswer(THREE));
    await rows();
    cleanup();
    vi.mocked(api.getOrderRevisions).mockRejectedValueOnce(new ApiRequestError(500, 'internal', 'The revisions are unavailable.'));
    const { user } = show();
    const failure = await screen.findByTestId('revisions-error');
    expect(failure.textContent).toContain('The revisions are unavailable.');
    await user.click(within(failure).getByRole('button', { name: 'Retry' }));
    expect(await rows()).toHaveLength(3);
  });

  it('draws nothing for an order without revisions, and nothing while reading when none were known', async () => {
    vi.mocked(api.getOrderRevisions).mockResolvedValue(revisionsAnswer([]));
    show({ expected: false });
    expect(screen.queryByTestId('revisions-panel')).toBeNull();
    await waitFor(() => expect(api.getOrderRevisions).toHaveBeenCalled());
    expect(screen.queryByTestId('revisions-panel')).toBeNull();
  });

  it('is read again when the order may have changed', async () => {
    const { props } = show();
    await rows();
    cleanup();
    render(<RevisionsPanel {...props} version="1" />);
    await rows();
    expect(api.getOrderRevisions).toHaveBeenCalledTimes(2);
  });
});

describe('what changed in a revision', () => {
  it('opens under its row: the diff between the revision and the one before', async () => {
    const before = side([keypad()]);
    const now = side([keypad({ quantity: 4, options: [{ property: 'Finish', value: 'Aged Bronze' }, { property: 'Plate', value: 'Small' }], unitPriceInCents: 10000, totalPriceInCents: 40000 })], {
      costs: [{ key: 'total', label: 'Total', text: '$400.00', cents: 40000 }],
    });
    vi.mocked(api.getOrderRevision).mockResolvedValue(revisionAnswer(3, now, before));
    const { user } = show();
    const [r3] = await rows();
    const button = within(r3!).getByRole('button', { name: 'What changed' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const region = document.getElementById(button.getAttribute('aria-controls')!)!;
    const lines = (await within(region).findAllByTestId('diff-line')).map((l) => l.textContent);
    expect(api.getOrderRevision).toHaveBeenCalledWith({ productOrderId: 7, revisionNumber: 3 });
    expect(within(region).getByTestId('diff-item-title').textContent).toBe('Kitchen keypad');
    expect(lines).toEqual(['Quantity: 2 → 4', 'Finish: Satin Brass → Aged Bronze', 'Line total: $200.00 → $400.00', 'Total: $200.00 → $400.00']);
    // Closed again, and opened once more without asking the server twice (a revision never changes).
    await user.click(button);
    expect(region.hidden).toBe(true);
    await user.click(button);
    await within(region).findAllByTestId('diff-line');
    expect(api.getOrderRevision).toHaveBeenCalledTimes(1);
  });

  it('says "First revision." for the first', async () => {
    vi.mocked(api.getOrderRevision).mockResolvedValue(revisionAnswer(1, side([keypad()]), null));
    const { user } = show();
    const r1 = (await rows())[2]!;
    await user.click(within(r1).getByRole('button', { name: 'What changed' }));
    expect((await within(r1).findByTestId('revision-first')).textContent).toBe('First revision.');
  });
});

describe('what changed since the latest revision', () => {
  it('at the first step, lists the changes from the latest revision to the order now', async () => {
    const latest = side([keypad()]);
    const current = side([keypad({ quantity: 3, totalPriceInCents: 30000 })], { costs: [{ key: 'total', label: 'Total', text: '$300.00', cents: 30000 }] });
    vi.mocked(api.getOrderRevisions).mockResolvedValue(revisionsAnswer(THREE, { current, changedSinceLatest: true }));
    vi.mocked(api.getOrderRevision).mockResolvedValue(revisionAnswer(3, latest, null));
    show({ employee: false });
    const block = await screen.findByRole('region', { name: 'What changed since revision 3' });
    const lines = (await within(block).findAllByTestId('diff-line')).map((l) => l.textContent);
    expect(lines).toEqual(['Quantity: 2 → 3', 'Line total: $200.00 → $300.00', 'Total: $200.00 → $300.00']);
    expect(api.getOrderRevision).toHaveBeenCalledWith({ productOrderId: 7, revisionNumber: 3 });
  });

  it('says when nothing changed yet', async () => {
    show();
    const block = await screen.findByRole('region', { name: 'What changed since revision 3' });
    expect(within(block).getByTestId('changed-since-none').textContent).toBe('No changes since revision 3 yet.');
    expect(api.getOrderRevision).not.toHaveBeenCalled();
  });

  it('is not shown past the first step', async () => {
    show({ atFirstStep: false });
    await rows();
    expect(screen.queryByTestId('changed-since')).toBeNull();
  });
});

describe('starting a new revision from an earlier one', () => {
  it('is offered to employees on revisions older than the latest, never to customers', async () => {
    show();
    const list = await rows();
    expect(list.map((r) => within(r).queryByRole('button', { name: 'Start a new revision from this one' }) !== null)).toEqual([false, true, true]);
    cleanup();
    show({ employee: false });
    await rows();
    expect(screen.queryByRole('button', { name: 'Start a new revision from this one' })).toBeNull();
  });

  it('asks first, then saves the edits, restores, and has the page read the order again', async () => {
    vi.mocked(api.restoreRevision).mockResolvedValue({ revisionNumber: 4 });
    const { props, user } = show();
    const r1 = (await rows())[2]!;
    await user.click(within(r1).getByRole('button', { name: 'Start a new revision from this one' }));
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByTestId('restore-question').textContent).toBe(
      'Start a new revision from revision 1? The order takes back its items and details, and is priced again. Nothing is deleted: the current items stay in the revision history.',
    );
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Start new revision' }));
    await waitFor(() => expect(props.onRestored).toHaveBeenCalledWith(4, 1));
    expect(props.settle).toHaveBeenCalled();
    expect(api.restoreRevision).toHaveBeenCalledWith({ productOrderId: 7, revisionNumber: 1 });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('Cancel restores nothing', async () => {
    const { user } = show();
    await user.click(within((await rows())[1]!).getByRole('button', { name: 'Start a new revision from this one' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.restoreRevision).not.toHaveBeenCalled();
  });

  it("shows the server's refusal inside the dialog, and the order stays as it is", async () => {
    const sentence = 'Reopen the order for changes first: an earlier revision can be restored only while the order can be edited.';
    vi.mocked(api.restoreRevision).mockRejectedValue(new ApiRequestError(409, 'conflict', sentence));
    const { props, user } = show();
    await user.click(within((await rows())[1]!).getByRole('button', { name: 'Start a new revision from this one' }));
    await user.click(screen.getByRole('button', { name: 'Start new revision' }));
    const dialog = screen.getByRole('alertdialog');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(sentence);
    expect(props.onRestored).not.toHaveBeenCalled();
  });

  it('when the order could not be read again after a restore, says so and offers only a reload', async () => {
    vi.mocked(api.restoreRevision).mockResolvedValue({ revisionNumber: 4 });
    const { user } = show({ onRestored: vi.fn(() => Promise.reject(new Error('offline'))) });
    await user.click(within((await rows())[1]!).getByRole('button', { name: 'Start a new revision from this one' }));
    await user.click(screen.getByRole('button', { name: 'Start new revision' }));
    const dialog = screen.getByRole('alertdialog');
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Revision 4 was started, but the order could not be read again. Reload the page to see it.');
    expect(within(dialog).queryByRole('button', { name: 'Start new revision' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Reload the page' })).toBeTruthy();
  });

  it('restores nothing while edits could not be saved', async () => {
    const { user } = show({ settle: vi.fn(() => Promise.resolve(false)) });
    await user.click(within((await rows())[1]!).getByRole('button', { name: 'Start a new revision from this one' }));
    await user.click(screen.getByRole('button', { name: 'Start new revision' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Some changes could not be saved.');
    expect(api.restoreRevision).not.toHaveBeenCalled();
  });

  it('past the first step, the button is disabled and says why', async () => {
    show({ atFirstStep: false });
    const button = within((await rows())[1]!).getByRole('button', { name: 'Start a new revision from this one' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    const why = document.getElementById(button.getAttribute('aria-describedby')!)!;
    expect(why.textContent).toBe('An earlier revision can be restored only while the order can be edited: reopen it for changes first.');
  });

  it('after a reload, says what happened and takes the focus', async () => {
    show({ notice: 'Revision 4 started from revision 1. The items and details are back as they were then, priced again.' });
    await rows();
    expect(screen.getByTestId('revisions-notice').textContent).toContain('Revision 4 started from revision 1.');
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Revisions' }));
  });
});
