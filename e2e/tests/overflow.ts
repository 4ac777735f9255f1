import type { Page } from '@playwright/test';

/**
 * What sticks out of the viewport on this page: the page's own width and the outermost visible
 * elements past its right edge (or cut off at its left one), each described by tag, test id, classes
 * and text so a failure says what to fix. Used by the 390 px walk of every route and the canvas's
 * phone and tablet journey.
 */
export async function overflowOn(page: Page): Promise<string[]> {
  // The viewport's own width, not innerWidth: a phone zooms out to show a page wider than it, and
  // innerWidth then grows with the page.
  return page.evaluate((vw) => {
    const found: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > vw) found.push(`the page is ${doc.scrollWidth} px wide`);
    const describe = (el: Element): string => {
      const testId = el.getAttribute('data-testid');
      const cls = typeof el.className === 'string' ? el.className.trim().split(/\s+/).filter(Boolean).slice(0, 2).map((c) => `.${c}`).join('') : '';
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 30);
      return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${testId ? `[data-testid="${testId}"]` : ''}${cls}${text ? ` "${text}"` : ''}`;
    };
    /** The part of an element a person can see: its box cut by every ancestor that clips (html and body do not count: the page itself must fit). */
    const shownBox = (el: Element): { left: number; right: number; width: number; height: number } => {
      const r = el.getBoundingClientRect();
      let left = r.left;
      let right = r.right;
      let top = r.top;
      let bottom = r.bottom;
      if (getComputedStyle(el).position !== 'fixed') {
        for (let a = el.parentElement; a && a !== document.body && a !== doc; a = a.parentElement) {
          const s = getComputedStyle(a);
          if (s.overflowX !== 'visible') {
            const ar = a.getBoundingClientRect();
            left = Math.max(left, ar.left);
            right = Math.min(right, ar.right);
          }
          if (s.overflowY !== 'visible') {
            const ar = a.getBoundingClientRect();
            top = Math.max(top, ar.top);
            bottom = Math.min(bottom, ar.bottom);
          }
          if (s.position === 'fixed') break;
        }
      }
      return { left, right, width: right - left, height: bottom - top };
    };
    const offending = new Set<Element>();
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      if (el instanceof SVGElement && !(el instanceof SVGSVGElement)) continue;
      if (!el.checkVisibility({ checkOpacity: false, checkVisibilityCSS: true })) continue;
      const box = shownBox(el);
      if (box.width < 1 || box.height < 1) continue;
      // Past the right edge, or partly cut off at the left one (wholly left of it is the usual "hidden until focused").
      if (box.right > vw + 1 || (box.left < -1 && box.right > 0)) offending.add(el);
    }
    for (const el of offending) {
      if (el.parentElement && offending.has(el.parentElement)) continue;
      const r = el.getBoundingClientRect();
      found.push(`${describe(el)} spans ${Math.round(r.left)}..${Math.round(r.right)} px`);
      if (found.length > 12) break;
    }
    return found;
  }, page.viewportSize()!.width);
}
