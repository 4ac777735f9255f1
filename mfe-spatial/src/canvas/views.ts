import type { ArchCustomViewJson } from '@cpq/domain';

export type ViewRef = { kind: 'plan' } | { kind: 'customView'; id: number } | { kind: 'panelLayout' };

/**
 * The views a person steps through: the plan (when the organisation draws one), the viewports by rank,
 * then the Panel Layout (where murals are planned).
 */
export function viewList(planView: boolean, views: readonly ArchCustomViewJson[], panelLayout = false): ViewRef[] {
  const custom = [...views].sort((a, b) => a.rank - b.rank || a.id - b.id).map((v) => ({ kind: 'customView' as const, id: v.id }));
  return [...(planView ? [{ kind: 'plan' as const }] : []), ...custom, ...(panelLayout ? [{ kind: 'panelLayout' as const }] : [])];
}

export const sameView = (a: ViewRef | null, b: ViewRef | null) => !!a && !!b && a.kind === b.kind && (a.kind !== 'customView' || a.id === (b as { id: number }).id);

/** "2 / 3 · North Wall": the view's number among all views and its title. */
export function viewLabel(list: readonly ViewRef[], current: ViewRef | null, views: readonly ArchCustomViewJson[]): string {
  if (!current) return 'No views yet';
  const n = list.findIndex((v) => sameView(v, current)) + 1;
  const title = current.kind === 'plan' ? 'Plan' : current.kind === 'panelLayout' ? 'Panel Layout' : (views.find((v) => v.id === current.id)?.title ?? 'Viewport');
  return `${n} / ${list.length} · ${title}`;
}

/** The view before or after the current one, or null at either end. */
export function stepView(list: readonly ViewRef[], current: ViewRef | null, step: -1 | 1): ViewRef | null {
  const i = list.findIndex((v) => sameView(v, current));
  return i < 0 ? (list[0] ?? null) : (list[i + step] ?? null);
}

/** A typed rank: a number is clamped to 1..count (the server does the same); anything else is ignored. */
export function parseRank(input: string, count: number): number | null {
  const n = Number.parseFloat(input);
  if (!Number.isFinite(n)) return null;
  return Math.min(Math.max(Math.round(n), 1), Math.max(count, 1));
}

/** Numbers typed in an entity editor are parsed as floats; anything else is refused. */
export function parseNumberField(input: string, opts: { positive?: boolean } = {}): { ok: true; value: number } | { ok: false; message: string } {
  const n = Number.parseFloat(input);
  if (!Number.isFinite(n)) return { ok: false, message: 'Enter a number.' };
  if (opts.positive && n <= 0) return { ok: false, message: 'Enter a number above 0.' };
  return { ok: true, value: n };
}
