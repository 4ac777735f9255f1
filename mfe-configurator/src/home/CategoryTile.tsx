import { useState } from 'react';
import styles from './HomePage.module.css';
import { categoryInitials, type ResolvedTile } from './logic.ts';

interface Props {
  tile: ResolvedTile;
  expanded: boolean;
  dropdownId: string;
  disabled: boolean;
  onActivate: () => void;
}

/** A 100 px category tile: thumbnail (or initials placeholder) over the category title. */
export function CategoryTile({ tile, expanded, dropdownId, disabled, onActivate }: Props) {
  const { category } = tile;
  const opensDropdown = tile.action === 'chooseProduct';
  // A picture that cannot be loaded (deleted, not this person's) falls back to the initials.
  const [failed, setFailed] = useState<string | null>(null);
  const picture = category.thumbnailUrl && failed !== category.thumbnailUrl ? category.thumbnailUrl : null;
  return (
    <button
      type="button"
      className={styles.tile}
      data-testid={`category-tile-${category.id}`}
      data-action={tile.action}
      aria-expanded={opensDropdown ? expanded : undefined}
      aria-controls={opensDropdown ? dropdownId : undefined}
      aria-haspopup={opensDropdown ? 'true' : undefined}
      disabled={disabled}
      onClick={onActivate}
    >
      {picture ? (
        <img className={styles.thumb} src={picture} alt="" loading="lazy" onError={() => setFailed(picture)} />
      ) : (
        <span className={`${styles.thumb} ${styles.placeholder}`} aria-hidden="true">
          {categoryInitials(category.title)}
        </span>
      )}
      <span className={styles.tileTitle}>{category.title}</span>
    </button>
  );
}
