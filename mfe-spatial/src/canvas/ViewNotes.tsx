import { useState } from 'react';
import type { ArchCustomViewJson } from '@cpq/domain';
import { DRAWING_NOTES_KEYS } from '@cpq/domain';
import { Button, Modal } from '@cpq/ui';
import styles from './SpatialCanvas.module.css';

const LABELS: Record<(typeof DRAWING_NOTES_KEYS)[number], string> = {
  general: 'General',
  productSpec: 'Product spec',
  calicoMuralArea: 'Mural areas',
  calicoMuralTexture: 'Mural textures',
  calicoMuralPanel: 'Mural panels',
  calicoMuralSeam: 'Mural seams',
  criticalAlignmentPanel: 'Critical alignment panels',
  mismatch: 'Mismatch lines',
};
const MURAL_KEYS = new Set(['calicoMuralArea', 'calicoMuralTexture', 'calicoMuralPanel', 'calicoMuralSeam', 'criticalAlignmentPanel', 'mismatch']);

/** The notes of one viewport, printed with its drawings pages; the mural keys only where murals are planned. */
export function ViewNotes(props: { view: ArchCustomViewJson; murals: boolean; onClose: () => void; onSave: (notes: Record<string, string>) => void }) {
  const stored = (props.view.drawingNotesData ?? {}) as Record<string, string>;
  const [notes, setNotes] = useState<Record<string, string>>(() => Object.fromEntries(DRAWING_NOTES_KEYS.map((k) => [k, typeof stored[k] === 'string' ? stored[k] : ''])));
  const keys = DRAWING_NOTES_KEYS.filter((k) => props.murals || !MURAL_KEYS.has(k));
  return (
    <Modal
      title={`Notes: ${props.view.title}`}
      onClose={props.onClose}
      width="medium"
      testId="view-notes"
      footer={
        <>
          <Button variant="secondary" onClick={props.onClose}>
            Cancel
          </Button>
          <Button onClick={() => props.onSave(Object.fromEntries(Object.entries(notes).filter(([, v]) => v.trim() !== '')))}>Save notes</Button>
        </>
      }
    >
      {keys.map((k) => (
        <label key={k} className={styles.field}>
          {LABELS[k]}
          <textarea rows={2} maxLength={10000} value={notes[k]} onChange={(e) => setNotes((n) => ({ ...n, [k]: e.target.value }))} />
        </label>
      ))}
    </Modal>
  );
}
