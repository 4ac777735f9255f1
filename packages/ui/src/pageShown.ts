/**
 * Fired on window by a page once it has drawn its own content (not its loading screen): the shell
 * then takes away the static first view that covered the portal while it started
 * (docs/decisions/0104-static-first-view.md).
 */
export const PAGE_SHOWN_EVENT = 'cpq:page-shown';

export function announcePageShown(): void {
  window.dispatchEvent(new Event(PAGE_SHOWN_EVENT));
}
