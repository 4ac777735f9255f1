// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { InstanceProperties } from '@cpq/domain';
import type { Instance } from '../editor/writes.ts';
import { EngravingsDialog } from './EngravingsDialog.tsx';
import { keypad, keypadCatalogue as catalogue, keypadDrawings as config, keypadEngine, LAYOUT_1x2, LAYOUT_3x2 } from './fixtures.test-utils.ts';

const engine = keypadEngine();

function show(opts: { role?: string; instance?: Instance } = {}) {
  const onSave = vi.fn<(changes: InstanceProperties) => void>();
  const onClose = vi.fn();
  render(<EngravingsDialog item={opts.instance ?? keypad(LAYOUT_3x2)} product={catalogue.product(98)!} graphic={null} engine={engine} config={config} role={opts.role ?? 'owner'} units="mm" onSave={onSave} onClose={onClose} />);
  return { onSave, onClose };
}
const row = (index: number, location: 'above' | 'below') => screen.getByTestId(`engraving-${index}-${location}`);
const typeText = (index: number, location: 'above' | 'below', text: string) =>
  fireEvent.change(within(row(index, location)).getByTestId('engraving-text'), { target: { value: text } });
const previewEngravings = () => [...screen.getByTestId('engravings-preview').querySelectorAll('.engraving')];

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('engravings popup', () => {
  it('has two rows, above and below, per mechanism of the chosen layout; is a labelled dialog', () => {
    show();
    const dialog = screen.getByRole('dialog', { name: 'Engravings — Hall' });
    expect(within(dialog).getAllByRole('group', { name: /mechanism \d$/ }).map((g) => g.getAttribute('data-testid'))).toEqual(
      [0, 1, 2, 3, 4, 5].flatMap((i) => [`engraving-${i}-above`, `engraving-${i}-below`]),
    );
  });

  it('asks for a layout first when none is chosen', () => {
    show({ instance: keypad(null) });
    expect(screen.getByTestId('engravings-no-layout')).toBeTruthy();
    expect(screen.queryByTestId('engravings-save')).toBeNull();
  });

  it('refuses a third line with a clear message and keeps the two lines, exactly as typed', () => {
    show();
    typeText(0, 'above', 'Hall\nlights');
    typeText(0, 'above', 'Hall\nlights\nON');
    const text = within(row(0, 'above')).getByTestId('engraving-text') as HTMLTextAreaElement;
    expect(text.value).toBe('Hall\nlights');
    expect(within(row(0, 'above')).getByTestId('engraving-status').textContent).toBe('At most 2 lines fit above and below each mechanism.');
    expect(text.getAttribute('aria-invalid')).toBe('true');
  });

  it('saves text above mechanism 1 and a symbol below mechanism 2 as entries, with the text arrays matching', () => {
    const { onSave, onClose } = show();
    typeText(0, 'above', 'Hall\nlights');
    fireEvent.click(within(row(1, 'below')).getByTestId('engraving-mode-symbol'));
    fireEvent.click(within(row(1, 'below')).getByTestId('symbol-12'));
    fireEvent.click(screen.getByTestId('engravings-save'));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave.mock.calls[0]![0]).toEqual({
      '27': {
        engravings: {
          '0': { above: { text: 'Hall\nlights', fontFamily: 'Helvetica', fontSize: 4 } },
          '1': { below: { symbol: 12, fontSize: 4 } },
        },
        text: ['Hall\nlights'],
      },
      '112': { text: [] },
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('opens with the stored engravings (older text arrays included) and keeps their colour; clearing one clears its array text', () => {
    const stored = keypad(LAYOUT_1x2, {
      '27': { engravings: { '1': { above: { text: 'Fan', fontFamily: 'Futura', fontSize: 3, color: '#ffffff' } } }, text: ['Lights'] },
      '112': { text: ['', 'Low'] },
    });
    const { onSave } = show({ instance: stored });
    expect((within(row(0, 'above')).getByTestId('engraving-text') as HTMLTextAreaElement).value).toBe('Lights');
    expect((within(row(1, 'above')).getByTestId('engraving-font') as HTMLSelectElement).value).toBe('Futura');
    expect((within(row(1, 'below')).getByTestId('engraving-text') as HTMLTextAreaElement).value).toBe('Low');
    typeText(0, 'above', '');
    fireEvent.click(screen.getByTestId('engravings-save'));
    expect(onSave.mock.calls[0]![0]).toEqual({
      '27': {
        engravings: { '1': { above: { text: 'Fan', fontFamily: 'Futura', fontSize: 3, color: '#ffffff' }, below: { text: 'Low', fontFamily: 'Helvetica', fontSize: 4 } } },
        text: ['', 'Fan'],
      },
      '112': { text: ['', 'Low'] },
    });
  });

  it('colours an engraving by the fit rule: amber "Close to the edge" over the soft limit, red over the limit (worked example)', () => {
    // Plate 82 wide, 2 columns: mechanism spacing 32. Mechanism 1 has a neighbour (mechanism 2, no
    // text: width 0), so the bound is min(2·32, 32 − 0/2) = 32 and the soft limit 32 − 6 = 26.
    // Courier advances 0.6 em: at 5 mm a character is 3 mm wide.
    vi.useFakeTimers();
    show({ instance: keypad(LAYOUT_1x2) });
    const font = within(row(0, 'above')).getByTestId('engraving-font');
    fireEvent.change(font, { target: { value: 'Courier' } });
    fireEvent.change(within(row(0, 'above')).getByTestId('engraving-size'), { target: { value: '5' } });
    const status = () => ({ fit: row(0, 'above').getAttribute('data-fit'), text: within(row(0, 'above')).getByTestId('engraving-status').textContent });

    typeText(0, 'above', 'A'.repeat(17)); // 51 mm: half 25.5 ≤ 26
    act(() => void vi.advanceTimersByTime(400));
    expect(status()).toEqual({ fit: 'ok', text: '' });

    typeText(0, 'above', 'A'.repeat(18)); // 54 mm: half 27 > 26, ≤ 32
    act(() => void vi.advanceTimersByTime(399));
    expect(status().fit).toBe('ok'); // the preview waits 400 ms after typing
    act(() => void vi.advanceTimersByTime(1));
    expect(status()).toEqual({ fit: 'soft', text: 'Close to the edge' });
    expect(previewEngravings().map((e) => e.getAttribute('fill'))).toEqual(['#d97706']);

    typeText(0, 'above', 'A'.repeat(22)); // 66 mm: half 33 > 32
    act(() => void vi.advanceTimersByTime(400));
    expect(status()).toEqual({ fit: 'over', text: 'Too wide for the space available. Please shorten the text or use a smaller font.' });
    expect(previewEngravings().map((e) => e.getAttribute('fill'))).toEqual(['#dc2626']);
  });

  it('draws the engravings in the preview: the text as typed and the symbol', () => {
    vi.useFakeTimers();
    show();
    typeText(0, 'above', 'Hall');
    fireEvent.click(within(row(1, 'below')).getByTestId('engraving-mode-symbol'));
    fireEvent.click(within(row(1, 'below')).getByTestId('symbol-3'));
    act(() => void vi.advanceTimersByTime(400));
    expect(previewEngravings().map((e) => [e.getAttribute('data-mechanism'), e.getAttribute('data-location'), e.textContent])).toEqual([
      ['0', 'above', 'Hall'],
      ['1', 'below', expect.any(String)],
    ]);
    expect(previewEngravings()[1]!.tagName.toLowerCase()).toBe('g');
  });

  it('opens on its first field; the confirmation (an alertdialog) opens on Proceed, and Escape closes it alone', () => {
    show({ role: 'member' });
    expect(document.activeElement).toBe(within(row(0, 'above')).getByTestId('engraving-mode-text'));
    typeText(0, 'above', 'Hall');
    fireEvent.click(screen.getByTestId('engravings-save'));
    const confirm = screen.getByRole('alertdialog', { name: 'Custom engraving' });
    expect(document.activeElement).toBe(within(confirm).getByTestId('custom-engraving-proceed'));
    fireEvent.keyDown(confirm, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('dialog', { name: /^Engravings/ })).toBeTruthy();
  });

  for (const role of ['member', 'guest']) {
    it(`asks a ${role} to confirm a custom text engraving: Cancel saves nothing, Proceed saves`, () => {
      const { onSave } = show({ role });
      typeText(0, 'above', 'Hall');
      fireEvent.click(screen.getByTestId('engravings-save'));
      const confirm = screen.getByRole('alertdialog');
      expect(within(confirm).getByTestId('custom-engraving-text').textContent).toBe(
        'Custom engravings do not enforce design constraints. All custom designs will be reviewed and may be rejected if they are not feasible for production. Are you sure you want to proceed?',
      );
      fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
      expect(onSave).not.toHaveBeenCalled();
      expect(screen.queryByRole('alertdialog')).toBeNull();
      fireEvent.click(screen.getByTestId('engravings-save'));
      fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Proceed' }));
      expect(onSave).toHaveBeenCalledTimes(1);
    });
  }

  it('does not ask an owner, nor a member who only picks a symbol', () => {
    const owner = show({ role: 'owner' });
    typeText(0, 'above', 'Hall');
    fireEvent.click(screen.getByTestId('engravings-save'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(owner.onSave).toHaveBeenCalledTimes(1);
    cleanup();
    const member = show({ role: 'member' });
    fireEvent.click(within(row(0, 'below')).getByTestId('engraving-mode-symbol'));
    fireEvent.click(within(row(0, 'below')).getByTestId('symbol-1'));
    fireEvent.click(screen.getByTestId('engravings-save'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(member.onSave).toHaveBeenCalledTimes(1);
  });

  it('Escape and Cancel close without saving', () => {
    const { onSave, onClose } = show();
    typeText(0, 'above', 'Hall');
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    fireEvent.click(screen.getByTestId('engravings-cancel'));
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(onSave).not.toHaveBeenCalled();
  });
});
