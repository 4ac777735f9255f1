import { Button } from '@cpq/ui';
import forms from '../common/forms.module.css';
import type { DataField } from './types.ts';

const TYPES: DataField['type'][] = ['text', 'number', 'boolean'];

/** The option data fields of a property: a key, a title and a type each; add and remove. */
export function DataFieldsEditor({ fields, onChange }: { fields: DataField[]; onChange(fields: DataField[]): void }) {
  const set = (i: number, patch: Partial<DataField>) => onChange(fields.map((f, j) => (j === i ? { ...f, ...patch } : f)));
  return (
    <fieldset className={forms.fieldset}>
      <legend className={forms.legend}>Option data fields</legend>
      {fields.length ? null : <p className={forms.hint}>No data fields.</p>}
      {fields.map((f, i) => (
        <div key={i} className={forms.inline} data-testid="data-field">
          <input aria-label={`Key of data field ${i + 1}`} placeholder="key" value={f.key} maxLength={100} onChange={(e) => set(i, { key: e.target.value })} />
          <input aria-label={`Title of data field ${i + 1}`} placeholder="Title" value={f.title} maxLength={255} onChange={(e) => set(i, { title: e.target.value })} />
          <select aria-label={`Type of data field ${i + 1}`} value={f.type} onChange={(e) => set(i, { type: e.target.value as DataField['type'] })}>
            {TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
          <Button variant="quiet" aria-label={`Remove data field ${i + 1}`} onClick={() => onChange(fields.filter((_, j) => j !== i))}>
            Remove
          </Button>
        </div>
      ))}
      <div>
        <Button variant="secondary" onClick={() => onChange([...fields, { key: '', title: '', type: 'text' }])}>
          Add data field
        </Button>
      </div>
    </fieldset>
  );
}
