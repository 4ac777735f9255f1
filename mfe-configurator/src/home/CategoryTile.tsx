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
      {category.thumbnailUrl ? (
        <img className={styles.thumb} src={category.thumbnailUrl} alt="" loading="lazy" />
      ) : (
        <span className={`${styles.thumb} ${styles.placeholder}`} aria-hidden="true">
          {categoryInitials(category.title)}
        </span>
      )}
      <span className={styles.tileTitle}>{category.title}</span>
    </button>
  );
}
