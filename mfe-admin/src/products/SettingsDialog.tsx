import { useId, useState } from 'react';
import { Modal } from '@cpq/ui';
import { ErrorMessage, SaveFooter } from '../common/index.ts';
import { MediaPictureSelect } from '../media/MediaPictureSelect.tsx';
import type { ProductRow } from './productRows.ts';
import type { Save } from './useSave.ts';
import styles from './products.module.css';

type Settings = Pick<ProductRow, 'isStocked' | 'instanceTitleIsRequired' | 'shouldRoundPrice' | 'description' | 'links' | 'thumbnailUrl'>;

const FLAGS: { key: 'isStocked' | 'instanceTitleIsRequired' | 'shouldRoundPrice'; label: string }[] = [
  { key: 'isStocked', label: 'Stocked product (keeps an amount in stock)' },
  { key: 'instanceTitleIsRequired', label: 'Items need a title' },
  { key: 'shouldRoundPrice', label: 'Round the unit price up to a whole amount' },
];

/** The fields that changed, as the update call takes them (empty text is stored as null). */
export function changedSettings(product: ProductRow, draft: Settings): Partial<ProductRow> {
  const out: Partial<ProductRow> = {};
  for (const { key } of FLAGS) if (draft[key] !== product[key]) out[key] = draft[key];
  for (const key of ['description', 'links', 'thumbnailUrl'] as const) {
    const v = draft[key]?.trim() ? draft[key] : null;
    if (v !== product[key]) out[key] = v;
  }
  return out;
}

/** The product's settings popup: edited together, saved with Save, dropped with Cancel. */
export function SettingsDialog({
  product,
  save,
  onClose,
}: {
  product: ProductRow;
  save: Save;
  onClose(): void;
}) {
  const [draft, setDraft] = useState<Settings>({
    isStocked: product.isStocked,
    instanceTitleIsRequired: product.instanceTitleIsRequired,
    shouldRoundPrice: product.shouldRoundPrice,
    description: product.description,
    links: product.links,
    thumbnailUrl: product.thumbnailUrl,
  });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const descriptionId = useId();
  const linksId = useId();
  const thumbnailId = useId();
  const changes = changedSettings(product, draft);

  const submit = async () => {
    setBusy(true);
    setError(null);
    const ok = await save(changes, 'Settings');
    setBusy(false);
    if (ok) onClose();
    else setError('The settings could not be saved; see the message at the top of the page.');
  };

  return (
    <Modal
      title="Product settings"
      onClose={onClose}
      width="medium"
      testId="product-settings"
      footer={<SaveFooter saving={busy} onCancel={onClose} onSave={() => void submit()} disabled={Object.keys(changes).length === 0} />}
    >
      <div className={styles.sections}>
        {FLAGS.map((f) => (
          <label key={f.key} className={styles.check}>
            <input type="checkbox" checked={draft[f.key] === 1} onChange={(e) => setDraft({ ...draft, [f.key]: e.target.checked ? 1 : 0 })} />
            {f.label}
          </label>
        ))}
        <div className={styles.field}>
          <label htmlFor={descriptionId}>Description</label>
          <textarea id={descriptionId} rows={4} maxLength={20000} value={draft.description ?? ''} onChange={(e) => setDraft({ ...draft, description: e.target.value })} />
        </div>
        <div className={styles.field}>
          <label htmlFor={linksId}>Links</label>
          <textarea id={linksId} rows={3} maxLength={5000} value={draft.links ?? ''} onChange={(e) => setDraft({ ...draft, links: e.target.value })} />
        </div>
        {/* As for categories and options: a medium chosen becomes the thumbnail's lasting address, which a product shows before its own medium. */}
        <MediaPictureSelect value={draft.thumbnailUrl ?? ''} onChange={(url) => setDraft({ ...draft, thumbnailUrl: url })} />
        <div className={styles.field}>
          <label htmlFor={thumbnailId}>Thumbnail URL</label>
          <input id={thumbnailId} type="url" maxLength={1000} value={draft.thumbnailUrl ?? ''} onChange={(e) => setDraft({ ...draft, thumbnailUrl: e.target.value })} />
        </div>
        <ErrorMessage error={error} className={styles.error} />
      </div>
    </Modal>
  );
}
