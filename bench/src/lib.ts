/** Shared types and helpers of the benchmark runner (see bench/README.md). */

/** Named numbers a benchmark reports: times in ms, ratios, counts. */
export type Figures = Record<string, number>;

export interface BenchTarget {
  /** The figure checked. */
  figure: string;
  op: '<=' | '>=';
  value: number;
  label?: string;
}

export interface Benchmark {
  name: string;
  targets: BenchTarget[];
  run(): Promise<Figures>;
}

export interface Timing {
  medianMs: number;
  minMs: number;
  p95Ms: number;
  runs: number;
}

/** Runs fn `warmup` times untimed, then `runs` times timed; returns median, min and p95 in ms. */
export function measure(fn: () => unknown, opts: { warmup?: number; runs?: number } = {}): Timing {
  const warmup = opts.warmup ?? 10;
  const runs = Math.max(1, opts.runs ?? 30);
  let sink: unknown;
  for (let i = 0; i < warmup; i++) sink = fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    sink = fn();
    times.push(performance.now() - t0);
  }
  if (sink === Symbol.for('never')) console.log(sink); // keep the result alive
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  const median = times.length % 2 ? times[(times.length - 1) / 2]! : (times[times.length / 2 - 1]! + times[times.length / 2]!) / 2;
  return { medianMs: median, minMs: times[0]!, p95Ms: at(0.95), runs };
}

export function checkTarget(t: BenchTarget, figures: Figures): { actual: number | null; pass: boolean } {
  const actual = figures[t.figure];
  if (typeof actual !== 'number' || Number.isNaN(actual)) return { actual: null, pass: false };
  return { actual, pass: t.op === '<=' ? actual <= t.value : actual >= t.value };
}

/**
 * Measures a against b in alternation (a, b, a, b, ...) so that load from other processes hits both
 * alike, and returns the median of the per-round ratios a/b with each side's median time. A ratio of
 * medians taken at different moments swings with machine load; paired rounds do not.
 */
export function measurePaired(a: () => unknown, b: () => unknown, opts: { warmup?: number; runs?: number } = {}): { ratio: number; a: Timing; b: Timing } {
  const warmup = opts.warmup ?? 10;
  const runs = Math.max(1, opts.runs ?? 51);
  let sink: unknown;
  for (let i = 0; i < warmup; i++) {
    sink = a();
    sink = b();
  }
  const ta: number[] = [];
  const tb: number[] = [];
  const ratios: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    sink = a();
    const t1 = performance.now();
    sink = b();
    const t2 = performance.now();
    ta.push(t1 - t0);
    tb.push(t2 - t1);
    ratios.push((t1 - t0) / (t2 - t1));
  }
  if (sink === Symbol.for('never')) console.log(sink);
  return { ratio: median(ratios), a: timing(ta), b: timing(tb) };
}

function median(xs: number[]): number {
  const s = [...xs].sort((x, y) => x - y);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}

function timing(times: number[]): Timing {
  const s = [...times].sort((x, y) => x - y);
  return { medianMs: median(s), minMs: s[0]!, p95Ms: s[Math.min(s.length - 1, Math.floor(0.95 * s.length))]!, runs: s.length };
}
