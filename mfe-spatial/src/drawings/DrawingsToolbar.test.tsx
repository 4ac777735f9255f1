// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { DrawingsToolbar, PRINT_TOOLTIP, type DrawingsToolbarProps } from './DrawingsToolbar.tsx';
import { usePrinting } from './usePrinting.ts';

afterEach(cleanup);

function renderToolbar(patch: Partial<DrawingsToolbarProps> = {}) {
  const props: DrawingsToolbarProps = {
    settings: { setMode: 'multiple', units: 'mm', showDimensions: true },
    onChange: vi.fn(),
    dimensionControls: false,
    onPrint: vi.fn(),
    onDownloadPdf: vi.fn(),
    pdf: { status: 'idle' },
    ...patch,
  };
  render(<DrawingsToolbar {...props} />);
  return props;
}

describe('drawings toolbar', () => {
  it('describes the Print button with the save-as-PDF hint', () => {
    renderToolbar();
    const print = screen.getByRole('button', { name: 'Print' });
    const tip = document.getElementById(print.getAttribute('aria-describedby') ?? '');
    expect(tip?.getAttribute('role')).toBe('tooltip');
    expect(tip?.textContent).toBe('Need to share or save a copy? Click the print button and select "Save as PDF" from the print dialog.');
    expect(PRINT_TOOLTIP).toBe(tip?.textContent);
  });

  it('with dimension controls: set mode picker, Show Dimensions in the factory set, units picker while dimensions show', () => {
    const props = renderToolbar({ dimensionControls: true });
    const mode = screen.getByRole('combobox', { name: 'Drawings set' });
    expect([...mode.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['MULTIPLE', 'INDIVIDUAL']);
    const units = screen.getByRole('combobox', { name: 'Units' });
    expect([...units.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['UNITS: MILLIMETERS', 'UNITS: INCHES']);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Show Dimensions' }));
    expect(props.onChange).toHaveBeenCalledWith({ setMode: 'multiple', units: 'mm', showDimensions: false });
    fireEvent.change(units, { target: { value: 'in' } });
    expect(props.onChange).toHaveBeenLastCalledWith({ setMode: 'multiple', units: 'in', showDimensions: true });
    fireEvent.change(mode, { target: { value: 'individual' } });
    expect(props.onChange).toHaveBeenLastCalledWith({ setMode: 'individual', units: 'mm', showDimensions: true });
  });

  it('hides the units picker when dimensions are off, and Show Dimensions in the client set', () => {
    renderToolbar({ dimensionControls: true, settings: { setMode: 'multiple', units: 'mm', showDimensions: false } });
    expect(screen.queryByRole('combobox', { name: 'Units' })).toBeNull();
    cleanup();
    renderToolbar({ dimensionControls: true, settings: { setMode: 'individual', units: 'in', showDimensions: false } });
    expect(screen.queryByRole('checkbox', { name: 'Show Dimensions' })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Units' })).toBeTruthy();
  });

  it('without dimension controls: a dimensions toggle only', () => {
    const props = renderToolbar({ dimensionControls: false });
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Show Dimensions' })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Dimensions' }));
    expect(props.onChange).toHaveBeenCalledWith({ setMode: 'multiple', units: 'mm', showDimensions: false });
  });

  it('shows the PDF progress and a clear error', () => {
    renderToolbar({ pdf: { status: 'preparing' } });
    expect(screen.getByRole('status').textContent).toBe('Preparing PDF…');
    expect((screen.getByRole('button', { name: 'Download PDF' }) as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    renderToolbar({ pdf: { status: 'error', message: 'The PDF service is busy. Please try again in a minute.' } });
    expect(screen.getByRole('alert').textContent).toBe('The PDF could not be downloaded: The PDF service is busy. Please try again in a minute.');
  });
});

function PrintProbe() {
  const { state } = usePrinting();
  return <p data-testid="probe">{`${state.printing}/${state.pdf}`}</p>;
}

describe('print state', () => {
  it('Ctrl+P sets the printing and pdf flags, opens the print dialog, and afterprint clears them', async () => {
    vi.useFakeTimers();
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    render(<PrintProbe />);
    const probe = screen.getByTestId('probe');
    expect(probe.textContent).toBe('false/false');
    const event = new KeyboardEvent('keydown', { key: 'p', ctrlKey: true, cancelable: true });
    act(() => {
      window.dispatchEvent(event);
    });
    expect(event.defaultPrevented).toBe(true);
    expect(probe.textContent).toBe('true/true');
    await act(async () => {
      vi.runAllTimers();
    });
    expect(print).toHaveBeenCalledTimes(1);
    act(() => {
      window.dispatchEvent(new Event('afterprint'));
    });
    expect(probe.textContent).toBe('false/false');
    vi.useRealTimers();
  });
});
