import { useId, useState } from 'react';
import { Button } from '@cpq/ui';
import { appliedPropertyIds, type ProductRow } from './productRows.ts';
import { withOptionEnabled } from './associations.ts';
import type { OptionRow, PropertyRow } from './detailData.ts';
import { SelectPropertiesDialog } from './SelectPropertiesDialog.tsx';
import type { Save, SaveState } from './useSave.ts';
import styles from './products.module.css';

/**
 * The product's properties in order, each with its options: unticking an option disables it for this
 * product only (associations.productProperties[id].disabledProductOptionIds).
 */
export function ProductProperties({
  product,
  properties,
  options,
  save,
  saveState,
}: {
  product: ProductRow;
  properties: PropertyRow[];
  options: OptionRow[];
  save: Save;
  saveState: SaveState;
}) {
  const [picking, setPicking] = useState(false);
  const headingId = useId();
  const applied = product.associations?.productProperties ?? {};
  const ids = appliedPropertyIds(product);
  const byId = new Map(properties.map((p) => [p.id, p]));

  const toggle = (propertyId: number, optionId: number, enabled: boolean, title: string) =>
    void save(
      (stored) => ({
        associations: { ...stored.associations, productProperties: withOptionEnabled(stored.associations?.productProperties ?? {}, propertyId, optionId, enabled) },
      }),
      `Option ${title}`,
    );

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <div className={styles.sectionHeader}>
        <h2 id={headingId}>Properties</h2>
        <Button variant="secondary" onClick={() => setPicking(true)}>
          Select Properties
        </Button>
      </div>
      {ids.length === 0 ? <p className={styles.muted}>No properties are applied to this product.</p> : null}
      <ul className={styles.propertyList}>
        {ids.map((id) => {
          const property = byId.get(id);
          const disabled = new Set(applied[String(id)]?.disabledProductOptionIds ?? []);
          const own = options.filter((o) => o.productPropertyId === id && !o.archived).sort((a, b) => a.rank - b.rank || a.id - b.id);
          const title = property?.title ?? `Property ${id}`;
          return (
            <li key={id} className={styles.property} data-testid={`applied-property-${id}`}>
              <h3>
                {title} <span className={styles.muted}>ID {id}</span>
              </h3>
              {own.length === 0 ? (
                <p className={styles.muted}>{property && property.type !== 'singleSelect' && property.type !== 'select' ? 'No options: the value is typed in.' : 'This property has no options.'}</p>
              ) : (
                <fieldset className={styles.options}>
                  <legend className={styles.muted}>Options offered for this product</legend>
                  {own.map((o) => (
                    <label key={o.id} className={styles.check}>
                      <input type="checkbox" checked={!disabled.has(o.id)} onChange={(e) => toggle(id, o.id, e.target.checked, o.title)} />
                      {o.title}
                    </label>
                  ))}
                </fieldset>
              )}
            </li>
          );
        })}
      </ul>
      {picking ? <SelectPropertiesDialog product={product} properties={properties} save={save} saveState={saveState} onClose={() => setPicking(false)} /> : null}
    </section>
  );
}
