import { useId, useRef, useState, type DragEvent } from 'react';
import { errorText } from '../common/index.ts';
import { precheck } from './precheck.ts';
import type { Medium } from './mediaApi.ts';
import styles from './media.module.css';

/** One file's upload as the area shows it: uploading (with progress), success or failure. */
export interface UploadState {
  id: number;
  name: string;
  status: 'uploading' | 'success' | 'failure';
  progress: number;
  message?: string;
}

export type Upload = (file: File, onProgress: (fraction: number) => void) => Promise<Medium>;

let nextUploadId = 1;

/**
 * The image upload area: a drop zone with a file button (reachable by keyboard), each file checked
 * first (type by its bytes, size) and then sent, its state listed until the person dismisses it.
 */
export function UploadArea({ upload, onUploaded }: { upload: Upload; onUploaded(medium: Medium): void }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [uploads, setUploads] = useState<UploadState[]>([]);
  const [over, setOver] = useState(false);

  const patch = (id: number, change: Partial<UploadState>) => setUploads((list) => list.map((u) => (u.id === id ? { ...u, ...change } : u)));

  async function send(file: File) {
    const id = nextUploadId++;
    setUploads((list) => [{ id, name: file.name, status: 'uploading', progress: 0 }, ...list]);
    const refused = await precheck(file);
    if (refused) {
      patch(id, { status: 'failure', message: refused });
      return;
    }
    try {
      const medium = await upload(file, (progress) => patch(id, { progress }));
      patch(id, { status: 'success', progress: 1 });
      onUploaded(medium);
    } catch (e) {
      patch(id, { status: 'failure', message: errorText(e) });
    }
  }

  const sendAll = (files: FileList | null) => {
    for (const file of Array.from(files ?? [])) void send(file);
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    sendAll(e.dataTransfer.files);
  };

  return (
    <section className={styles.uploadArea} aria-label="Upload images">
      <div
        className={`${styles.dropZone} ${over ? styles.dropZoneOver : ''}`}
        data-testid="media-drop-zone"
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <p className={styles.dropText}>Drop JPEG or PNG images here (each under 5,000,000 bytes), or</p>
        <input
          id={inputId}
          ref={input}
          className={styles.fileInput}
          type="file"
          accept="image/jpeg,image/png"
          multiple
          onChange={(e) => {
            sendAll(e.currentTarget.files);
            // The same file can be chosen again after a failure.
            e.currentTarget.value = '';
          }}
        />
        {/* After the input, so that its keyboard focus shows on the label (CSS sibling rule). */}
        <label htmlFor={inputId} className={styles.fileButton}>
          Choose images
        </label>
      </div>
      {uploads.length > 0 && (
        <ul className={styles.uploads} aria-label="Uploads">
          {uploads.map((u) => (
            <li key={u.id} className={`${styles.upload} ${styles[u.status]}`} data-testid="upload-state" data-status={u.status}>
              <span className={styles.uploadName}>{u.name}</span>
              {u.status === 'uploading' && (
                <>
                  <progress max={1} value={u.progress} aria-label={`Uploading ${u.name}`} />
                  <span aria-live="polite">Uploading… {Math.round(u.progress * 100)}%</span>
                </>
              )}
              {u.status === 'success' && <span aria-live="polite">Uploaded</span>}
              {u.status === 'failure' && <span role="alert">Upload failed: {u.message}</span>}
              {u.status !== 'uploading' && (
                <button type="button" className={styles.dismiss} aria-label={`Dismiss ${u.name}`} onClick={() => setUploads((list) => list.filter((x) => x.id !== u.id))}>
                  ×
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
