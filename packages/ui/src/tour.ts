/**
 * The guided tour belongs to the shell; a page's "Guided Tour" button asks for it with a DOM event,
 * so the micro-frontend needs no import from the shell.
 */
export const GUIDED_TOUR_EVENT = 'cpq:guided-tour';

/** A request older than this when the tour starts listening is not acted on (the person has moved on). */
const PENDING_FOR_MS = 10_000;

/** Tours listening now, and when the tour was last asked for while none was (its code loads lazily). */
let listening = 0;
let askedAt: number | null = null;

/** Starts the guided tour of the page now (the shell walks through the page's marked controls). */
export function startGuidedTour(): void {
  if (listening === 0) askedAt = Date.now();
  window.dispatchEvent(new Event(GUIDED_TOUR_EVENT));
}

/**
 * The tour's side: `start` runs on every request from now on, and at once when the tour was asked for
 * shortly before it listened (the button pressed before the tour's code had arrived). Answers the
 * function that stops listening.
 */
export function listenForGuidedTour(start: () => void): () => void {
  listening++;
  window.addEventListener(GUIDED_TOUR_EVENT, start);
  const asked = askedAt !== null && Date.now() - askedAt < PENDING_FOR_MS;
  askedAt = null;
  if (asked) start();
  return () => {
    listening--;
    window.removeEventListener(GUIDED_TOUR_EVENT, start);
  };
}
