import { Shape } from 'react-konva';
import type { SpatialRules } from '@cpq/plugin-sdk';
import { gridLinesInView } from './geometry.ts';
import type { Size } from './types.ts';

interface Props {
  grid: NonNullable<SpatialRules['grid']>;
  /** A viewport's frame (the grid stays inside it), or null on the plan (the grid has no end). */
  bounds: Size | null;
}

/**
 * The grid as one Konva shape whose drawing reads the stage's live zoom and pan and strokes only the
 * lines on screen: a node per line would be thousands of nodes to redraw on every pan frame. It does
 * not listen (no hit drawing) and has no size of its own, so it never widens what a fit measures.
 */
export function GridShape({ grid, bounds }: Props) {
  return (
    <Shape
      listening={false}
      perfectDrawEnabled={false}
      stroke="#000"
      strokeWidth={grid.strokeWidth}
      strokeScaleEnabled={false}
      opacity={grid.opacity}
      sceneFunc={(ctx, shape) => {
        const stage = shape.getStage();
        if (!stage) return;
        // The stage's corners in drawing units: the part of the drawing on screen now.
        const toDrawing = shape.getAbsoluteTransform().copy().invert();
        const a = toDrawing.point({ x: 0, y: 0 });
        const b = toDrawing.point({ x: stage.width(), y: stage.height() });
        const pxPerUnit = stage.width() / Math.max(b.x - a.x, Number.EPSILON);
        const lines = gridLinesInView(grid.size, { x: a.x, y: a.y, width: b.x - a.x, height: b.y - a.y }, bounds, pxPerUnit);
        ctx.beginPath();
        for (const [x1, y1, x2, y2] of lines) {
          ctx.moveTo(x1!, y1!);
          ctx.lineTo(x2!, y2!);
        }
        ctx.strokeShape(shape);
      }}
    />
  );
}
