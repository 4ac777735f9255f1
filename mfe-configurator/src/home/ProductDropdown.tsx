import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { ConfiguratorProduct, ProductCategory } from '@cpq/domain';
import { productThumbnailUrl } from '@cpq/domain/basics';
import styles from './HomePage.module.css';

interface Props {
  id: string;
  category: ProductCategory;
  products: ConfiguratorProduct[];
  disabled: boolean;
  onChoose: (product: ConfiguratorProduct) => void;
  onClose: () => void;
}

export const NO_PRODUCTS_TEXT = 'No Products Available to select.';

/**
 * The products of one category, shown under the row of the tile that opened it. Focus moves to the
 * first product on open; Arrow keys move between products; Escape closes and returns focus to the tile.
 */
export function ProductDropdown({ id, category, products, disabled, onChoose, onClose }: Props) {
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    const first = panel.querySelector<HTMLElement>('button');
    (first ?? panel).focus({ preventScroll: true });
    panel.scrollIntoView?.({ block: 'nearest' });
  }, [id]);

  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      const panel = panelRef.current;
      const tile = document.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(id)}"]`);
      const focusWasHere = !!panel?.contains(document.activeElement) || document.activeElement === tile;
      onClose();
      if (focusWasHere) tile?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [id, onClose]);

  const onListKey = (e: KeyboardEvent<HTMLUListElement>) => {
    if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(e.key)) return;
    const buttons = Array.from(e.currentTarget.querySelectorAll<HTMLButtonElement>('button'));
    if (buttons.length === 0) return;
    e.preventDefault();
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next =
      e.key === 'Home'
        ? 0
        : e.key === 'End'
          ? buttons.length - 1
          : e.key === 'ArrowDown'
            ? (at + 1) % buttons.length
            : (at - 1 + buttons.length) % buttons.length;
    buttons[next]?.focus();
  };

  const headingId = `${id}-heading`;
  // Placeholders only keep titles aligned when some products have pictures.
  const anyThumbnail = products.some((p) => !!productThumbnailUrl(p));
  return (
    <div
      id={id}
      ref={panelRef}
      className={styles.dropdown}
      data-testid="product-dropdown"
      role="region"
      aria-labelledby={headingId}
      tabIndex={-1}
    >
      <p id={headingId} className={styles.dropdownTitle}>
        {category.title}: choose a product
      </p>
      {products.length === 0 ? (
        <p className={styles.muted}>{NO_PRODUCTS_TEXT}</p>
      ) : (
        <ul className={styles.productList} aria-labelledby={headingId} onKeyDown={onListKey}>
          {products.map((product) => {
            const picture = productThumbnailUrl(product);
            return (
              <li key={product.id}>
                <button
                  type="button"
                  className={styles.productOption}
                  data-testid={`product-option-${product.id}`}
                  disabled={disabled}
                  onClick={() => onChoose(product)}
                >
                  {picture ? (
                    <img className={styles.productThumb} src={picture} alt="" loading="lazy" />
                  ) : anyThumbnail ? (
                    <span className={`${styles.productThumb} ${styles.placeholder}`} aria-hidden="true" />
                  ) : null}
                  <span>{product.title}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
