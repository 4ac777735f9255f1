import { SpatialCanvas } from './SpatialCanvas.tsx';

/** The `./canvas` expose: the order page shows it for spatial orders (portal part 'spatialCanvas'). */
export default SpatialCanvas;
