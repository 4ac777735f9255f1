import { useCallback, useEffect, useState } from 'react';

export interface PrintState {
  /** The page is being printed: the toolbar is hidden. */
  printing: boolean;
  /** Pages are laid out for paper (fixed page sizes, no screen chrome). */
  pdf: boolean;
}

const IDLE: PrintState = { printing: false, pdf: false };

/**
 * Print state of the drawings set: `print()` (the Print button, or Ctrl/Cmd+P caught here) sets the
 * printing and pdf flags, opens the browser's print dialog once the page has re-rendered without the
 * toolbar, and clears both flags on `afterprint`.
 */
export function usePrinting(): { state: PrintState; print: () => void } {
  const [state, setState] = useState<PrintState>(IDLE);
  const print = useCallback(() => setState({ printing: true, pdf: true }), []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'p') {
        e.preventDefault();
        print();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [print]);

  useEffect(() => {
    if (!state.printing) return;
    const done = () => setState(IDLE);
    window.addEventListener('afterprint', done);
    // After this render is on screen, so the dialog prints the page without the toolbar.
    const timer = window.setTimeout(() => window.print(), 0);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('afterprint', done);
    };
  }, [state.printing]);

  return { state, print };
}
