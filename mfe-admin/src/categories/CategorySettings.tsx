import { useState, type FormEvent } from 'react';
import { Modal } from '@cpq/ui';
import { ArchiveButton, ErrorMessage, Field, SaveFooter, resources, useSaving } from '../common/index.ts';
import forms from '../common/forms.module.css';
import { MediaPictureSelect } from '../media/MediaPictureSelect.tsx';
import { CATEGORY_KEY, type CategoryRow } from './types.ts';

/** A category's settings: title and thumbnail URL (saved together), and ARCHIVE / UNARCHIVE. */
export function CategorySettings({ category, onSaved, onClose }: { category: CategoryRow; onSaved(row: CategoryRow): void; onClose(): void }) {
  const [title, setTitle] = useState(category.title);
  const [thumbnailUrl, setThumbnailUrl] = useState(category.thumbnailUrl ?? '');
  const { saving, error, setError, run } = useSaving();

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim()) {
      setError('The title cannot be empty.');
      return;
    }
    await run(async () => {
      onSaved(await resources.update<CategoryRow>(CATEGORY_KEY, category.id, { title: title.trim(), thumbnailUrl: thumbnailUrl.trim() || null }));
      onClose();
    });
  };

  return (
    <Modal
      title="Category settings"
      onClose={onClose}
      testId="category-settings"
      footer={
        <SaveFooter saving={saving} onCancel={onClose} form="category-settings-form">
          <ArchiveButton archived={Boolean(category.archived)} onChange={async (archived) => onSaved(await resources.update<CategoryRow>(CATEGORY_KEY, category.id, { archived: archived ? 1 : 0 }))} />
        </SaveFooter>
      }
    >
      <form id="category-settings-form" className={forms.form} onSubmit={(e) => void save(e)}>
        <Field label="Title">
          <input value={title} maxLength={255} onChange={(e) => setTitle(e.target.value)} />
        </Field>
        <MediaPictureSelect value={thumbnailUrl} onChange={setThumbnailUrl} />
        <Field label="Thumbnail URL">
          <input value={thumbnailUrl} maxLength={1000} onChange={(e) => setThumbnailUrl(e.target.value)} />
        </Field>
        <ErrorMessage error={error} />
      </form>
    </Modal>
  );
}
