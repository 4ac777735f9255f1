import { useState, type FormEvent } from 'react';
import { Button, Modal } from '@cpq/ui';
import { ArchiveButton, errorText, resources } from '../common/index.ts';
import forms from '../common/forms.module.css';
import { CATEGORY_KEY, type CategoryRow } from './types.ts';

/** A category's settings: title and thumbnail URL (saved together), and ARCHIVE / UNARCHIVE. */
export function CategorySettings({ category, onSaved, onClose }: { category: CategoryRow; onSaved(row: CategoryRow): void; onClose(): void }) {
  const [title, setTitle] = useState(category.title);
  const [thumbnailUrl, setThumbnailUrl] = useState(category.thumbnailUrl ?? '');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim()) {
      setError('The title cannot be empty.');
      return;
    }
    setSaving(true);
    setError(null);
    try {
      onSaved(await resources.update<CategoryRow>(CATEGORY_KEY, category.id, { title: title.trim(), thumbnailUrl: thumbnailUrl.trim() || null }));
      onClose();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title="Category settings"
      onClose={onClose}
      testId="category-settings"
      footer={
        <>
          <ArchiveButton archived={Boolean(category.archived)} onChange={async (archived) => onSaved(await resources.update<CategoryRow>(CATEGORY_KEY, category.id, { archived: archived ? 1 : 0 }))} />
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form="category-settings-form" disabled={saving}>
            {saving ? 'Saving…' : 'Save'}
          </Button>
        </>
      }
    >
      <form id="category-settings-form" className={forms.form} onSubmit={(e) => void save(e)}>
        <label className={forms.field}>
          <span>Title</span>
          <input value={title} maxLength={255} onChange={(e) => setTitle(e.target.value)} />
        </label>
        <label className={forms.field}>
          <span>Thumbnail URL</span>
          <input value={thumbnailUrl} maxLength={1000} onChange={(e) => setThumbnailUrl(e.target.value)} />
        </label>
        {error ? (
          <p role="alert" className={forms.error}>
            {error}
          </p>
        ) : null}
      </form>
    </Modal>
  );
}
