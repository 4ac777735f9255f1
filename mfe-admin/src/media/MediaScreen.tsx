import { useState } from 'react';
import { AdminPage, Loaded, useActiveOrg, useLoad } from '../common/index.ts';
import type { ScreenProps } from '../types.ts';
import { ImageOverlay } from './ImageOverlay.tsx';
import { MediumCard, altOf } from './MediumCard.tsx';
import { UploadArea } from './UploadArea.tsx';
import { mediaApi, type Associable, type Medium } from './mediaApi.ts';
import styles from './media.module.css';

/** Newest first: ids grow with every upload. */
const newestFirst = (a: Medium, b: Medium) => b.id - a.id;

/**
 * Media: the upload area, then the grid of the organisation's images, newest first. Clicking an
 * image shows it full screen.
 */
export default function MediaScreen(_props: ScreenProps) {
  const org = useActiveOrg();
  const load = useLoad(async () => {
    const [media, associables] = await Promise.all([mediaApi.list(org.id), mediaApi.associables(org.id)]);
    return { media: [...media].sort(newestFirst), associables };
  }, [org.id]);
  const [open, setOpen] = useState<Medium | null>(null);

  const replace = (m: Medium) => load.set((d) => ({ ...d, media: d.media.map((x) => (x.id === m.id ? m : x)) }));

  return (
    <AdminPage title="Media" testId="media-screen">
      <UploadArea
        upload={(file, onProgress) => mediaApi.upload(org.id, file, onProgress)}
        onUploaded={(m) => load.set((d) => ({ ...d, media: [m, ...d.media.filter((x) => x.id !== m.id)].sort(newestFirst) }))}
      />
      <Loaded load={load} heading="The media could not be loaded">
        {({ media, associables }: { media: Medium[]; associables: Associable[] }) =>
          media.length === 0 ? (
            <p className={styles.empty} data-testid="media-empty">
              No images yet. Upload one above.
            </p>
          ) : (
            <ul className={styles.grid} aria-label="Images">
              {media.map((m) => (
                <MediumCard
                  key={m.id}
                  medium={m}
                  associables={associables}
                  save={mediaApi.update}
                  destroy={mediaApi.destroy}
                  onOpen={setOpen}
                  onChanged={replace}
                  onDeleted={(id) => load.set((d) => ({ ...d, media: d.media.filter((x) => x.id !== id) }))}
                />
              ))}
            </ul>
          )
        }
      </Loaded>
      {open?.presignedUrl && <ImageOverlay src={open.presignedUrl} alt={altOf(open)} onClose={() => setOpen(null)} />}
    </AdminPage>
  );
}
