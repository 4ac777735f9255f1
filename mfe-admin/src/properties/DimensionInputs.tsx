import { useState } from 'react';
import { useDraft } from '../common/useDraft.ts';
import { ErrorMessage, Field, adminStyles, errorText } from '../common/index.ts';
import forms from '../common/forms.module.css';
import type { PropertyRow } from './types.ts';

type DimensionData = PropertyRow['data'];
const FIELDS = [
  { key: 'maxDimension', label: 'Maximum' },
  { key: 'minDimension', label: 'Minimum' },
  { key: 'dimensionInterval', label: 'Step interval' },
] as const;
type Key = (typeof FIELDS)[number]['key'];

const textOf = (data: DimensionData): Record<Key, string> => ({
  maxDimension: String(data.maxDimension ?? 0),
  minDimension: String(data.minDimension ?? 0),
  dimensionInterval: String(data.dimensionInterval ?? 0),
});

/** The limits of a dimensions property: maximum, minimum and step interval, each saved when it is left. */
export function DimensionInputs({ data, onSave }: { data: DimensionData; onSave(data: DimensionData): Promise<unknown> }) {
  const [text, setText] = useDraft(textOf(data), JSON.stringify(textOf(data)));
  const [error, setError] = useState<string | null>(null);

  const save = async (key: Key) => {
    const raw = text[key].trim();
    const value = Number(raw);
    if (raw === '' || !Number.isFinite(value)) {
      setError(`${FIELDS.find((f) => f.key === key)!.label} must be a number.`);
      return;
    }
    if (key === 'dimensionInterval' && value < 0) {
      setError('Step interval cannot be negative.');
      return;
    }
    setError(null);
    if (value === (data[key] ?? 0)) return;
    try {
      await onSave({ ...data, [key]: value });
    } catch (e) {
      setError(errorText(e));
    }
  };

  return (
    <section className={forms.section} aria-labelledby="dimension-limits">
      <div className={forms.sectionHeader}>
        <h2 id="dimension-limits">Dimensions</h2>
      </div>
      <div className={forms.row}>
        {FIELDS.map((f) => (
          <Field key={f.key} label={f.label}>
            <input
              type="number"
              step="any"
              value={text[f.key]}
              onChange={(e) => setText((t) => ({ ...t, [f.key]: e.target.value }))}
              onBlur={() => void save(f.key)}
              onKeyDown={(e) => e.key === 'Enter' && (e.target as HTMLInputElement).blur()}
            />
          </Field>
        ))}
      </div>
      <ErrorMessage error={error} className={adminStyles.fieldError} />
    </section>
  );
}
