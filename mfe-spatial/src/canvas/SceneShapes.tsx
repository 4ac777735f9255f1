import { Arrow, Line, Rect, Text } from 'react-konva';
import type { SceneShape } from '@cpq/spatial';

/** Width given to a centred text so Konva can centre it on its x (scene texts are anchored, not boxed). */
const CENTRED_TEXT_BOX = 400;

/** Draws a scene (the same description the SVG export and printed pages use) on the canvas, read-only. */
export function SceneShapes({ shapes }: { shapes: readonly SceneShape[] }) {
  return (
    <>
      {shapes.map((s, i) => {
        const style = { stroke: s.stroke, strokeWidth: s.strokeWidth, dash: s.dash, opacity: s.opacity, listening: false, perfectDrawEnabled: false };
        const fill = s.fill === 'none' ? undefined : s.fill;
        switch (s.kind) {
          case 'rect':
            return <Rect key={i} {...style} id={s.id} x={s.x} y={s.y} width={s.width} height={s.height} fill={fill} />;
          case 'polygon':
            return <Line key={i} {...style} points={s.points.flatMap((p) => [p.x, p.y])} closed fill={fill} />;
          case 'line':
            return s.markerEnd || s.markerStart ? (
              <Arrow key={i} {...style} points={[s.x1, s.y1, s.x2, s.y2]} fill={s.stroke} pointerAtEnding={!!s.markerEnd} pointerAtBeginning={!!s.markerStart} />
            ) : (
              <Line key={i} {...style} points={[s.x1, s.y1, s.x2, s.y2]} />
            );
          case 'text': {
            // Scene texts sit on their baseline, like SVG; Konva places a text by its top.
            const top = s.y - s.fontSize * 0.8;
            return s.anchor === 'middle' ? (
              <Text key={i} listening={false} x={s.x - CENTRED_TEXT_BOX / 2} y={top} width={CENTRED_TEXT_BOX} align="center" text={s.text} fontSize={s.fontSize} fill={s.fill ?? '#263238'} />
            ) : (
              <Text key={i} listening={false} x={s.x} y={top} text={s.text} fontSize={s.fontSize} fill={s.fill ?? '#263238'} />
            );
          }
        }
      })}
    </>
  );
}
