import type { Layers } from './types.ts';
import styles from './SpatialCanvas.module.css';

const LABELS = [
  ['murals', 'Murals'],
  ['panelsAndSeams', 'Panels & Seams'],
  ['dimensions', 'Dimensions'],
] as const;

/** Which layers of the drawing show (offered where murals are planned). */
export function LayerToggles({ layers, onChange }: { layers: Layers; onChange: (l: Partial<Layers>) => void }) {
  return (
    <fieldset className={styles.layers} data-testid="layer-toggles">
      <legend>Layers</legend>
      {LABELS.map(([k, label]) => (
        <label key={k}>
          <input type="checkbox" checked={layers[k]} onChange={(e) => onChange({ [k]: e.target.checked })} /> {label}
        </label>
      ))}
    </fieldset>
  );
}
