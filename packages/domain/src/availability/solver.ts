/**
 * A small finite-domain solver over a ConstraintGraph: domains are bitsets (one Uint32Array, each
 * property owning `words` words at `wordOff`), constraints are the graph's nogood pairs.
 * `propagate` is AC-3; `search` is MAC (maintain arc consistency) with smallest-domain-first
 * variable order and a value hint (solution-guided), under a node budget.
 */
import type { ConstraintGraph } from './graph.ts';

/** search() result when the node budget ran out. */
export const BUDGET = Symbol('budget');

export function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

export class Solver {
  nodes = 0;
  exceeded = false;
  private readonly inQueue: Uint8Array;
  private readonly queue: Int32Array;

  constructor(
    readonly g: ConstraintGraph,
    /** Properties that take part (a property with no possible option and not required is left out). */
    readonly active: Uint8Array,
    readonly budget: number,
  ) {
    this.inQueue = new Uint8Array(g.props.length);
    this.queue = new Int32Array(g.props.length);
  }

  size(dom: Uint32Array, p: number): number {
    const node = this.g.props[p]!;
    let c = 0;
    for (let w = 0; w < node.words; w++) c += popcount32(dom[node.wordOff + w]!);
    return c;
  }

  has(dom: Uint32Array, global: number): boolean {
    const node = this.g.props[this.g.optProp[global]!]!;
    const local = global - node.start;
    return (dom[node.wordOff + (local >>> 5)]! & (1 << (local & 31))) !== 0;
  }

  /** Restrict property p to one option (global index). */
  fix(dom: Uint32Array, p: number, global: number): void {
    const node = this.g.props[p]!;
    dom.fill(0, node.wordOff, node.wordOff + node.words);
    const local = global - node.start;
    dom[node.wordOff + (local >>> 5)]! |= 1 << (local & 31);
  }

  /**
   * AC-3 from the given changed properties (all active ones when omitted). Returns -1 when every
   * domain is still non-empty, else the index of the first property wiped out.
   */
  propagate(dom: Uint32Array, changed?: readonly number[]): number {
    const { g, active, inQueue, queue } = this;
    const props = g.props;
    const pool = g.pool;
    let head = 0;
    let tail = 0;
    const numProps = props.length;
    const push = (p: number) => {
      inQueue[p] = 1;
      queue[tail] = p;
      tail = (tail + 1) % numProps;
    };
    let queued = 0;
    inQueue.fill(0);
    const start = changed ?? props.map((p) => p.index);
    for (const p of start) {
      if (!active[p] || inQueue[p]) continue;
      if (this.size(dom, p) === 0) return p;
      push(p);
      queued++;
    }
    while (queued > 0) {
      const q = queue[head]!;
      head = (head + 1) % numProps;
      queued--;
      inQueue[q] = 0;
      const qn = props[q]!;
      const qo = qn.wordOff;
      const qw = qn.words;
      for (const arc of g.arcsBySupport[q]!) {
        const r = arc.r;
        if (!active[r]) continue;
        const rn = props[r]!;
        const ro = rn.wordOff;
        let changedR = false;
        let left = 0;
        for (let w = 0; w < rn.words; w++) {
          let x = dom[ro + w]!;
          let keep = x;
          while (x !== 0) {
            const t = x & -x;
            x ^= t;
            const local = (w << 5) | (31 - Math.clz32(t));
            const off = arc.maskByLocal[local]!;
            if (off < 0) continue;
            let supported = false;
            for (let k = 0; k < qw; k++) {
              if ((dom[qo + k]! & ~pool[off + k]!) !== 0) {
                supported = true;
                break;
              }
            }
            if (!supported) {
              keep &= ~t;
              changedR = true;
            }
          }
          dom[ro + w] = keep;
          left |= keep;
        }
        if (changedR) {
          if (left === 0) return r;
          if (!inQueue[r]) {
            push(r);
            queued++;
          }
        }
      }
    }
    return -1;
  }

  /**
   * A complete solution (global option index per property, -1 for inactive ones) in an
   * arc-consistent domain, null when there is none, BUDGET when the node budget ran out.
   */
  search(dom: Uint32Array, hint?: Int32Array | null): Int32Array | null | typeof BUDGET {
    const { g, active } = this;
    let best = -1;
    let bestSize = Infinity;
    for (let p = 0; p < g.props.length; p++) {
      if (!active[p]) continue;
      const s = this.size(dom, p);
      if (s > 1 && s < bestSize) {
        best = p;
        bestSize = s;
      }
    }
    if (best < 0) return this.solutionOf(dom);
    const node = g.props[best]!;
    const first = hint ? hint[best]! : -1;
    const order: number[] = [];
    if (first >= 0 && this.has(dom, first)) order.push(first);
    for (let w = 0; w < node.words; w++) {
      let x = dom[node.wordOff + w]!;
      while (x !== 0) {
        const t = x & -x;
        x ^= t;
        const global = node.start + ((w << 5) | (31 - Math.clz32(t)));
        if (global !== first) order.push(global);
      }
    }
    for (const v of order) {
      if (++this.nodes > this.budget) {
        this.exceeded = true;
        return BUDGET;
      }
      const child = dom.slice();
      this.fix(child, best, v);
      if (this.propagate(child, [best]) !== -1) continue;
      const res = this.search(child, hint);
      if (res !== null) return res;
    }
    return null;
  }

  /** Propagate then search from a domain (left untouched). */
  solve(dom: Uint32Array, hint?: Int32Array | null): Int32Array | null | typeof BUDGET {
    const d = dom.slice();
    if (this.propagate(d) !== -1) return null;
    return this.search(d, hint);
  }

  private solutionOf(dom: Uint32Array): Int32Array {
    const { g, active } = this;
    const sol = new Int32Array(g.props.length).fill(-1);
    for (const node of g.props) {
      if (!active[node.index]) continue;
      for (let w = 0; w < node.words; w++) {
        const x = dom[node.wordOff + w]!;
        if (x !== 0) {
          sol[node.index] = node.start + ((w << 5) | (31 - Math.clz32(x & -x)));
          break;
        }
      }
    }
    return sol;
  }

  /** Whether option v (of property p) conflicts with none of the solution's other values. */
  compatibleWith(sol: Int32Array, p: number, v: number): boolean {
    const g = this.g;
    for (let e = g.confStart[v]!; e < g.confStart[v + 1]!; e++) {
      const q = g.confProp[e]!;
      if (q === p) continue;
      const b = sol[q]!;
      if (b < 0) continue;
      const local = b - g.props[q]!.start;
      if ((g.pool[g.confMask[e]! + (local >>> 5)]! & (1 << (local & 31))) !== 0) return false;
    }
    return true;
  }
}
