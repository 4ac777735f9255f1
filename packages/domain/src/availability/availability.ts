/**
 * Option availability (docs/availability.md): for a product instance, its product and a viewer,
 * the options each select property offers, why the others are unavailable, whether a choice is
 * accepted, and which current selections are not allowed.
 */
import type { Product, ProductOption } from '../schemas/catalogue.ts';
import type { CatalogueIndex } from '../engine/catalogue.ts';
import type { OptionFilter } from '../engine/hooks.ts';
import type { InstanceLike, InstanceProperties, ProductRule, RuleType, Viewer } from '../engine/types.ts';
import { visiblePublishLevels } from '../visibility.ts';
import { constraintGraph, conflicts, type ConstraintGraph } from './graph.ts';
import { BUDGET, Solver } from './solver.ts';

export type UnavailableReasonKind =
  | 'publishLevel'
  | 'archived'
  | 'disabledForProduct'
  | 'rule'
  | 'pluginFilter'
  | 'deadEnd'
  | 'unknownOption';

/** The selection (or the product) that triggered a rule. */
export type ReasonTrigger =
  | { propertyId: number; propertyTitle: string; optionId: number; optionTitle: string }
  | { productId: number; productTitle: string };

export interface UnavailableReason {
  kind: UnavailableReasonKind;
  /** A sentence for the user. */
  message: string;
  ruleId?: number;
  ruleType?: RuleType;
  trigger?: ReasonTrigger;
  /** deadEnd: the properties the option would leave without options (when one is identified). */
  emptyPropertyIds?: number[];
}

export interface UnavailableOption {
  optionId: number;
  reasons: UnavailableReason[];
}

export interface PropertyAvailability {
  /** Options that can be chosen, in rank order. */
  offered: number[];
  /** Options the viewer may see but cannot choose now, in rank order, with reasons. */
  unavailable: UnavailableOption[];
}

export interface Availability {
  /** Keyed by property id (as text, like productInstance.properties); select properties only. */
  properties: Record<string, PropertyAvailability>;
  /** False when the node budget ran out (or no complete configuration exists): offers are then arc-consistent only. */
  exact: boolean;
  /** False when the product admits no complete configuration at all for this viewer (catalogue problem). */
  satisfiable: boolean;
}

export interface AvailabilityInput {
  product: Product;
  instance: InstanceLike;
  catalogue: CatalogueIndex;
  viewer: Viewer;
  optionFilters?: readonly OptionFilter[];
  /** Search nodes allowed per call before falling back to arc consistency (default 100 000). */
  nodeBudget?: number;
}

export interface OptionChoiceInput extends AvailabilityInput {
  propertyId: number;
  optionId: number;
}

export interface ClearedSelection {
  propertyId: number;
  optionId: number;
  reasons: UnavailableReason[];
}

export type OptionChoiceResult =
  | { ok: true; availability: Availability; selection: InstanceProperties; cleared: ClearedSelection[] }
  | { ok: false; message: string; emptyPropertyIds: number[]; reasons?: UnavailableReason[] };

export interface InvalidSelection {
  propertyId: number;
  optionId: number;
  reasons: UnavailableReason[];
}

const DEFAULT_BUDGET = 100_000;

export function oopsMessage(titles: readonly string[]): string {
  return `Oops selecting this option means ${joinTitles(titles)} will not have any options. Please select another option or update your other options.`;
}

/** "A", "A and B", "A, B and C". */
export function joinTitles(titles: readonly string[]): string {
  if (titles.length <= 1) return titles[0] ?? '';
  return `${titles.slice(0, -1).join(', ')} and ${titles[titles.length - 1]}`;
}

// ---------------------------------------------------------------------------------------------
// Per-call context: the selection and the unary domains (publish level, archived, disabled,
// product rules, plugin filters).

interface Ctx {
  g: ConstraintGraph;
  input: AvailabilityInput;
  selection: InstanceProperties;
  /** Selected option (global index) per property, -1 when none or not an option of it. */
  sel: Int32Array;
  /** Selected option id per property as stored (may be an unknown id). */
  rawSel: (number | null)[];
  unary: Uint32Array;
  hidden: Uint8Array;
  unaryReasons: Map<number, UnavailableReason[]>;
  required: Uint8Array;
  active: Uint8Array;
}

function selectedId(selection: InstanceProperties, propertyId: number): number | null {
  const v = selection[String(propertyId)]?.optionId;
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

function addReason(map: Map<number, UnavailableReason[]>, g: number, r: UnavailableReason) {
  const list = map.get(g);
  if (list) list.push(r);
  else map.set(g, [r]);
}

function productTrigger(product: Product): ReasonTrigger {
  return { productId: product.id, productTitle: product.title };
}

/**
 * `keptFrom`: the selection whose chosen options stay offered though archived or hidden by publish
 * level (the stored one; a new choice does not make an archived or hidden option available).
 */
function buildCtx(input: AvailabilityInput, selection: InstanceProperties, keptFrom: InstanceProperties = selection): Ctx {
  const { product, viewer, catalogue } = input;
  const g = constraintGraph(catalogue, product);
  const P = g.props.length;
  const sel = new Int32Array(P).fill(-1);
  const rawSel: (number | null)[] = [];
  const unary = new Uint32Array(g.totalWords);
  const hidden = new Uint8Array(g.n);
  const unaryReasons = new Map<number, UnavailableReason[]>();
  const required = new Uint8Array(P);
  const active = new Uint8Array(P);
  const levels = visiblePublishLevels(viewer.role);

  for (const node of g.props) {
    const chosenId = selectedId(selection, node.property.id);
    rawSel.push(chosenId);
    const chosen = chosenId === null ? -1 : (g.optIndexById.get(chosenId) ?? -1);
    if (chosen >= 0 && g.optProp[chosen] === node.index) sel[node.index] = chosen;
    const keptId = keptFrom === selection ? chosenId : selectedId(keptFrom, node.property.id);
    const kept = keptId === chosenId ? sel[node.index]! : -1;
    const left: number[] = [];
    for (let i = 0; i < node.count; i++) {
      const gi = node.start + i;
      const o = g.options[gi]!;
      const isChosen = gi === kept;
      const published = levels.includes(o.publishLevel ?? 'all');
      if (!published && !isChosen) {
        hidden[gi] = 1;
        continue;
      }
      let ok = true;
      let staticOk = published;
      if (o.archived) {
        staticOk = false;
        if (!isChosen) {
          ok = false;
          addReason(unaryReasons, gi, { kind: 'archived', message: 'This option has been archived.' });
        }
      }
      if (g.disabled[gi]) {
        ok = staticOk = false;
        addReason(unaryReasons, gi, { kind: 'disabledForProduct', message: `Not available for ${product.title}.` });
      }
      for (const rule of g.productRuleRemovals.get(gi) ?? []) {
        ok = staticOk = false;
        addReason(unaryReasons, gi, {
          kind: 'rule',
          ruleId: rule.id,
          ruleType: rule.type,
          trigger: productTrigger(product),
          message: `Not available for ${product.title}: rule ${rule.id} (${rule.type}).`,
        });
      }
      if (staticOk) required[node.index] = 1;
      if (ok) left.push(gi);
    }
    // Organisation filters: after the product-level rules, against the current selection.
    let ids = left.map((gi) => g.options[gi]!.id);
    for (const filter of input.optionFilters ?? []) {
      if (!ids.length) break;
      const removals = filter({ product, propertyId: node.property.id, optionIds: ids, selection, viewer, catalogue });
      if (!removals.length) continue;
      const removed = new Set<number>();
      for (const r of removals) {
        if (!ids.includes(r.optionId) || removed.has(r.optionId)) continue;
        removed.add(r.optionId);
        addReason(unaryReasons, g.optIndexById.get(r.optionId)!, { kind: 'pluginFilter', message: r.reason });
      }
      ids = ids.filter((id) => !removed.has(id));
    }
    for (const id of ids) {
      const local = g.optIndexById.get(id)! - node.start;
      unary[node.wordOff + (local >>> 5)]! |= 1 << (local & 31);
    }
    active[node.index] = required[node.index] || ids.length ? 1 : 0;
  }
  return { g, input, selection, sel, rawSel, unary, hidden, unaryReasons, required, active };
}

function levelsOk(input: AvailabilityInput, gi: number, g: ConstraintGraph): boolean {
  return visiblePublishLevels(input.viewer.role).includes(g.options[gi]!.publishLevel ?? 'all');
}

function inUnary(ctx: Ctx, gi: number): boolean {
  const node = ctx.g.props[ctx.g.optProp[gi]!]!;
  const local = gi - node.start;
  return (ctx.unary[node.wordOff + (local >>> 5)]! & (1 << (local & 31))) !== 0;
}

/** Rule reasons for option v against the fixed selections of other properties. */
function ruleReasons(ctx: Ctx, v: number, fixedProps: readonly number[]): UnavailableReason[] {
  const { g } = ctx;
  const p = g.optProp[v]!;
  const out: UnavailableReason[] = [];
  for (let e = g.confStart[v]!; e < g.confStart[v + 1]!; e++) {
    const q = g.confProp[e]!;
    const b = ctx.sel[q]!;
    if (q === p || b < 0 || !fixedProps.includes(q)) continue;
    const local = b - g.props[q]!.start;
    if ((g.pool[g.confMask[e]! + (local >>> 5)]! & (1 << (local & 31))) === 0) continue;
    const opt = g.options[b]!;
    const prop = g.props[q]!.property;
    for (const rule of g.pairRules.get(v * g.n + b) ?? []) out.push(ruleReason(rule, prop.id, prop.title, opt));
  }
  return out;
}

function ruleReason(rule: ProductRule, propertyId: number, propertyTitle: string, opt: ProductOption): UnavailableReason {
  return {
    kind: 'rule',
    ruleId: rule.id,
    ruleType: rule.type,
    trigger: { propertyId, propertyTitle, optionId: opt.id, optionTitle: opt.title },
    message: `Not available with ${opt.title} (${propertyTitle}): rule ${rule.id} (${rule.type}).`,
  };
}

/** Why option v of property p leads nowhere though it conflicts with no fixed selection. */
function deadEndReason(ctx: Ctx, solver: Solver, problem: Uint32Array, p: number, v: number): UnavailableReason {
  const { g } = ctx;
  // Direct effect first: properties with no option left compatible with v.
  const empty: number[] = [];
  for (let e = g.confStart[v]!; e < g.confStart[v + 1]!; e++) {
    const q = g.confProp[e]!;
    if (q === p || !ctx.active[q]) continue;
    const node = g.props[q]!;
    const off = g.confMask[e]!;
    let any = false;
    for (let w = 0; w < node.words && !any; w++) if ((problem[node.wordOff + w]! & ~g.pool[off + w]!) !== 0) any = true;
    if (!any) empty.push(q);
  }
  if (!empty.length) {
    const d = problem.slice();
    solver.fix(d, p, v);
    const wiped = solver.propagate(d);
    if (wiped >= 0 && wiped !== p) empty.push(wiped);
  }
  if (empty.length) {
    empty.sort((a, b) => a - b);
    const titles = empty.map((q) => g.props[q]!.property.title);
    return {
      kind: 'deadEnd',
      emptyPropertyIds: empty.map((q) => g.props[q]!.property.id),
      message: `Would leave ${joinTitles(titles)} with no options.`,
    };
  }
  return { kind: 'deadEnd', message: 'No complete configuration with your other selections includes this option.' };
}

// ---------------------------------------------------------------------------------------------
// Analysis

const St = { Unknown: 0, Supported: 1, Dead: 2, Inexact: 3 } as const;

/**
 * The core: the current selections allowed by the unary filters that fit together in a complete
 * configuration. Normally all of them; after a catalogue change they may not, then the earliest
 * (the pinned property, then by rank) win and the others are left out (shown as not allowed).
 */
function coreOf(ctx: Ctx, solver: Solver, pinned = -1, hint?: Int32Array | null): { core: number[]; witness: Int32Array | null; satisfiable: boolean } {
  const { g } = ctx;
  const cands: number[] = [];
  const order = pinned >= 0 ? [pinned, ...g.props.map((n) => n.index).filter((i) => i !== pinned)] : g.props.map((n) => n.index);
  for (const p of order) if (ctx.sel[p]! >= 0 && inUnary(ctx, ctx.sel[p]!)) cands.push(p);
  if (hint && isSolution(ctx, hint) && cands.every((p) => hint[p] === ctx.sel[p])) return { core: cands, witness: hint, satisfiable: true };
  const fixedDom = (set: readonly number[]) => {
    const d = ctx.unary.slice();
    for (const p of set) solver.fix(d, p, ctx.sel[p]!);
    return d;
  };
  const all = solver.solve(fixedDom(cands));
  if (all instanceof Int32Array) return { core: cands, witness: all, satisfiable: true };
  if (all === BUDGET) return { core: cands, witness: null, satisfiable: true };
  const core: number[] = [];
  for (const c of cands) if (solver.solve(fixedDom([...core, c])) !== null) core.push(c);
  const r = solver.solve(fixedDom(core));
  return { core, witness: r instanceof Int32Array ? r : null, satisfiable: r !== null };
}

/** Whether w is a complete configuration for this context (a value in every active property, no conflict). */
function isSolution(ctx: Ctx, w: Int32Array): boolean {
  const g = ctx.g;
  if (w.length !== g.props.length) return false;
  for (let p = 0; p < w.length; p++) {
    const v = w[p]!;
    if (!ctx.active[p]) {
      if (v >= 0) return false;
      continue;
    }
    if (v < 0 || g.optProp[v] !== p || !inUnary(ctx, v)) return false;
    for (let e = g.confStart[v]!; e < g.confStart[v + 1]!; e++) {
      const b = w[g.confProp[e]!]!;
      if (b < 0) continue;
      const local = b - g.props[g.confProp[e]!]!.start;
      if ((g.pool[g.confMask[e]! + (local >>> 5)]! & (1 << (local & 31))) !== 0) return false;
    }
  }
  return true;
}

function analyse(ctx: Ctx, pinned = -1, hint?: Int32Array | null): Availability {
  const { g } = ctx;
  const solver = new Solver(g, ctx.active, ctx.input.nodeBudget ?? DEFAULT_BUDGET);
  const P = g.props.length;
  const found = coreOf(ctx, solver, pinned, hint);
  const { core, witness } = found;
  const isCore = new Uint8Array(P);
  for (const p of core) isCore[p] = 1;
  const status = new Uint8Array(g.n);
  const deadReasons = new Map<number, UnavailableReason[]>();

  const acK = found.satisfiable ? problemDomain(ctx, solver, isCore, -1) : null;
  if (!acK) {
    // No complete configuration (catalogue problem) or budget: offer what no selection forbids.
    const cands = g.props.map((n) => n.index).filter((q) => ctx.sel[q]! >= 0 && inUnary(ctx, ctx.sel[q]!));
    for (const node of g.props) {
      for (let v = node.start; v < node.start + node.count; v++) {
        if (!inUnary(ctx, v)) continue;
        const rr = ruleReasons(ctx, v, cands);
        if (rr.length) {
          status[v] = St.Dead;
          deadReasons.set(v, rr);
        } else status[v] = St.Inexact;
      }
    }
    return result(ctx, status, deadReasons, false, found.satisfiable);
  }

  const witnesses: Int32Array[] = witness ? [witness] : [];
  if (witness) markFree(status, isCore, witness);
  for (const p of core) status[ctx.sel[p]!] = witness ? St.Supported : St.Inexact;

  // Free properties: problem K (every core selection fixed).
  for (const node of g.props) {
    const p = node.index;
    if (isCore[p] || !ctx.active[p]) continue;
    for (let v = node.start; v < node.start + node.count; v++) {
      if (status[v] !== St.Unknown || !inUnary(ctx, v)) continue;
      if (conflictsWithFixed(ctx, v, isCore, -1)) {
        status[v] = St.Dead;
        deadReasons.set(v, ruleReasons(ctx, v, core));
        continue;
      }
      if (substitutes(ctx, solver, witnesses, isCore, p, v)) {
        status[v] = St.Supported;
        continue;
      }
      const r = searchSupport(solver, acK, p, v, witnesses);
      if (r instanceof Int32Array) markFree(status, isCore, r);
      status[v] = r instanceof Int32Array ? St.Supported : r === BUDGET ? St.Inexact : St.Dead;
      if (r === null) deadReasons.set(v, [deadEndReason(ctx, solver, acK, p, v)]);
    }
  }
  // Selected properties: problem K \ {p} (the others fixed, p free).
  for (const p of core) {
    const node = g.props[p]!;
    let acP: Uint32Array | null | undefined;
    const local = witness ? [witness] : [];
    for (let v = node.start; v < node.start + node.count; v++) {
      if (status[v] !== St.Unknown || !inUnary(ctx, v)) continue;
      if (conflictsWithFixed(ctx, v, isCore, p)) {
        status[v] = St.Dead;
        deadReasons.set(v, ruleReasons(ctx, v, core));
        continue;
      }
      if (substitutes(ctx, solver, local, isCore, p, v)) {
        status[v] = St.Supported;
        continue;
      }
      if (acP === undefined) acP = problemDomain(ctx, solver, isCore, p);
      const r = acP ? searchSupport(solver, acP, p, v, local) : null;
      status[v] = r instanceof Int32Array ? St.Supported : r === BUDGET ? St.Inexact : St.Dead;
      if (r === null) deadReasons.set(v, [deadEndReason(ctx, solver, acP ?? ctx.unary, p, v)]);
    }
  }
  return result(ctx, status, deadReasons, !solver.exceeded, true);
}

function markFree(status: Uint8Array, isCore: Uint8Array, w: Int32Array) {
  for (let p = 0; p < w.length; p++) if (!isCore[p] && w[p]! >= 0) status[w[p]!] = St.Supported;
}

/**
 * Whether v (of p) fits a known solution in place of its value there, or after replacing the
 * values of the free properties v conflicts with (one repair step, each replacement compatible
 * with everything else). A repaired solution is remembered as a new witness.
 */
function substitutes(ctx: Ctx, solver: Solver, witnesses: Int32Array[], isFixed: Uint8Array, p: number, v: number): boolean {
  for (const w of witnesses) if (solver.compatibleWith(w, p, v)) return true;
  const g = ctx.g;
  for (const w of witnesses) {
    const w2 = w.slice();
    w2[p] = v;
    let ok = true;
    for (let e = g.confStart[v]!; e < g.confStart[v + 1]! && ok; e++) {
      const q = g.confProp[e]!;
      const b = w2[q]!;
      if (q === p || b < 0) continue;
      const local = b - g.props[q]!.start;
      if ((g.pool[g.confMask[e]! + (local >>> 5)]! & (1 << (local & 31))) === 0) continue;
      if (isFixed[q]) {
        ok = false;
        break;
      }
      ok = false;
      const qn = g.props[q]!;
      for (let c = qn.start; c < qn.start + qn.count; c++) {
        if (c === b || !inUnary(ctx, c) || !solver.compatibleWith(w2, q, c)) continue;
        w2[q] = c;
        ok = true;
        break;
      }
    }
    if (ok) {
      witnesses.push(w2);
      if (witnesses.length > 8) witnesses.splice(1, 1);
      return true;
    }
  }
  return false;
}

/** A solution with p = v from an arc-consistent problem domain (remembered as a witness), null, or BUDGET. */
function searchSupport(solver: Solver, ac: Uint32Array, p: number, v: number, witnesses: Int32Array[]) {
  if (!solver.has(ac, v)) return null;
  const d = ac.slice();
  solver.fix(d, p, v);
  if (solver.propagate(d, [p]) !== -1) return null;
  const r = solver.search(d, witnesses[0]);
  if (r instanceof Int32Array) {
    witnesses.unshift(r);
    if (witnesses.length > 8) witnesses.pop();
  }
  return r;
}

/** Whether v conflicts with the selection of a fixed property other than `except`. */
function conflictsWithFixed(ctx: Ctx, v: number, isFixed: Uint8Array, except: number): boolean {
  const g = ctx.g;
  for (let e = g.confStart[v]!; e < g.confStart[v + 1]!; e++) {
    const q = g.confProp[e]!;
    if (!isFixed[q] || q === except) continue;
    const local = ctx.sel[q]! - g.props[q]!.start;
    if ((g.pool[g.confMask[e]! + (local >>> 5)]! & (1 << (local & 31))) !== 0) return true;
  }
  return false;
}

/**
 * The arc-consistent domain of the problem where every fixed property except `except` holds its
 * selection, or null when a domain is wiped out. The fixed selections fit together (they share a
 * witness), so after forward checking from them only the free properties need propagating.
 */
function problemDomain(ctx: Ctx, solver: Solver, isFixed: Uint8Array, except: number): Uint32Array | null {
  const g = ctx.g;
  const d = ctx.unary.slice();
  const queue: number[] = [];
  for (const node of g.props) {
    const p = node.index;
    if (!isFixed[p] || p === except) {
      if (ctx.active[p]) queue.push(p);
      continue;
    }
    const a = ctx.sel[p]!;
    solver.fix(d, p, a);
    for (let e = g.confStart[a]!; e < g.confStart[a + 1]!; e++) {
      const q = g.confProp[e]!;
      if (isFixed[q] && q !== except) continue;
      const qn = g.props[q]!;
      const off = g.confMask[e]!;
      for (let w = 0; w < qn.words; w++) d[qn.wordOff + w]! &= ~g.pool[off + w]!;
    }
  }
  return solver.propagate(d, queue) === -1 ? d : null;
}

function result(
  ctx: Ctx,
  status: Uint8Array,
  deadReasons: Map<number, UnavailableReason[]>,
  exact: boolean,
  satisfiable: boolean,
): Availability {
  const { g } = ctx;
  const properties: Record<string, PropertyAvailability> = {};
  for (const node of g.props) {
    const offered: number[] = [];
    const unavailable: UnavailableOption[] = [];
    for (let v = node.start; v < node.start + node.count; v++) {
      if (ctx.hidden[v]) continue;
      const id = g.options[v]!.id;
      if (inUnary(ctx, v) && (status[v] === St.Supported || status[v] === St.Inexact)) offered.push(id);
      else
        unavailable.push({
          optionId: id,
          reasons: ctx.unaryReasons.get(v) ?? deadReasons.get(v) ?? [
            { kind: 'deadEnd', message: 'No complete configuration with your other selections includes this option.' },
          ],
        });
    }
    properties[String(node.property.id)] = { offered, unavailable };
  }
  return { properties, exact, satisfiable };
}

// ---------------------------------------------------------------------------------------------
// Public API

/** The options each select property of the instance's product offers to this viewer, with reasons for the others. */
export function computeAvailability(input: AvailabilityInput): Availability {
  return analyse(buildCtx(input, input.instance.properties ?? {}));
}

/** Whether an option is offered for a property in a computed availability. */
export function isSelectionAllowed(availability: Availability, propertyId: number, optionId: number): boolean {
  return availability.properties[String(propertyId)]?.offered.includes(optionId) ?? false;
}

/**
 * The instance's current selections (select properties of the product only) that are not allowed:
 * the validation rule "a single-select property is invalid if the chosen option is not among the
 * allowed options". Pass a computed availability to avoid computing it again.
 */
export function invalidSelections(input: AvailabilityInput, availability?: Availability): InvalidSelection[] {
  const ctx = buildCtx(input, input.instance.properties ?? {});
  const av = availability ?? analyse(ctx);
  const out: InvalidSelection[] = [];
  for (const node of ctx.g.props) {
    const optionId = ctx.rawSel[node.index];
    if (optionId === null || optionId === undefined) continue;
    const pa = av.properties[String(node.property.id)];
    if (pa?.offered.includes(optionId)) continue;
    if (ctx.sel[node.index]! < 0) {
      out.push({
        propertyId: node.property.id,
        optionId,
        reasons: [{ kind: 'unknownOption', message: `This is not an option of ${node.property.title}.` }],
      });
      continue;
    }
    const u = pa?.unavailable.find((x) => x.optionId === optionId);
    out.push({ propertyId: node.property.id, optionId, reasons: u?.reasons ?? [{ kind: 'publishLevel', message: 'This option is not available.' }] });
  }
  return out;
}

/**
 * Choose optionId for propertyId. Refused when the option is not available in itself (unknown,
 * hidden, archived, disabled, removed by a product rule or a plugin filter), or with the "Oops selecting
 * this option means X will not have any options" message when, with the other selections kept, some other property would have no option left.
 * Otherwise accepted: other selections the choice makes impossible are cleared (listed in `cleared`).
 */
export function checkOptionChoice(input: OptionChoiceInput): OptionChoiceResult {
  const { propertyId, optionId } = input;
  const before = buildCtx(input, input.instance.properties ?? {});
  const g = before.g;
  const p = g.propIndexById.get(propertyId);
  const o = g.optIndexById.get(optionId);
  const notAvailable = (reasons: UnavailableReason[] = []): OptionChoiceResult => ({
    ok: false,
    message: 'This option is not available.',
    emptyPropertyIds: [],
    reasons,
  });
  if (p === undefined || o === undefined || g.optProp[o] !== p) return notAvailable();

  const next: InstanceProperties = { ...(input.instance.properties ?? {}) };
  next[String(propertyId)] = { ...(next[String(propertyId)] ?? {}), optionId };
  const previous = input.instance.properties ?? {};
  let ctx = buildCtx(input, next, previous);
  if (ctx.hidden[o]) return notAvailable();
  if (!inUnary(ctx, o)) return notAvailable(ctx.unaryReasons.get(o) ?? []);

  // Other selections this choice makes impossible: direct rule conflicts, or newly removed by a filter.
  const cleared: ClearedSelection[] = [];
  for (const node of g.props) {
    const q = node.index;
    const b = ctx.sel[q]!;
    if (q === p || b < 0) continue;
    let reasons: UnavailableReason[] | null = null;
    if (inUnary(ctx, b)) {
      if (conflicts(g, o, b)) reasons = ruleReasons(ctx, b, [p]);
    } else if (inUnary(before, b)) reasons = ctx.unaryReasons.get(b) ?? [];
    if (reasons) cleared.push({ propertyId: node.property.id, optionId: g.options[b]!.id, reasons });
  }
  if (cleared.length) {
    for (const c of cleared) next[String(c.propertyId)] = { ...next[String(c.propertyId)], optionId: null };
    ctx = buildCtx(input, next, previous);
  }

  // F: the choice plus the other selections of the current core (those not allowed already stay as
  // they are, neither fixed nor cleared) that are still allowed by the unary filters.
  // (With every still-allowed selection fixed first: when that works, so does F, and it is the usual case.)
  const budget = input.nodeBudget ?? DEFAULT_BUDGET;
  const solver = new Solver(g, ctx.active, budget);
  let fixed: number[] = [p];
  for (const node of g.props) if (node.index !== p && ctx.sel[node.index]! >= 0 && inUnary(ctx, ctx.sel[node.index]!)) fixed.push(node.index);
  const fixedDom = (except = -1) => {
    const d = ctx.unary.slice();
    for (const q of fixed) if (q !== except) solver.fix(d, q, ctx.sel[q]!);
    return d;
  };
  let whole = solver.solve(fixedDom());
  if (whole === null) {
    const coreBefore = coreOf(before, new Solver(g, before.active, budget)).core;
    fixed = [p, ...fixed.filter((q) => q !== p && coreBefore.includes(q))];
    whole = solver.solve(fixedDom());
  }
  if (whole === null) {
    // Which other properties have no option left: Q has none when F \ {Q} has no complete configuration.
    const isFixed = new Set(fixed);
    const empty: number[] = [];
    for (const node of g.props) {
      const q = node.index;
      if (q === p || !ctx.active[q]) continue;
      if (!isFixed.has(q) || solver.solve(fixedDom(q)) === null) empty.push(q);
    }
    if (empty.length) {
      // Name the properties the choice empties directly when there are such, else the first one
      // arc consistency wipes out, else all of them.
      const base = fixedDom();
      const direct = empty.filter((q) => {
        const node = g.props[q]!;
        for (let gi = node.start; gi < node.start + node.count; gi++) {
          if (!inUnary(ctx, gi)) continue;
          let ok = true;
          for (const f of fixed) if (f !== q && conflicts(g, gi, ctx.sel[f]!)) ok = false;
          if (ok) return false;
        }
        return true;
      });
      let named = direct;
      if (!named.length) {
        const w = solver.propagate(base);
        named = w >= 0 && empty.includes(w) ? [w] : empty;
      }
      return {
        ok: false,
        message: oopsMessage(named.map((q) => g.props[q]!.property.title)),
        emptyPropertyIds: named.map((q) => g.props[q]!.property.id),
      };
    }
  }
  // As stored from now on: the previous option of this property is no longer kept (a new context
  // only when that option was one kept though archived or hidden).
  const prevId = selectedId(previous, propertyId);
  const prev = prevId === null ? undefined : g.optIndexById.get(prevId);
  const same = prev === undefined || prev === o || g.optProp[prev] !== p || (!before.hidden[prev] && !g.options[prev]!.archived && levelsOk(input, prev, g));
  const finalCtx = same ? ctx : buildCtx(input, next);
  return { ok: true, availability: analyse(finalCtx, p, whole instanceof Int32Array ? whole : null), selection: next, cleared };
}
