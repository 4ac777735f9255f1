import { useId } from 'react';
import { mediumFileUrl } from '@cpq/domain';
import { Thumbnail } from '@cpq/ui';
import { useActiveOrg, useLoad } from '../common/index.ts';
import { mediaApi } from './mediaApi.ts';
import styles from './MediaPictureSelect.module.css';

/**
 * Chooses a thumbnail from the media library (docs/decisions/0085-thumbnails-and-swatches.md): the
 * organisation's images by caption; choosing one sets the thumbnail address to that medium's lasting
 * address. The picture shown is the address in force, whichever way it was given.
 */
export function MediaPictureSelect({ value, onChange }: { value: string; onChange(url: string): void }) {
  const org = useActiveOrg();
  const id = useId();
  const load = useLoad(() => mediaApi.list(org.id), [org.id]);
  const media = (load.data ?? []).filter((m) => m.hasFile);
  const chosen = media.find((m) => mediumFileUrl(m.id) === value.trim());
  return (
    <div className={styles.row}>
      <Thumbnail src={value.trim() || null} size="lg" />
      <div className={styles.field}>
        <label htmlFor={id}>Picture from the media library</label>
        <select id={id} value={chosen ? String(chosen.id) : ''} disabled={load.status !== 'ready'} onChange={(e) => onChange(e.target.value ? mediumFileUrl(Number(e.target.value)) : '')} data-testid="media-picture-select">
          <option value="">{load.status === 'loading' ? 'Loading the media library…' : load.status === 'error' ? 'The media library could not be loaded' : chosen || !value.trim() ? 'No picture' : 'Another address (below)'}</option>
          {media.map((m) => (
            <option key={m.id} value={m.id}>
              {m.title || m.fileName || `Image ${m.id}`}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
