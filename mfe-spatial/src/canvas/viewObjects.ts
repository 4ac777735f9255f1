import type { EntityJson, ProductCanvasLineJson, ProductCanvasTextJson } from '@cpq/domain';
import { dataOf } from './rows.ts';
import type { NodeContext, PlacedItem, Selection } from './types.ts';

/** One thing drawn in the view on screen, as the objects list names it. */
export interface ViewObject {
  sel: NonNullable<Selection>;
  name: string;
}

const MURAL_BOXES = new Set(['calicoMuralArea', 'calicoMuralTexture']);
const PANELS_AND_SEAMS = new Set(['calicoMuralPanel', 'calicoMuralSeam', 'calicoMismatchLine']);
const ORDER: Partial<Record<EntityJson['type'], number>> = { calicoMuralArea: 0, calicoMuralTexture: 1, calicoMuralPanel: 2, calicoMuralSeam: 3, calicoMismatchLine: 4, calicoWallLabel: 5 };

/**
 * What the view on screen holds, named for a person choosing one with the keyboard or a screen reader
 * (docs/decisions/0100-mural-areas-textures-panels.md): mural areas, textures (by their design),
 * panels (by number), seams, mismatch lines and wall labels, then items, texts and lines. Entities a
 * layer toggle hides are left out, as on the stage.
 */
export function viewObjects(input: {
  entities: readonly EntityJson[];
  items: readonly PlacedItem[];
  texts: readonly ProductCanvasTextJson[];
  lines: readonly ProductCanvasLineJson[];
  layers: NodeContext['layers'];
  murals: boolean;
  designTitle: (optionId: unknown) => string | null;
}): ViewObject[] {
  const shown = input.entities.filter((e) => !input.murals || ((input.layers.murals || !MURAL_BOXES.has(e.type)) && (input.layers.panelsAndSeams || !PANELS_AND_SEAMS.has(e.type))));
  const counts = new Map<string, number>();
  const nth = (type: string) => {
    const n = (counts.get(type) ?? 0) + 1;
    counts.set(type, n);
    return n;
  };
  const panelNo = (e: EntityJson) => Number(dataOf(e).panelNumber ?? 0);
  const sorted = [...shown].sort((a, b) => (ORDER[a.type] ?? 9) - (ORDER[b.type] ?? 9) || (a.type === 'calicoMuralPanel' ? panelNo(a) - panelNo(b) : 0) || a.id - b.id);
  const out: ViewObject[] = sorted.map((e) => {
    const d = dataOf(e);
    const n = nth(e.type);
    const name = (() => {
      switch (e.type) {
        case 'calicoMuralArea':
          return `Mural area ${n}${d.isReturn ? ' (return)' : ''}`;
        case 'calicoMuralTexture': {
          const title = input.designTitle(d.muralProductOptionId);
          // A second texture of the same design is told apart by its number.
          return title ? `${title} texture${n > 1 ? ` ${n}` : ''}` : `Mural texture ${n}`;
        }
        case 'calicoMuralPanel':
          return `Panel ${String(d.panelDescriptionOverride || d.panelNumber || n)}`;
        case 'calicoMuralSeam':
          return `Seam ${n}`;
        case 'calicoMismatchLine':
          return `Mismatch line ${n}`;
        case 'calicoWallLabel':
          return `Wall label: ${String(d.title ?? 'Untitled Wall')}`;
        default:
          return `${e.type} ${n}`;
      }
    })();
    return { sel: { key: 'entities', id: e.id }, name };
  });
  for (const p of input.items) out.push({ sel: { key: 'productInstances', id: p.item.id }, name: `Item: ${p.item.title ?? `#${p.item.id}`}` });
  for (const t of input.texts) {
    const words = String(t.text ?? '').trim();
    out.push({ sel: { key: 'productCanvasTexts', id: t.id }, name: `Text: ${words.length > 40 ? `${words.slice(0, 40)}…` : words || '(empty)'}` });
  }
  input.lines.forEach((l, i) => out.push({ sel: { key: 'productCanvasLines', id: l.id }, name: `Line ${i + 1}` }));
  return out;
}
