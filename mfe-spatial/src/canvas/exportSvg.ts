import type { SpatialCanvasProps } from '@cpq/client';
import { downloadBlob } from '@cpq/ui';
import { buildViewScene, sceneToSvg, type SceneOptions } from '@cpq/spatial';
import type { CanvasItem } from './types.ts';
import type { SpatialDoc } from './useSpatialDoc.ts';
import type { ViewRef } from './views.ts';

/** Downloads the viewport on screen as an SVG file named after the order and the viewport; only viewports are exported. */
export function exportViewSvg(doc: SpatialDoc, items: readonly CanvasItem[], current: ViewRef | null, opts: SceneOptions, order: Pick<SpatialCanvasProps['order'], 'orgSpecificId' | 'title'>) {
  if (current?.kind !== 'customView') {
    window.alert('Please go to a viewport to export it to SVG');
    return;
  }
  const scene = buildViewScene({ ...doc, productInstances: items }, current, opts);
  downloadBlob(new Blob([sceneToSvg(scene)], { type: 'image/svg+xml' }), `#${order.orgSpecificId} - ${order.title} - ${scene.title}.svg`);
}
