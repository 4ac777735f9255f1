/**
 * The guided tour belongs to the shell; a page's "Guided Tour" button asks for it with a DOM event,
 * so the micro-frontend needs no import from the shell.
 */
export const GUIDED_TOUR_EVENT = 'cpq:guided-tour';

/** Starts the guided tour of the page now (the shell walks through the page's marked controls). */
export function startGuidedTour(): void {
  window.dispatchEvent(new Event(GUIDED_TOUR_EVENT));
}
