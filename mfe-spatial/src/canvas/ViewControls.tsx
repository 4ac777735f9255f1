import { Button } from '@cpq/ui';
import styles from './SpatialCanvas.module.css';

interface Props {
  onZoom: (factor: number) => void;
  /** Zoom to fit what the view draws (a view with nothing drawn goes back to its origin at zoom 1). */
  onFit: () => void;
  onExport: () => void;
  /** The dimension precision step, in `units`. */
  precision: number;
  units: 'in' | 'mm';
  onPrecision: (direction: 'finer' | 'coarser') => void;
}

/** Tools that change how the drawing is seen, not the drawing: zoom, fit, SVG export, dimension precision. */
export function ViewControls({ onZoom, onFit, onExport, precision, units, onPrecision }: Props) {
  return (
    <>
      <div className={styles.group}>
        <Button variant="secondary" onClick={() => onZoom(1.25)}>
          Zoom in
        </Button>
        <Button variant="secondary" onClick={() => onZoom(0.8)}>
          Zoom out
        </Button>
        <Button variant="secondary" onClick={onFit} title="Zoom to fit the drawing" data-testid="fit-view">
          Fit
        </Button>
        <Button variant="secondary" onClick={onExport} data-testid="export-svg">
          Export SVG
        </Button>
      </div>
      <div className={styles.group} role="group" aria-label="Dimension precision">
        <Button variant="quiet" onClick={() => onPrecision('finer')} title="Halve the precision step">
          Finer
        </Button>
        <span data-testid="precision">
          Precision {precision} {units === 'mm' ? 'mm' : 'in'}
        </span>
        <Button variant="quiet" onClick={() => onPrecision('coarser')} title="Double the precision step">
          Coarser
        </Button>
      </div>
    </>
  );
}
