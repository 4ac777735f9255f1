/**
 * Option availability with full propagation after an option change, on a generated product of
 * 60 single-select properties × 50 options and 200 rules (60 % incompatible 1–3 × 1–3 options,
 * 40 % compatible 1–2 options → 2–20 options of another property; one property in six has 60 % of
 * its options disabled for the product; viewer: a guest, so internal options (5 %) are hidden). A session of 200 option
 * changes (random property, random offered option) is replayed; each change is timed as
 * checkOptionChoice (refusal check + the new availability) and as computeAvailability alone.
 * Baseline, same run: availability without propagation (publish level and direct conflicts with
 * the current selection in both directions, straight from the rules), what a naive configurator
 * shows; `optionsRemovedByPropagation` counts the dead ends it would offer (average per state).
 */
import { checkOptionChoice, computeAvailability, type InstanceProperties } from '@cpq/domain';
import { generatedCatalogue } from '../../packages/domain/src/availability/fixtures.test-utils.ts';
import type { Benchmark, Figures } from './lib.ts';

const CHANGES = 200;

function stats(times: number[]) {
  const t = [...times].sort((a, b) => a - b);
  const median = t.length % 2 ? t[(t.length - 1) / 2]! : (t[t.length / 2 - 1]! + t[t.length / 2]!) / 2;
  return { median, p95: t[Math.min(t.length - 1, Math.floor(0.95 * t.length))]!, max: t[t.length - 1]! };
}

function run(): Figures {
  const { catalogue, product, properties, options, rules, rnd } = generatedCatalogue(850);
  const viewer = { role: 'guest' };
  const base = { product, catalogue, viewer, optionFilters: [] };

  // Baseline: no propagation.
  const optById = new Map(options.map((o) => [o.id, o]));
  const disabledIds = new Set(Object.values(product.associations.productProperties ?? {}).flatMap((v) => v.disabledProductOptionIds ?? []));
  const naive = (sel: InstanceProperties) => {
    const selected = new Set<number>();
    for (const v of Object.values(sel)) if (typeof v.optionId === 'number') selected.add(v.optionId);
    const out: Record<string, number[]> = {};
    const blocked = new Set<number>();
    for (const r of rules) {
      // Both directions, like the engine: a selected to-option blocks the from-options (incompatible);
      // a selected option outside toIds in a property holding toIds blocks the from-options (compatible).
      const toProps = new Set(r.toIds.map((t) => optById.get(t)!.productPropertyId));
      if (r.type === 'incompatible') {
        if (r.fromIds.some((f) => selected.has(f))) for (const t of r.toIds) blocked.add(t);
        if (r.toIds.some((t) => selected.has(t))) for (const f of r.fromIds) blocked.add(f);
        continue;
      }
      for (const f of r.fromIds) {
        const own = optById.get(f)!.productPropertyId;
        if (selected.has(f)) {
          for (const o of options) if (toProps.has(o.productPropertyId) && o.productPropertyId !== own && !r.toIds.includes(o.id)) blocked.add(o.id);
        }
        for (const sId of selected) {
          const sp = optById.get(sId)!.productPropertyId;
          if (toProps.has(sp) && sp !== own && !r.toIds.includes(sId)) blocked.add(f);
        }
      }
    }
    for (const p of properties) {
      out[String(p.id)] = catalogue
        .optionsOf(p.id)
        .filter((o) => o.publishLevel === 'all' && !o.archived && !disabledIds.has(o.id) && (!blocked.has(o.id) || sel[String(p.id)]?.optionId === o.id))
        .map((o) => o.id);
    }
    return out;
  };

  // Record a session of option changes.
  const states: InstanceProperties[] = [];
  const changes: Array<{ before: InstanceProperties; propertyId: number; optionId: number }> = [];
  let sel: InstanceProperties = {};
  let availability = computeAvailability({ ...base, instance: { productId: product.id, quantity: 1, properties: sel } });
  let refused = 0;
  while (changes.length < CHANGES) {
    const p = properties[Math.floor(rnd() * properties.length)]!;
    const offered = availability.properties[String(p.id)]!.offered;
    if (!offered.length) throw new Error(`property ${p.id} offers nothing`);
    const optionId = offered[Math.floor(rnd() * offered.length)]!;
    const r = checkOptionChoice({ ...base, instance: { productId: product.id, quantity: 1, properties: sel }, propertyId: p.id, optionId });
    if (!r.ok) {
      refused++;
      continue;
    }
    changes.push({ before: sel, propertyId: p.id, optionId });
    sel = r.selection;
    availability = r.availability;
    states.push(sel);
  }
  if (refused) throw new Error(`${refused} offered options were refused`);

  // Correctness: propagation only ever removes options from the naive offer.
  let removedByPropagation = 0;
  let inexact = 0;
  for (const s of states) {
    const a = computeAvailability({ ...base, instance: { productId: product.id, quantity: 1, properties: s } });
    if (!a.exact) inexact++;
    const n = naive(s);
    for (const [pid, v] of Object.entries(a.properties)) {
      const allowed = new Set(n[pid]);
      for (const o of v.offered) if (!allowed.has(o)) throw new Error(`option ${o} offered by the engine but not by the baseline`);
      removedByPropagation += n[pid]!.length - v.offered.length;
    }
  }

  const time = (fn: (i: number) => unknown, rounds: number) => {
    const times: number[] = [];
    for (let round = 0; round < rounds; round++) {
      for (let i = 0; i < states.length; i++) {
        const t0 = performance.now();
        fn(i);
        const dt = performance.now() - t0;
        if (round > 0) times.push(dt);
      }
    }
    return stats(times);
  };
  const change = time((i) => {
    const c = changes[i]!;
    return checkOptionChoice({ ...base, instance: { productId: product.id, quantity: 1, properties: c.before }, propertyId: c.propertyId, optionId: c.optionId });
  }, 3);
  const engine = time((i) => computeAvailability({ ...base, instance: { productId: product.id, quantity: 1, properties: states[i]! } }), 3);
  const baseline = time((i) => naive(states[i]!), 3);
  const selectedAtEnd = Object.values(sel).filter((v) => typeof v.optionId === 'number').length;

  return {
    changeMedianMs: change.median,
    changeP95Ms: change.p95,
    changeMaxMs: change.max,
    availabilityMedianMs: engine.median,
    availabilityP95Ms: engine.p95,
    baselineMedianMs: baseline.median,
    baselineP95Ms: baseline.p95,
    ratioVsBaseline: engine.median / baseline.median,
    optionsRemovedByPropagation: removedByPropagation / states.length,
    inexactResults: inexact,
    selectedPropertiesAtEnd: selectedAtEnd,
  };
}

export const benchmarks: Benchmark[] = [
  {
    name: 'availability: 60 properties x 50 options, 200 rules, per option change',
    targets: [
      { figure: 'changeMedianMs', op: '<=', value: 5, label: 'option change with full propagation under 5 ms (median)' },
      { figure: 'changeP95Ms', op: '<=', value: 5, label: 'and at p95' },
      { figure: 'inexactResults', op: '<=', value: 0, label: 'node budget never exceeded' },
    ],
    async run() {
      return run();
    },
  },
];
