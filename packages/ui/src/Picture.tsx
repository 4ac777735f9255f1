import { useState } from 'react';
import type { OptionSwatch } from '@cpq/domain';
import styles from './Picture.module.css';

export type PictureSize = 'sm' | 'md' | 'lg';

export interface ThumbnailProps {
  /** The picture's address (thumbnails fall back as @cpq/domain's thumbnails.ts says); none draws nothing. */
  src: string | null | undefined;
  size?: PictureSize;
  className?: string;
}

/**
 * A small picture beside a visible title: decorative, so alt="" (the title says what it is). A picture
 * that fails to load (deleted, or not this person's to see) takes no room rather than showing a broken icon.
 */
export function Thumbnail({ src, size = 'md', className }: ThumbnailProps) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) return null;
  return <img className={`${styles.picture} ${styles[size]} ${className ?? ''}`} src={src} alt="" loading="lazy" decoding="async" onError={() => setFailed(src)} data-testid="thumbnail" />;
}

export interface SwatchProps {
  swatch: OptionSwatch | null;
  size?: PictureSize;
  className?: string;
}

/** An option's swatch: its picture, or a dot of its colour. Decorative beside the option's title. */
export function Swatch({ swatch, size = 'sm', className }: SwatchProps) {
  if (!swatch) return null;
  if (swatch.kind === 'image') return <Thumbnail src={swatch.url} size={size} className={`${styles.swatch} ${className ?? ''}`} />;
  return <span className={`${styles.picture} ${styles.swatch} ${styles[size]} ${className ?? ''}`} style={{ backgroundColor: swatch.color }} aria-hidden="true" data-testid="swatch-colour" />;
}
