import { Circle, Group, Line, Text } from 'react-konva';
import type { ArchWallJson, EntityJson } from '@cpq/domain';
import { SPATIAL_DEFAULTS, moveWallEnd, snapToIncrement, wallLength, wallOutline, type Point } from '@cpq/spatial';
import { gripTarget, wallEnds } from './geometry.ts';
import { dataOf, toPoint } from './rows.ts';
import type { NodeContext, WallKey } from './types.ts';
import type { SpatialDoc } from './useSpatialDoc.ts';

const savedMessage = (key: WallKey) => (key === 'archWalls' ? 'Wall saved.' : 'Elevation saved.');

/** A wall (its outline at its thickness) or an elevation (a line) on the plan, with its length. */
export function WallNode({ wall: w, wallKey: key, ctx }: { wall: ArchWallJson; wallKey: WallKey; ctx: NodeContext }) {
  const isSel = ctx.selection?.key === key && ctx.selection.id === w.id;
  const pts = key === 'archWalls' ? wallOutline(w).flatMap((p) => [p.x, p.z]) : [w.from.x, w.from.z, w.to.x, w.to.z];
  const mid = { x: (w.from.x + w.to.x) / 2, y: (w.from.z + w.to.z) / 2 };
  const editable = ctx.canEdit && !ctx.hasTentative;
  return (
    <Group>
      <Line
        id={`${key}-${w.id}`}
        points={pts}
        closed={key === 'archWalls'}
        perfectDrawEnabled={false}
        fill={key === 'archWalls' ? (isSel ? '#bfdbfe' : '#cfd8dc') : undefined}
        stroke={isSel ? '#2563eb' : key === 'archWalls' ? '#263238' : '#1565c0'}
        strokeWidth={key === 'archWalls' ? 1 : 2}
        strokeScaleEnabled={false}
        hitStrokeWidth={12}
        draggable={editable && isSel}
        onClick={() => ctx.select({ key, id: w.id })}
        onDragEnd={(ev) => {
          // A whole wall moved by its body: both ends shift by the drag, to 1/64.
          const dx = snapToIncrement(ev.target.x()), dz = snapToIncrement(ev.target.y());
          ev.target.position({ x: 0, y: 0 });
          void ctx.update(key, w.id, { from: { x: w.from.x + dx, z: w.from.z + dz }, to: { x: w.to.x + dx, z: w.to.z + dz } }).then(() => ctx.setStatus({ tone: 'info', message: savedMessage(key) }));
        }}
      />
      {ctx.layers.dimensions && <Text x={mid.x} y={mid.y - 18 / ctx.baseScale} text={ctx.dim(wallLength(w))} fontSize={11 / ctx.baseScale} fill="#37474f" listening={false} />}
    </Group>
  );
}

/** The grips of the selected wall or elevation, drawn above every wall so a shared corner is grabbed by its grip. */
export function WallGrips({ doc, ctx }: { doc: SpatialDoc; ctx: NodeContext }) {
  const { selection } = ctx;
  if (!selection || (selection.key !== 'archWalls' && selection.key !== 'archElevations') || !ctx.canEdit || ctx.hasTentative) return null;
  const key = selection.key;
  const w = (doc[key] as ArchWallJson[]).find((r) => r.id === selection.id);
  if (!w) return null;
  const target = (end: 'from' | 'to', at: Point) => gripTarget(toPoint(w[end]), wallEnds([...doc.archWalls, ...doc.archElevations]), at, ctx.liveScale());
  /** A grip dragged to `at`: shown live; saved (every wall joined there) when `save`. */
  const drag = (end: 'from' | 'to', at: Point, save: boolean) => {
    for (const m of moveWallEnd(doc[key] as ArchWallJson[], w.id, end, { x: at.x, z: at.y })) void ctx.update(key, m.id, { from: m.from, to: m.to }, save);
    if (save) ctx.setStatus({ tone: 'info', message: savedMessage(key) });
  };
  return (['from', 'to'] as const).map((end) => (
    <Circle
      key={end}
      name={`grip-${end}`}
      x={w[end].x}
      y={w[end].z}
      radius={6 / ctx.baseScale}
      fill="#ffffff"
      stroke="#2563eb"
      strokeWidth={2}
      strokeScaleEnabled={false}
      draggable
      onMouseEnter={(ev) => void (ev.target.getStage()!.container().style.cursor = 'move')}
      onMouseLeave={(ev) => void (ev.target.getStage()!.container().style.cursor = '')}
      onDragMove={(ev) => {
        const at = target(end, { x: ev.target.x(), y: ev.target.y() });
        ev.target.position(at);
        drag(end, at, false);
      }}
      onDragEnd={(ev) => drag(end, target(end, { x: ev.target.x(), y: ev.target.y() }), true)}
    />
  ));
}

/** A wall label on the plan: its title where it was put and, when asked, a marker where its view starts; both dragged and saved on release. */
export function PlanLabelNode({ entity: e, ctx }: { entity: EntityJson; ctx: NodeContext }) {
  const d = dataOf(e);
  const at = (d.labelPlanPosition as { x: number; z: number } | undefined) ?? { x: 0, z: 0 };
  const start = d.viewStartPlanPosition as { x: number; z: number } | undefined;
  const isSel = ctx.selection?.key === 'entities' && ctx.selection.id === e.id;
  const save = (key: 'labelPlanPosition' | 'viewStartPlanPosition', x: number, y: number) => void ctx.update('entities', e.id, { data: { [key]: { x: snapToIncrement(x), z: snapToIncrement(y) } } as EntityJson['data'] });
  return (
    <Group>
      <Text
        id={`plan-label-${e.id}`}
        x={at.x}
        y={at.z}
        text={String(d.title ?? SPATIAL_DEFAULTS.wallLabel.title)}
        fontSize={14 / ctx.baseScale}
        fontStyle="bold"
        fill={isSel ? '#2563eb' : '#6a1b9a'}
        draggable={ctx.canEdit && !ctx.hasTentative}
        onClick={() => ctx.select({ key: 'entities', id: e.id })}
        onDragEnd={(ev) => save('labelPlanPosition', ev.target.x(), ev.target.y())}
      />
      {d.indicateViewStartOnPlan === true && start && (
        <Circle x={start.x} y={start.z} radius={5 / ctx.baseScale} fill="#6a1b9a" draggable={ctx.canEdit && !ctx.hasTentative} onDragEnd={(ev) => save('viewStartPlanPosition', ev.target.x(), ev.target.y())} />
      )}
    </Group>
  );
}
