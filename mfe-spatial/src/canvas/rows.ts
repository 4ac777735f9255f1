import type { ArchCustomViewJson, EntityJson } from '@cpq/domain';
import type { Point } from '@cpq/spatial';
import type { EntityData } from './types.ts';

/** A plan point (x, z) as a drawing point (x, y): the plan is drawn seen from above. */
export const toPoint = (p: { x: number; z: number }): Point => ({ x: p.x, y: p.z });
export const dataOf = (e: EntityJson) => e.data as EntityData;

/** The rows drawn in a viewport (none on the plan or the Panel Layout, where `viewId` is null). */
export const inView = <T extends { customViewId?: number | null }>(rows: readonly T[], viewId: number | null): T[] => rows.filter((r) => viewId !== null && r.customViewId === viewId);
export const entitiesInView = (entities: readonly EntityJson[], viewId: number | null): EntityJson[] => entities.filter((e) => viewId !== null && dataOf(e).archCustomViewId === viewId);

/** The Panel Layout's panels: every viewport's panels, viewport by viewport in rank order, by panel number. */
export function panelsInLayoutOrder(entities: readonly EntityJson[], views: readonly ArchCustomViewJson[]): EntityJson[] {
  const rank = new Map(views.map((v) => [v.id, v.rank]));
  const key = (e: EntityJson) => [rank.get(Number(dataOf(e).archCustomViewId)) ?? 0, Number(dataOf(e).panelNumber ?? 0), e.id] as const;
  return entities
    .filter((e) => e.type === 'calicoMuralPanel')
    .sort((a, b) => {
      const [ka, kb] = [key(a), key(b)];
      return ka[0] - kb[0] || ka[1] - kb[1] || ka[2] - kb[2];
    });
}
