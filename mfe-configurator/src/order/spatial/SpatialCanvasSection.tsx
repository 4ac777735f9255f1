import { loadPortalPart, type SpatialCanvasProps } from '@cpq/client';
import { PortalPartView } from '@cpq/ui';
import styles from './SpatialCanvasSection.module.css';

const loadCanvas = () => loadPortalPart('spatialCanvas');

/** The order page's Drawing section for spatial orders: the architectural canvas built by mfe-spatial. */
export function SpatialCanvasSection(props: SpatialCanvasProps) {
  return (
    <section className={styles.section} aria-labelledby="cfg-drawing-heading" data-testid="drawing-section">
      <h2 id="cfg-drawing-heading" className={styles.heading}>
        Drawing
      </h2>
      <PortalPartView load={loadCanvas} props={props} loadingText="Loading the drawing…" errorHeading="The drawing could not be shown." />
    </section>
  );
}
