import type { MouseEvent } from 'react';
import styles from './SkipLinks.module.css';

/** Where "Skip to order actions" lands: the order's primary action (Submit, Approve) when the page shows one. */
export const PRIMARY_ACTION = '[data-primary-action]';
/** …or else the order page's actions area. */
export const ORDER_ACTIONS = '[data-order-actions]';

const shown = (el: HTMLElement) => !el.closest('[hidden]') && !(el as HTMLButtonElement).disabled && el.getClientRects().length > 0;

/** Focuses an element that is not a control by itself (a landmark, a region), and brings it into view. */
function land(el: HTMLElement) {
  if (!el.matches('a[href], button, input, select, textarea, [tabindex]')) el.setAttribute('tabindex', '-1');
  el.focus();
  if (typeof el.scrollIntoView === 'function') el.scrollIntoView({ block: 'center' });
}

function main(): HTMLElement | null {
  return document.getElementById('cpq-main');
}

/** Whether any of the element is inside the window as it is scrolled now. */
function inView(el: HTMLElement): boolean {
  const r = el.getBoundingClientRect();
  const h = window.innerHeight || document.documentElement.clientHeight;
  const w = window.innerWidth || document.documentElement.clientWidth;
  return (r.width > 0 || r.height > 0) && r.bottom > 0 && r.top < h && r.right > 0 && r.left < w;
}

/**
 * The order's primary action if one is on the page and usable, else its actions area, else the main
 * content. A page can hold the same action twice (a phone's bar at the bottom of the screen and the
 * page's own further down): the one in view wins, else the first shown.
 */
export function orderActionsTarget(root: ParentNode = document): HTMLElement | null {
  const usable = [...root.querySelectorAll<HTMLElement>(PRIMARY_ACTION)].filter(shown);
  const primary = usable.find(inView) ?? usable[0];
  return primary ?? root.querySelector<HTMLElement>(ORDER_ACTIONS) ?? main();
}

/**
 * The first things Tab reaches on every page: past the header to the page's content and, on an
 * order, straight to its primary action (the header alone has many stops before it). Hidden until
 * focused.
 */
export function SkipLinks({ onOrder }: { onOrder: boolean }) {
  const go = (e: MouseEvent<HTMLAnchorElement>, target: HTMLElement | null) => {
    if (!target) return;
    e.preventDefault(); // no address change: the router would take it for a navigation
    land(target);
  };
  return (
    <div className={styles.skipLinks}>
      <a href="#cpq-main" className={styles.skip} onClick={(e) => go(e, main())} data-testid="skip-to-main">
        Skip to main content
      </a>
      {onOrder ? (
        <a href="#cpq-main" className={styles.skip} onClick={(e) => go(e, orderActionsTarget())} data-testid="skip-to-order-actions">
          Skip to order actions
        </a>
      ) : null}
    </div>
  );
}
