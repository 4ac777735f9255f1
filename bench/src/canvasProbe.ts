/**
 * In-page measurement of the canvas benchmark, the same for the portal's order page and the plain
 * Konva page: when a drawing of `target` entities (Konva nodes with an `entity-` id) first reaches
 * the screen, and frame intervals while the view is zoomed and panned.
 *
 * In-page code is sent as text: tsx's transform would add helpers (__name) the page does not have.
 */
import type { Locator, Page } from 'playwright-core';

/** Times in the page, ms from navigation start (performance.now()); null until it happened. */
export interface ProbeTimes {
  /** The canvas element's first frame painted (the app started: whatever view it opens on). */
  stageAt: number | null;
  /** The view switch to the measured viewport was clicked (by the probe, once the page was idle after stageAt). */
  switchAt: number | null;
  /** Plain Konva: the shapes start being made (Konva loaded, stage and layer there). */
  drawStart: number | null;
  /** A layer draw with every entity in it has reached the screen. */
  sceneAt: number | null;
  /** That draw ran in an animation frame (a batched draw), not at once. */
  drawnInFrame: boolean;
}

/**
 * Installed before the page's own scripts (an init script).
 * - stageAt: a MutationObserver sees a canvas inside the stage box; then a requestAnimationFrame and
 *   a task after it (after that frame's paint).
 * - Once the canvas painted and the page is idle (requestIdleCallback, at most `idleTimeoutMs` later),
 *   and `viewTitle` is given, the probe clicks the view's button in the Views list (a row whose text
 *   ends with the title): the 1798 canvas opens on the plan. Clicking on an idle page times the
 *   scene's own drawing, not the rest of the page still starting up (a person clicks later anyway).
 * - sceneAt: the stage's layers are hooked (Konva's 'draw' event, fired once a layer's scene is drawn);
 *   after the first draw that finds `target` entity nodes on the stage, the time is taken once that
 *   draw is painted: a task after the animation frame it ran in (Konva batches draws into frames,
 *   after react-konva or the plain page added nodes), or after the next frame for a draw made at once
 *   (requestAnimationFrame is wrapped to tell). Nothing is watched any more once the scene painted.
 */
export function probeScript(opts: { target: number; stageSelector: string; viewTitle: string | null; idleTimeoutMs?: number }): string {
  return `(() => {
  const TARGET = ${opts.target};
  const STAGE = ${JSON.stringify(opts.stageSelector)};
  const VIEW = ${JSON.stringify(opts.viewTitle)};
  const b = { stageAt: null, switchAt: null, drawStart: null, sceneAt: null };
  b.scene = new Promise((resolve) => { b.painted = resolve; });
  window.__canvasBench = b;
  // Whether code runs inside an animation frame callback (Konva's batched draws do).
  let inFrame = 0;
  const raf = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (cb) => raf((t) => {
    inFrame++;
    try { cb(t); } finally { inFrame--; }
  });
  const hooked = new WeakSet();
  const count = (stage) => stage.find((n) => String(n.id()).startsWith('entity-')).length;
  b.watch = (stage) => {
    for (const layer of stage.getLayers()) {
      if (hooked.has(layer)) continue;
      hooked.add(layer);
      layer.on('draw.canvasBench', () => {
        if (b.sceneAt !== null || b.pending || count(stage) < TARGET) return;
        b.pending = true;
        b.drawnInFrame = inFrame > 0;
        const done = () => {
          b.sceneAt = performance.now();
          for (const l of stage.getLayers()) l.off('draw.canvasBench');
          b.painted();
        };
        // Drawn in an animation frame: painted when it ends, so a task after it. Drawn outside one:
        // painted in the next frame, so a task after that.
        if (b.drawnInFrame) setTimeout(done, 0);
        else requestAnimationFrame(() => setTimeout(done, 0));
      });
    }
  };
  const ourStage = () => (window.Konva ? window.Konva.stages.find((s) => s.container().closest(STAGE)) : undefined);
  const clickView = () => {
    if (b.switchAt !== null || VIEW === null) return true;
    const button = [...document.querySelectorAll('[role="tree"] button')].find((el) => el.textContent.trim().endsWith(VIEW));
    if (!button) return false;
    b.switchAt = performance.now();
    button.click();
    return true;
  };
  // Hook the stage's layers every frame (a layer may come later) until the scene has painted; click
  // the view once the page is idle after the canvas's first frame.
  let idle = false;
  const poll = () => {
    const stage = ourStage();
    if (stage) b.watch(stage);
    if (idle) clickView();
    if (b.sceneAt === null) requestAnimationFrame(poll);
  };
  requestAnimationFrame(poll);
  const mo = new MutationObserver(() => {
    if (!document.querySelector(STAGE + ' canvas')) return;
    mo.disconnect();
    requestAnimationFrame(() => setTimeout(() => {
      b.stageAt = performance.now();
      requestIdleCallback(() => { idle = true; }, { timeout: ${opts.idleTimeoutMs ?? 3000} });
    }, 0));
  });
  mo.observe(document, { childList: true, subtree: true });
})();`;
}

/**
 * Waits until the scene has painted (the probe's sceneAt) and returns the probe's times. Awaits the
 * probe's promise (page.evaluate of an expression: the portal's Content-Security-Policy forbids the
 * eval that waitForFunction's polling needs).
 */
export async function sceneTimes(page: Page, timeoutMs = 60_000): Promise<ProbeTimes> {
  return page.evaluate<ProbeTimes>(`(async () => {
    const b = window.__canvasBench;
    const late = new Promise((_, reject) => setTimeout(() => reject(new Error('the canvas did not paint the scene within ${timeoutMs} ms: ' + JSON.stringify(b))), ${timeoutMs}));
    await Promise.race([b.scene, late]);
    return { stageAt: b.stageAt, switchAt: b.switchAt, drawStart: b.drawStart, sceneAt: b.sceneAt, drawnInFrame: b.drawnInFrame };
  })()`);
}

export interface FrameFigures {
  /** 1000 / the median frame interval. */
  fps: number;
  /** Frames per second over the whole time (frames / time): dropped frames count here, not in the median. */
  meanFps: number;
  p95Ms: number;
  /** Frames over 25 ms (a 60 Hz frame and a half: one missed at least). */
  over25: number;
  frames: number;
  intervals: number[];
}

export function frameFigures(intervals: readonly number[]): FrameFigures {
  const sorted = [...intervals].sort((a, b) => a - b);
  const median = sorted.length % 2 ? sorted[(sorted.length - 1) / 2]! : (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2;
  return {
    fps: 1000 / median,
    meanFps: (1000 * intervals.length) / intervals.reduce((a, b) => a + b, 0),
    p95Ms: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? NaN,
    over25: intervals.filter((d) => d > 25).length,
    frames: intervals.length,
    intervals: [...intervals],
  };
}

/**
 * Frame intervals (ms) while the view is zoomed with the wheel and panned with space + drag for
 * `seconds`, all relative to the stage box's centre (whatever the view's transform when it starts).
 * The same input sequence on every page: step n wheels 60 px in (n % 20 < 10) or out, then drags
 * around a small circle.
 */
export async function framesWhileMoving(page: Page, stageBox: Locator, seconds: number): Promise<number[]> {
  // A page behind another gets about one frame a second: that would measure the browser, not the page.
  if ((await page.evaluate('document.visibilityState')) !== 'visible') throw new Error('the page measured is not visible (bring it to front first)');
  await page.evaluate(`(() => {
    window.__frames = [];
    window.__stop = false;
    const tick = (t) => {
      window.__frames.push(t);
      if (!window.__stop) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })()`);
  const box = (await stageBox.locator('canvas').first().boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  await stageBox.focus();
  const end = Date.now() + seconds * 1000;
  let step = 0;
  while (Date.now() < end) {
    step++;
    await page.mouse.move(cx, cy);
    await page.mouse.wheel(0, step % 20 < 10 ? -60 : 60);
    await page.keyboard.down(' ');
    await page.mouse.down();
    await page.mouse.move(cx + 40 * Math.sin(step / 3), cy + 30 * Math.cos(step / 3), { steps: 4 });
    await page.mouse.up();
    await page.keyboard.up(' ');
  }
  const times = (await page.evaluate(`(() => { window.__stop = true; return window.__frames; })()`)) as number[];
  return times.slice(1).map((t, i) => t - times[i]!);
}
