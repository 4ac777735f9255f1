import { useState } from 'react';
import { Button, Modal } from '@cpq/ui';
import { appliedPropertyIds, type ProductRow } from './productRows.ts';
import { withProperty, withoutProperty } from './associations.ts';
import type { PropertyRow } from './detailData.ts';
import type { Save, SaveState } from './useSave.ts';
import { SaveStatus } from './SaveStatus.tsx';
import styles from './products.module.css';

const label = (p: PropertyRow) => (p.internalTitle ? `${p.title} (${p.internalTitle})` : p.title);

/**
 * 'Select Properties': the properties applied to the product (− removes one) and all the active
 * properties of the organisation (+ applies one not applied yet). Each click is saved at once.
 */
export function SelectPropertiesDialog({
  product,
  properties,
  save,
  saveState,
  onClose,
}: {
  product: ProductRow;
  properties: PropertyRow[];
  save: Save;
  saveState: SaveState;
  onClose(): void;
}) {
  const [busy, setBusy] = useState(false);
  const applied = product.associations?.productProperties ?? {};
  const appliedIds = appliedPropertyIds(product);
  const byId = new Map(properties.map((p) => [p.id, p]));
  const all = properties.filter((p) => !p.archived);

  type Applied = typeof applied;
  const write = async (change: (applied: Applied) => Applied) => {
    setBusy(true);
    await save((stored) => ({ associations: { ...stored.associations, productProperties: change(stored.associations?.productProperties ?? {}) } }), 'Properties');
    setBusy(false);
  };

  return (
    <Modal
      title="Select Properties"
      subtitle={<SaveStatus state={saveState} />}
      onClose={onClose}
      width="wide"
      testId="select-properties"
      footer={<Button onClick={onClose}>Done</Button>}
    >
      <div className={styles.pickerColumns}>
        <div>
          <h3>Applied properties</h3>
          {appliedIds.length === 0 ? <p className={styles.muted}>No properties are applied to this product.</p> : null}
          <ul aria-label="Applied properties">
            {appliedIds.map((id) => {
              const p = byId.get(id);
              const name = p ? label(p) : `Property ${id}`;
              return (
                <li key={id}>
                  <span>{name}</span>
                  <Button variant="secondary" aria-label={`Remove ${name}`} disabled={busy} onClick={() => void write((a) => withoutProperty(a, id))}>
                    −
                  </Button>
                </li>
              );
            })}
          </ul>
        </div>
        <div>
          <h3>All properties</h3>
          {all.length === 0 ? <p className={styles.muted}>This organisation has no properties yet.</p> : null}
          <ul aria-label="All properties">
            {all.map((p) => (
              <li key={p.id}>
                <span>{label(p)}</span>
                {appliedIds.includes(p.id) ? (
                  <span className={styles.muted}>Applied</span>
                ) : (
                  <Button variant="secondary" aria-label={`Add ${label(p)}`} disabled={busy} onClick={() => void write((a) => withProperty(a, p.id))}>
                    +
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </Modal>
  );
}
