import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { useAtomValue } from 'jotai';
import { activeRulesAtom, sessionAtom } from '@cpq/client';
import { SHAREE_TOUR_DELAY_MS } from '@cpq/domain';
import { Button, listenForGuidedTour } from '@cpq/ui';
import { markTourDone, targetOf, TOUR_STEPS, tourDue, type TourStep } from './steps.ts';
import styles from './Tour.module.css';

/** The order page has loaded once its editor is on the page. */
const PAGE_LOADED = '[data-tour="order-editor"]';
const PAD = 6;
const GAP = 12;
const NARROW = 600;

/**
 * The order page's guided tour: it walks through the page's main controls (Next / Back / Skip tour,
 * Escape dismisses). It starts by itself for people who arrived through a share link, once the order
 * page has loaded, after a second (finished or dismissed, not again for that user), and for anyone
 * whenever the page's "Guided Tour" button asks for it. Positions are set through the CSSOM (style
 * properties), which a Content-Security-Policy without inline styles allows.
 */
export function ShareeTour({ delayMs = SHAREE_TOUR_DELAY_MS, steps: allSteps = TOUR_STEPS }: { delayMs?: number; steps?: readonly TourStep[] }) {
  const userId = useAtomValue(sessionAtom)?.user.id ?? null;
  const wording = useAtomValue(activeRulesAtom)?.wording.order ?? 'order';
  const [steps, setSteps] = useState<readonly TourStep[] | null>(null);
  const [index, setIndex] = useState(0);
  const before = useRef<HTMLElement | null>(null);

  // Wait for the page, then the delay; the steps are those whose control is on the page then.
  useEffect(() => {
    if (userId === null || !tourDue(userId)) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const observer = new MutationObserver(() => arm());
    function arm() {
      if (timer || !document.querySelector(PAGE_LOADED)) return;
      observer.disconnect();
      timer = setTimeout(() => {
        const present = allSteps.filter((s) => targetOf(s));
        if (present.length && tourDue(userId!)) {
          before.current = document.activeElement as HTMLElement | null;
          setIndex(0);
          setSteps(present);
        }
      }, delayMs);
    }
    observer.observe(document.body, { childList: true, subtree: true });
    arm();
    return () => {
      observer.disconnect();
      if (timer) clearTimeout(timer);
    };
  }, [userId, delayMs, allSteps]);

  // The page's "Guided Tour" button: the tour now, from its first step, whoever asks and however often.
  useEffect(() => {
    const start = () => {
      const present = allSteps.filter((s) => targetOf(s));
      if (!present.length) return;
      before.current = document.activeElement as HTMLElement | null;
      setIndex(0);
      setSteps(present);
    };
    // Also when the button was pressed just before this code had arrived (it loads when the page shows).
    return listenForGuidedTour(start);
  }, [allSteps]);

  const end = useCallback(() => {
    if (userId !== null) markTourDone(userId);
    setSteps(null);
    // Focus goes back to where it was before the tour.
    const el = before.current;
    before.current = null;
    if (el && el !== document.body && document.contains(el)) el.focus();
  }, [userId]);

  // A control that left the page since the tour began is passed over, in the direction of travel.
  const go = useCallback(
    (from: number, dir: 1 | -1) => {
      if (!steps) return;
      for (let i = from + dir; i >= 0 && i < steps.length; i += dir) if (targetOf(steps[i]!)) return setIndex(i);
      if (dir === 1) end();
    },
    [steps, end],
  );
  const step = steps?.[index];
  const target = step ? targetOf(step) : null;
  useEffect(() => {
    if (step && !target) go(index, 1); // gone before it was shown: on to the next one there is
  }, [step, target, index, go]);

  if (!steps || !step || !target) return null;
  return (
    <TourStepView
      key={index}
      step={step}
      target={target}
      text={step.text(wording)}
      number={index + 1}
      count={steps.length}
      isFirst={!steps.slice(0, index).some((s) => targetOf(s))}
      isLast={!steps.slice(index + 1).some((s) => targetOf(s))}
      onBack={() => go(index, -1)}
      onNext={() => go(index, 1)}
      onSkip={end}
    />
  );
}

interface StepViewProps {
  step: TourStep;
  target: HTMLElement;
  text: string;
  number: number;
  count: number;
  isFirst: boolean;
  isLast: boolean;
  onBack(): void;
  onNext(): void;
  onSkip(): void;
}

function TourStepView({ step, target, text, number, count, isFirst, isLast, onBack, onNext, onSkip }: StepViewProps) {
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const highlight = useRef<HTMLDivElement>(null);

  // Each step takes the focus onto its Next (Finish) button: the dialog's name and text are read out.
  useEffect(() => {
    box.current?.querySelector<HTMLElement>('[data-testid="tour-next"]')?.focus();
  }, []);

  // Bring the control into view, then keep the highlight and the box on it while the page moves.
  useLayoutEffect(() => {
    if (typeof target.scrollIntoView === 'function') target.scrollIntoView({ block: 'center', inline: 'nearest' });
    const place = () => {
      const r = target.getBoundingClientRect();
      const h = highlight.current;
      if (h) {
        h.style.top = `${r.top - PAD}px`;
        h.style.left = `${r.left - PAD}px`;
        h.style.width = `${r.width + PAD * 2}px`;
        h.style.height = `${r.height + PAD * 2}px`;
      }
      const b = box.current;
      if (!b) return;
      const vw = window.innerWidth;
      const vh = window.innerHeight;
      const bh = b.offsetHeight;
      if (vw < NARROW) {
        // Narrow screens: the box sits at the bottom (or the top, when the control is down there).
        const low = r.top + r.height / 2 > vh / 2;
        b.style.left = `${GAP}px`;
        b.style.right = `${GAP}px`;
        b.style.top = low ? `${GAP}px` : '';
        b.style.bottom = low ? '' : `${GAP}px`;
        return;
      }
      const bw = b.offsetWidth || 360;
      const below = r.bottom + PAD + GAP;
      const above = r.top - PAD - GAP - bh;
      const top = below + bh <= vh - GAP ? below : above >= GAP ? above : Math.max(GAP, vh - bh - GAP);
      b.style.top = `${top}px`;
      b.style.left = `${Math.min(Math.max(GAP, r.left), Math.max(GAP, vw - bw - GAP))}px`;
      b.style.right = '';
      b.style.bottom = '';
    };
    place();
    let frame = 0;
    const schedule = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(place);
    };
    window.addEventListener('resize', schedule);
    window.addEventListener('scroll', schedule, true);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', schedule);
      window.removeEventListener('scroll', schedule, true);
    };
  }, [target]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onSkip();
      return;
    }
    if (e.key !== 'Tab' || !box.current) return;
    const list = [...box.current.querySelectorAll<HTMLElement>('button:not([disabled])')];
    const first = list[0];
    const last = list[list.length - 1];
    if (!first || !last) return;
    if (e.shiftKey && (document.activeElement === first || document.activeElement === box.current)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div className={styles.layer} data-testid="sharee-tour">
      <div ref={highlight} className={styles.highlight} data-testid="tour-highlight" aria-hidden="true" />
      <div
        ref={box}
        className={styles.box}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        data-target={target.getAttribute('data-tour') ?? undefined}
      >
        <p className={styles.count}>
          Step {number} of {count}
        </p>
        <h2 id={`${id}-title`} className={styles.title}>
          {step.title}
        </h2>
        <p id={`${id}-text`} className={styles.text}>
          {text}
        </p>
        <div className={styles.buttons}>
          <Button variant="quiet" onClick={onSkip} data-testid="tour-skip">
            Skip tour
          </Button>
          <span className={styles.spacer} />
          {!isFirst && (
            <Button variant="secondary" onClick={onBack} data-testid="tour-back">
              Back
            </Button>
          )}
          <Button onClick={onNext} data-testid="tour-next">
            {isLast ? 'Finish' : 'Next'}
          </Button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
