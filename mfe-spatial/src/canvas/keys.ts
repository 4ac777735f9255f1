import { nudgeStep } from './nudge.ts';
import type { DocKey, Selection } from './types.ts';

export type KeyCommand =
  | { kind: 'pan' }
  | { kind: 'cancel' }
  | { kind: 'delete'; selection: { key: DocKey; id: number } }
  | { kind: 'nudge'; selection: NonNullable<Selection>; step: { dx: number; dy: number } }
  | { kind: 'copy' }
  | { kind: 'paste' };

type Key = { key: string; shiftKey: boolean; ctrlKey: boolean; metaKey: boolean };

/**
 * What a key pressed on the canvas does: space pans (while held), Escape cancels what is being drawn,
 * Backspace or Delete deletes the selection (an item is taken out of a view by its button instead),
 * the arrow keys move it (not while drawing), Ctrl or Cmd with C or V copy and paste. Null: nothing.
 */
export function keyCommand(e: Key, state: { selection: Selection; canEdit: boolean; drawing: boolean }): KeyCommand | null {
  const { selection, canEdit, drawing } = state;
  if (e.key === ' ') return { kind: 'pan' };
  if (e.key === 'Escape') return { kind: 'cancel' };
  if ((e.key === 'Backspace' || e.key === 'Delete') && selection && selection.key !== 'productInstances' && canEdit) return { kind: 'delete', selection: { key: selection.key, id: selection.id } };
  const step = nudgeStep(e.key, e.shiftKey);
  if (step && selection && canEdit && !drawing) return { kind: 'nudge', selection, step };
  if ((e.ctrlKey || e.metaKey) && (e.key === 'c' || e.key === 'v')) return { kind: e.key === 'c' ? 'copy' : 'paste' };
  return null;
}

/**
 * The canvas's accessible name: with a keyboard, its keys; on a touch screen (no keyboard to press
 * them with) only what it is.
 */
export function canvasLabel(keyboard: boolean): string {
  return keyboard
    ? 'Drawing canvas: Escape cancels what is being drawn, Backspace deletes the selection, the arrow keys move it (Shift: by 10), Ctrl+C and Ctrl+V copy and paste, space and drag pans'
    : 'Drawing canvas';
}
