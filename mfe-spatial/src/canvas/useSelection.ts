import { useEffect, useRef, useState, type RefObject } from 'react';
import { isDoubleClick, type Click } from './doubleClick.ts';
import type { Selection } from './types.ts';

interface Inputs {
  /** Something is being drawn (two clicks): nothing can be selected meanwhile. */
  locked: boolean;
  canEdit: boolean;
  /** The view on screen: a change of view drops the selection. */
  viewKind: string | undefined;
  viewId: number | null;
  /** The stage's box: the editor a double-click opens is found beside it. */
  boxRef: RefObject<HTMLDivElement | null>;
}

/** What is selected on the canvas, and the error of the field last typed in its editor. */
export function useSelection({ locked, canEdit, viewKind, viewId, boxRef }: Inputs) {
  const [selection, setSelection] = useState<Selection>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);

  // What was selected belongs to the view it was selected in.
  useEffect(() => setSelection(null), [viewKind, viewId]);
  // A field's error belongs to the entity it was typed for.
  useEffect(() => setFieldError(null), [selection]);

  const select = (sel: Selection) => {
    // Nothing can be selected while something is being drawn (two clicks).
    if (locked) return;
    // Clicking what is already selected keeps the same selection: nothing on the canvas redraws.
    setSelection((prev) => (prev && sel && prev.key === sel.key && prev.id === sel.id ? prev : sel));
    setFieldError(null);
  };

  /** A double-click selects and puts the cursor in the first field of its editor (a text's words, a size). */
  const edit = (sel: NonNullable<Selection>) => {
    if (locked || !canEdit) return;
    setSelection(sel);
    requestAnimationFrame(() => boxRef.current?.closest('[data-testid="spatial-canvas"]')?.querySelector<HTMLElement>('[data-testid="properties"] :is(textarea, input)')?.focus());
  };

  const lastClick = useRef<Click | null>(null);
  /** A click on something that has an editor: it selects it, and a second within the window edits it. */
  const click = (sel: NonNullable<Selection>, at: number) => {
    const now = { key: sel.key, id: sel.id, at };
    select(sel);
    if (isDoubleClick(lastClick.current, now)) {
      // A third click starts over: it selects, as a first would.
      lastClick.current = null;
      edit(sel);
    } else {
      lastClick.current = now;
    }
  };

  return { selection, setSelection, select, click, fieldError, setFieldError };
}
