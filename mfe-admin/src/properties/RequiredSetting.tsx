import { useId, useState } from 'react';
import { ErrorMessage, adminStyles, errorText } from '../common/index.ts';
import forms from '../common/forms.module.css';
import type { PropertyRow } from './types.ts';

/** Property types a customer must fill in before submitting, unless marked optional (decision 0091). */
export const REQUIRABLE_TYPES: ReadonlySet<string> = new Set(['singleSelect', 'select', 'dimensions']);

/**
 * Whether customers must choose this property before an order is submitted: saved at once in the
 * property's data as `optional` (a select with no option published to everyone is never asked for).
 */
export function RequiredSetting({ property, onSave }: { property: PropertyRow; onSave(data: PropertyRow['data']): Promise<unknown> }) {
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const hintId = useId();
  const required = property.data.optional !== true;
  const change = async (next: boolean) => {
    setSaving(true);
    setError(null);
    try {
      await onSave({ ...property.data, optional: !next });
    } catch (e) {
      setError(errorText(e));
    } finally {
      setSaving(false);
    }
  };
  return (
    <section className={forms.section} aria-labelledby={`${hintId}-title`}>
      <div className={forms.sectionHeader}>
        <h2 id={`${hintId}-title`}>Before submitting</h2>
      </div>
      <label className={forms.check}>
        <input type="checkbox" checked={required} disabled={saving} aria-describedby={hintId} onChange={(e) => void change(e.target.checked)} data-testid="property-required-setting" />
        <span>Customers must choose this</span>
      </label>
      <p id={hintId} className={forms.hint}>
        {required ? 'An order cannot be submitted while an item leaves it unchosen.' : 'Optional: customers may leave it unchosen.'}
      </p>
      <ErrorMessage error={error} className={adminStyles.fieldError} />
    </section>
  );
}
