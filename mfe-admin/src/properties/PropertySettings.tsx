import { useState, type FormEvent } from 'react';
import { Modal } from '@cpq/ui';
import { ErrorMessage, Field, SaveFooter, resources, useSaving } from '../common/index.ts';
import forms from '../common/forms.module.css';
import { DataFieldsEditor } from './DataFieldsEditor.tsx';
import { checkDataFields } from './optionData.ts';
import { PROPERTY_KEY, type GroupChoice, type PropertyRow } from './types.ts';

const TYPES = [
  { value: 'singleSelect', label: 'Single select' },
  { value: 'text', label: 'Text' },
  { value: 'dimensions', label: 'Dimensions' },
];
const FLAGS = [
  { key: 'isArray', label: 'Is array (several values)' },
  { key: 'noOptionThumbnails', label: 'No option thumbnails' },
  { key: 'isOrderLevel', label: 'Order level' },
  { key: 'showThumbnailsOnInvoice', label: 'Show thumbnails on invoice' },
] as const;
type FlagKey = (typeof FLAGS)[number]['key'];

type Form = Pick<PropertyRow, 'type' | 'drawingVisibility' | 'invoiceVisibility' | 'productOptionDataFields' | 'productPropertyGroupId' | FlagKey> & { internalTitle: string };

const formOf = (p: PropertyRow): Form => ({
  internalTitle: p.internalTitle ?? '',
  type: p.type,
  isArray: p.isArray,
  noOptionThumbnails: p.noOptionThumbnails,
  isOrderLevel: p.isOrderLevel,
  showThumbnailsOnInvoice: p.showThumbnailsOnInvoice,
  drawingVisibility: p.drawingVisibility,
  invoiceVisibility: p.invoiceVisibility,
  productOptionDataFields: p.productOptionDataFields,
  productPropertyGroupId: p.productPropertyGroupId,
});

/** The property's settings popup: saved together; the server writes only what changed. */
export function PropertySettings({ property, groups, onSaved, onClose }: { property: PropertyRow; groups: readonly GroupChoice[]; onSaved(row: PropertyRow): void; onClose(): void }) {
  const [form, setForm] = useState(() => formOf(property));
  const { saving, error, setError, run } = useSaving();
  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));
  // A type the spec's picker does not list (older data) stays choosable so saving keeps it.
  const types = TYPES.some((t) => t.value === property.type) ? TYPES : [...TYPES, { value: property.type, label: property.type }];

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const fields = form.productOptionDataFields.map((f) => ({ ...f, key: f.key.trim(), title: f.title.trim() }));
    const invalid = checkDataFields(fields);
    if (invalid) {
      setError(invalid);
      return;
    }
    await run(async () => {
      onSaved(await resources.update<PropertyRow>(PROPERTY_KEY, property.id, { ...form, internalTitle: form.internalTitle.trim() || null, productOptionDataFields: fields }));
      onClose();
    });
  };

  return (
    <Modal
      title="Property settings"
      onClose={onClose}
      width="wide"
      testId="property-settings"
      footer={<SaveFooter saving={saving} onCancel={onClose} form="property-settings-form" />}
    >
      <form id="property-settings-form" className={forms.form} onSubmit={(e) => void save(e)}>
        <Field label="Internal title">
          <input value={form.internalTitle} maxLength={255} onChange={(e) => set({ internalTitle: e.target.value })} />
        </Field>
        <div className={forms.row}>
          <Field label="Type">
            <select value={form.type} onChange={(e) => set({ type: e.target.value })}>
              {types.map((t) => (
                <option key={t.value} value={t.value}>
                  {t.label}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Drawing visibility">
            <select value={form.drawingVisibility} onChange={(e) => set({ drawingVisibility: e.target.value as Form['drawingVisibility'] })}>
              <option value="visible">Visible</option>
              <option value="none">None</option>
            </select>
          </Field>
          <Field label="Invoice visibility">
            <select value={form.invoiceVisibility} onChange={(e) => set({ invoiceVisibility: e.target.value as Form['invoiceVisibility'] })}>
              <option value="none">None</option>
              <option value="inline">Inline</option>
              <option value="column">Column</option>
            </select>
          </Field>
          <Field label="Property group">
            <select value={form.productPropertyGroupId ?? ''} onChange={(e) => set({ productPropertyGroupId: e.target.value ? Number(e.target.value) : null })}>
              <option value="">No group</option>
              {groups.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.title}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <div className={forms.row}>
          {FLAGS.map((f) => (
            <label key={f.key} className={forms.check}>
              <input type="checkbox" checked={Boolean(form[f.key])} onChange={(e) => set({ [f.key]: e.target.checked ? 1 : 0 })} />
              <span>{f.label}</span>
            </label>
          ))}
        </div>
        <DataFieldsEditor fields={form.productOptionDataFields} onChange={(productOptionDataFields) => set({ productOptionDataFields })} />
        <ErrorMessage error={error} />
      </form>
    </Modal>
  );
}
