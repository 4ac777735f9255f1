import { useEffect, useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { sessionAtom } from '@cpq/client';
import { Modal } from '@cpq/ui';
import { ArchiveButton, ErrorMessage, Field, SaveFooter, resources, useSaving } from '../common/index.ts';
import forms from '../common/forms.module.css';
import { MediaPictureSelect } from '../media/MediaPictureSelect.tsx';
import { OptionDataJson } from './OptionDataJson.tsx';
import { fieldInputOf, parseFieldInput } from './optionData.ts';
import { OPTION_KEY, PUBLISH_LEVELS, type DataField, type DataValue, type OptionRow } from './types.ts';

const inputsOf = (fields: readonly DataField[], data: OptionRow['data']) => Object.fromEntries(fields.map((f) => [f.key, fieldInputOf(f, data[f.key])]));

/**
 * The option popup: title, publish level and the property's data fields (typed per field), saved
 * together; ARCHIVE / UNARCHIVE; and, for platform administrators only, the data as JSON.
 */
export function OptionDialog({ option, fields, onSaved, onClose }: { option: OptionRow; fields: readonly DataField[]; onSaved(row: OptionRow): void; onClose(): void }) {
  const isPlatformAdmin = useAtomValue(sessionAtom)?.user.isPlatformAdmin === true;
  const [title, setTitle] = useState(option.title);
  const [publishLevel, setPublishLevel] = useState(option.publishLevel);
  const [thumbnailUrl, setThumbnailUrl] = useState(option.thumbnailUrl ?? '');
  const [inputs, setInputs] = useState(() => inputsOf(fields, option.data));
  const { saving, error, setError, run } = useSaving();
  const dataText = JSON.stringify(option.data);
  // Data saved elsewhere (the JSON editor) is shown in the field inputs.
  useEffect(() => setInputs(inputsOf(fields, option.data)), [dataText, fields]); // eslint-disable-line react-hooks/exhaustive-deps

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim()) {
      setError('The title cannot be empty.');
      return;
    }
    const data: Record<string, DataValue> = { ...option.data };
    for (const f of fields) {
      const parsed = parseFieldInput(f, inputs[f.key] ?? '');
      if (!parsed.ok) {
        setError(parsed.error);
        return;
      }
      data[f.key] = parsed.value;
    }
    await run(async () => {
      onSaved(await resources.update<OptionRow>(OPTION_KEY, option.id, { title: title.trim(), publishLevel, data, ...(thumbnailUrl.trim() !== (option.thumbnailUrl ?? '') ? { thumbnailUrl: thumbnailUrl.trim() || null } : {}) }));
      onClose();
    });
  };

  return (
    <Modal
      title={`Option ${option.id}`}
      subtitle={option.archived ? <p className={forms.hint}>Archived</p> : undefined}
      onClose={onClose}
      width="medium"
      testId="option-dialog"
      footer={
        <SaveFooter saving={saving} onCancel={onClose} form="option-form">
          <ArchiveButton archived={Boolean(option.archived)} onChange={async (archived) => onSaved(await resources.update<OptionRow>(OPTION_KEY, option.id, { archived: archived ? 1 : 0 }))} />
        </SaveFooter>
      }
    >
      <form id="option-form" className={forms.form} onSubmit={(e) => void save(e)}>
        <Field label="Title">
          <input value={title} maxLength={255} onChange={(e) => setTitle(e.target.value)} />
        </Field>
        {/* The option's swatch in choosers (unless its property has no option thumbnails); a colour goes in data.swatchColor. */}
        <MediaPictureSelect value={thumbnailUrl} onChange={setThumbnailUrl} />
        <Field label="Thumbnail URL">
          <input value={thumbnailUrl} maxLength={1000} onChange={(e) => setThumbnailUrl(e.target.value)} />
        </Field>
        <Field label="Publish level">
          <select value={publishLevel} onChange={(e) => setPublishLevel(e.target.value as OptionRow['publishLevel'])}>
            {PUBLISH_LEVELS.map((l) => (
              <option key={l.value} value={l.value}>
                {l.label}
              </option>
            ))}
          </select>
        </Field>
        {fields.map((f) =>
          f.type === 'boolean' ? (
            <label key={f.key} className={forms.check}>
              <input type="checkbox" checked={inputs[f.key] === true} onChange={(e) => setInputs((s) => ({ ...s, [f.key]: e.target.checked }))} />
              <span>{f.title || f.key}</span>
            </label>
          ) : (
            <Field key={f.key} label={f.title || f.key}>
              <input
                type={f.type === 'number' ? 'number' : 'text'}
                step={f.type === 'number' ? 'any' : undefined}
                value={String(inputs[f.key] ?? '')}
                onChange={(e) => setInputs((s) => ({ ...s, [f.key]: e.target.value }))}
              />
            </Field>
          ),
        )}
        <ErrorMessage error={error} />
      </form>
      {isPlatformAdmin ? <OptionDataJson option={option} onSaved={onSaved} /> : null}
    </Modal>
  );
}
