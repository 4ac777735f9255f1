import { SHAREE_TOUR_FLAG } from '../shareEntry.ts';

/** One stop of the guided tour: the first of its targets on the page (`data-tour="…"`) is highlighted. */
export interface TourStep {
  targets: readonly string[];
  title: string;
  text(wordingOrder: string): string;
}

/**
 * The order page's main controls, in the order a newcomer meets them. The page marks them with
 * data-tour attributes (mfe-configurator, and SHARE in the header); a step whose control is not on
 * the page (no status steps, prices hidden, nothing to submit or approve, a control folded into a
 * menu) is skipped.
 */
export const TOUR_STEPS: readonly TourStep[] = [
  {
    targets: ['status'],
    title: 'Where it stands',
    text: (w) => `These steps show how far this ${w} has come; the highlighted one is where it is now.`,
  },
  {
    targets: ['review-summary'],
    title: 'What you are approving',
    text: (w) => `The items, quantities and totals of this ${w}, and what changed since it was last sent back. Approve it, or send it back with your feedback.`,
  },
  {
    targets: ['item-editor'],
    title: 'Configure an item',
    text: () => 'Choose an option for each property of the selected item. Your changes are saved as you go.',
  },
  {
    targets: ['cart', 'price-summary'],
    title: 'Your items',
    text: (w) => `Every item of this ${w} is listed here: choose one to edit it. Where prices are shown to you, the summary adds them up.`,
  },
  {
    targets: ['add-item'],
    title: 'Add an item',
    text: (w) => `Add another product to this ${w}.`,
  },
  {
    targets: ['submit'],
    title: 'Submit',
    text: (w) => `When everything is right, submit the ${w}: the team is told and takes it from there.`,
  },
  {
    targets: ['share'],
    title: 'Share',
    text: (w) => `Invite others to see this ${w} with you, or make a link to send them.`,
  },
];

/** The element a step highlights now, if it is on the page (and shown). */
export function targetOf(step: TourStep, root: ParentNode = document): HTMLElement | null {
  for (const name of step.targets) {
    const el = root.querySelector<HTMLElement>(`[data-tour="${name}"]`);
    if (el && !el.closest('[hidden]')) return el;
  }
  return null;
}

/** localStorage key: this user finished or dismissed the tour (it is not shown to them again). */
export const tourDoneKey = (userId: number) => `cpq.tourDone.${userId}`;

/** The tour is due: this tab arrived through a share link, and this user has not had the tour. */
export function tourDue(userId: number): boolean {
  try {
    return sessionStorage.getItem(SHAREE_TOUR_FLAG) === '1' && localStorage.getItem(tourDoneKey(userId)) !== '1';
  } catch {
    return false; // storage unavailable: no tour rather than one on every visit
  }
}

/** Finished or dismissed: never again for this user. */
export function markTourDone(userId: number): void {
  try {
    localStorage.setItem(tourDoneKey(userId), '1');
    sessionStorage.removeItem(SHAREE_TOUR_FLAG);
  } catch {
    /* storage unavailable: nothing to remember it in */
  }
}
