import { PAGE_SHOWN_EVENT } from '@cpq/ui';
import { matchRoute } from './routes.ts';

/**
 * The first view of `/` (docs/decisions/0104-static-first-view.md): the page the server sends to a
 * browser with a session cookie carries a static picture of the home page over the portal, painted
 * before any script runs. It is taken away, in one step, once the portal under it shows something
 * of its own: the home page has drawn itself (PAGE_SHOWN_EVENT), start-up ended anywhere else
 * (sign-in, an error, another page), or the page failed to load. Removing a layer that covers
 * everything moves nothing under it: no layout shift.
 */
export const FIRST_VIEW_ID = 'cpq-first-view';

/** Start-up's state (only its status matters here) as boot.ts's BootState has it: kept structural, as boot.ts's importers import this module. */
export interface BootStatus {
  status: string;
}

/** Start-up's state and its changes (the shell's bootStateAtom in the portal's store). */
export interface BootWatch {
  get(): BootStatus;
  sub(listener: () => void): () => void;
}

export function removeFirstView(doc: Document = document): void {
  doc.getElementById(FIRST_VIEW_ID)?.remove();
}

/** Whether the first view may stay: start-up still running, or the home page about to draw. */
function mayStay(state: BootStatus, pathname: string): boolean {
  if (state.status === 'loading') return true;
  return state.status === 'ready' && matchRoute(pathname).kind === 'home';
}

/** Watches start-up and the address; removes the first view when the portal under it shows. */
export function handOverFirstView(boot: BootWatch, win: Window = window): void {
  const doc = win.document;
  if (!doc.getElementById(FIRST_VIEW_ID)) return;
  const check = () => {
    if (!mayStay(boot.get(), win.location.pathname)) done();
  };
  const unsubscribe = boot.sub(check);
  const done = () => {
    removeFirstView(doc);
    unsubscribe();
    win.removeEventListener(PAGE_SHOWN_EVENT, done);
    win.removeEventListener('popstate', check);
    win.removeEventListener('single-spa:routing-event', check);
  };
  win.addEventListener(PAGE_SHOWN_EVENT, done);
  win.addEventListener('popstate', check);
  win.addEventListener('single-spa:routing-event', check);
  check();
}
