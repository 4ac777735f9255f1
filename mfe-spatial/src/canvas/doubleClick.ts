/** Two clicks on the same thing within this many milliseconds are a double-click (the drawing's rule). */
export const DOUBLE_CLICK_MS = 300;

/** A click on something drawn: what it hit and the event's own time stamp. */
export interface Click {
  key: string;
  id: number;
  at: number;
}

/**
 * Whether `next` makes a double-click of `prev`: the same thing, at most DOUBLE_CLICK_MS apart by the
 * events' own time stamps. Those say when the person clicked, not when a busy page got round to the
 * events, so a quick double-click stays one however long the first click's redraw takes (a timer, as
 * Konva's own double-click uses, can run out while the page is busy).
 */
export function isDoubleClick(prev: Click | null, next: Click, windowMs = DOUBLE_CLICK_MS): boolean {
  return prev !== null && prev.key === next.key && prev.id === next.id && next.at >= prev.at && next.at - prev.at <= windowMs;
}
