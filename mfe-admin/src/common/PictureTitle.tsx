import type { ReactNode } from 'react';
import type { OptionSwatch } from '@cpq/domain';
import { Swatch, Thumbnail } from '@cpq/ui';
import styles from './PictureTitle.module.css';

/**
 * A list's title cell with the row's picture before it (docs/decisions/0085-thumbnails-and-swatches.md):
 * a thumbnail address, or an option's swatch (picture or colour). Decorative (alt=""): the title
 * beside it names the row.
 */
export function PictureTitle({ src, swatch, children }: { src?: string | null; swatch?: OptionSwatch | null; children: ReactNode }) {
  return (
    <span className={styles.title}>
      {swatch !== undefined ? <Swatch swatch={swatch} size="md" /> : <Thumbnail src={src} size="md" />}
      {children}
    </span>
  );
}
