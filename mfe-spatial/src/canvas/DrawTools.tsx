import type { ArchWallJson, EntityJson } from '@cpq/domain';
import { Button } from '@cpq/ui';
import { nextWallStart } from '@cpq/spatial';
import { PlaceItemSelect } from './PlaceItemSelect.tsx';
import { toPoint } from './rows.ts';
import type { TentativeKind } from './tentative.ts';
import type { CanvasItem, Obj } from './types.ts';
import type { Pen } from './useTentative.ts';
import styles from './SpatialCanvas.module.css';

/** The mural tools in their order: boxes and wall labels are added at once, seams and mismatch lines drawn by two clicks. */
const MURAL_TOOLS: readonly ({ label: string; testId?: string } & ({ add: EntityJson['type']; extra?: Obj } | { draw: TentativeKind }))[] = [
  { label: 'Mural area', testId: 'add-mural-area', add: 'calicoMuralArea', extra: { size: { width: 240, height: 108 }, isReturn: false } },
  { label: 'Texture', add: 'calicoMuralTexture' },
  { label: 'Panel', add: 'calicoMuralPanel' },
  { label: 'Seam', testId: 'add-seam', draw: 'seam' },
  { label: 'Mismatch line', draw: 'mismatch' },
  { label: 'Wall label', add: 'calicoWallLabel' },
];

interface Props {
  /** The kind of view on screen, and its id when it is a viewport. */
  kind: 'plan' | 'customView' | 'panelLayout' | undefined;
  viewId: number | null;
  murals: boolean;
  walls: readonly ArchWallJson[];
  /** The order's items not in the viewport on screen. */
  unplaced: readonly CanvasItem[];
  pen: Pick<Pen, 'drawing' | 'start'>;
  onAddText: () => void;
  onAddEntity: (type: EntityJson['type'], extra?: Obj) => void;
  onPlaceItem: (id: number) => void;
}

/** The tools that add to the drawing: walls and elevations on the plan; texts, items, lines and murals in a viewport. */
export function DrawTools({ kind, viewId, murals, walls, unplaced, pen, onAddText, onAddEntity, onPlaceItem }: Props) {
  // A drawing tool shows it is on (pressed, primary) until its shape is saved or Esc cancels it.
  const toggle = (k: TentativeKind) => ({ variant: pen.drawing(k) ? ('primary' as const) : ('secondary' as const), 'aria-pressed': pen.drawing(k) });
  const chainFrom = nextWallStart(walls);
  return (
    <>
      {kind === 'plan' && (
        <div className={styles.group}>
          <Button {...toggle('wall')} onClick={() => pen.start('wall')} data-testid="add-wall">
            Add wall
          </Button>
          {chainFrom && (
            <Button variant="secondary" onClick={() => pen.start('wall', toPoint(chainFrom))} data-testid="continue-wall">
              Continue wall
            </Button>
          )}
          <Button {...toggle('elevation')} onClick={() => pen.start('elevation')}>
            Add elevation
          </Button>
        </div>
      )}
      {viewId !== null && (
        <div className={styles.group}>
          <Button variant="secondary" onClick={onAddText} data-testid="add-text">
            Add text
          </Button>
          {unplaced.length > 0 && <PlaceItemSelect unplaced={unplaced} onPlace={onPlaceItem} />}
          <Button {...toggle('line')} onClick={() => pen.start('line')} data-testid="add-line">
            Add line
          </Button>
          {murals &&
            MURAL_TOOLS.map((t) => (
              <Button key={t.label} {...('draw' in t ? toggle(t.draw) : { variant: 'secondary' as const })} onClick={() => ('draw' in t ? pen.start(t.draw) : onAddEntity(t.add, t.extra))} data-testid={t.testId}>
                {t.label}
              </Button>
            ))}
        </div>
      )}
    </>
  );
}
