import { useEffect, useId, useRef, useState } from 'react';
import { checkInstanceTitle, clampRank, INSTANCE_TITLE_MAX_LENGTH, normaliseQuantity, stripNumericInput, type Product } from '@cpq/domain';
import { Button } from '@cpq/ui';
import type { ItemView } from './itemViews.ts';
import { centsToDollars, dollarsToCents } from './logic.ts';
import type { Instance } from './writes.ts';
import styles from './Editor.module.css';

export interface InstanceBarProps {
  item: Instance;
  product: Product | undefined;
  view: ItemView;
  count: number;
  readOnly: boolean;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious(): void;
  onNext(): void;
  onTitle(title: string): void;
  onQuantity(quantity: number): void;
  onRank(rank: number): void;
  onDelete(): void;
  /** Present only when the notes dialog is available. */
  onNotes?: () => void;
  /** Present only for an employee on a custom product: its unit price. */
  onCustomPrice?: (cents: number) => void;
}

/** A text field that keeps what is typed while focused and follows the item otherwise. */
function useDraft(value: string) {
  const [draft, setDraft] = useState(value);
  const focused = useRef(false);
  useEffect(() => {
    if (!focused.current) setDraft(value);
  }, [value]);
  return { draft, setDraft, focus: () => (focused.current = true), blur: () => (focused.current = false) };
}

/** The active item's bar: title, arrows, quantity, rank, notes, delete. */
export function InstanceBar(p: InstanceBarProps) {
  const ids = useId();
  const title = useDraft(p.item.title ?? '');
  const quantity = useDraft(String(p.item.quantity));
  const rank = useDraft(String(p.item.rank));
  const titleCheck = checkInstanceTitle(title.draft, p.product?.instanceTitleIsRequired ?? 0);
  const commitQuantity = () => {
    quantity.blur();
    const q = normaliseQuantity(quantity.draft);
    quantity.setDraft(String(q));
    if (q !== p.item.quantity) p.onQuantity(q);
  };
  const price = useDraft(centsToDollars(Number(p.item.customPriceInCents ?? 0)));
  const commitPrice = () => {
    price.blur();
    const cents = dollarsToCents(price.draft);
    // Nothing typed keeps the stored price.
    const stored = Number(p.item.customPriceInCents ?? 0);
    price.setDraft(centsToDollars(cents ?? stored));
    if (cents !== null && cents !== stored) p.onCustomPrice?.(cents);
  };
  const commitRank = () => {
    rank.blur();
    const r = clampRank(rank.draft, p.count);
    // A non-number is ignored: the field shows the item's rank again.
    rank.setDraft(String(r ?? p.item.rank));
    if (r !== null && r !== p.item.rank) p.onRank(r);
  };
  return (
    <div className={styles.instanceBar} data-testid="instance-bar">
      <div className={styles.barNav}>
        <button type="button" className={styles.iconButton} onClick={p.onPrevious} disabled={!p.hasPrevious} aria-label="Previous item" data-testid="previous-item">
          ‹
        </button>
        <div className={styles.field}>
          <label htmlFor={`${ids}-title`} className={styles.label}>
            Identifier / description{p.product?.instanceTitleIsRequired ? ' (required)' : ''}
          </label>
          <input
            id={`${ids}-title`}
            className={`${styles.input} ${titleCheck.ok ? '' : styles.inputInvalid}`}
            value={title.draft}
            maxLength={INSTANCE_TITLE_MAX_LENGTH}
            disabled={p.readOnly}
            onFocus={title.focus}
            onBlur={title.blur}
            onChange={(e) => {
              title.setDraft(e.target.value);
              // An invalid title is shown, not saved (the server would refuse it).
              if (checkInstanceTitle(e.target.value, p.product?.instanceTitleIsRequired ?? 0).ok) p.onTitle(e.target.value);
            }}
            aria-invalid={titleCheck.ok ? undefined : true}
            aria-describedby={titleCheck.ok ? undefined : `${ids}-title-error`}
            data-testid="instance-title"
          />
        </div>
        <button type="button" className={styles.iconButton} onClick={p.onNext} disabled={!p.hasNext} aria-label="Next item" data-testid="next-item">
          ›
        </button>
      </div>
      {!titleCheck.ok && (
        <p id={`${ids}-title-error`} className={styles.fieldError} role="alert" data-testid="instance-title-error">
          {titleCheck.message}
        </p>
      )}
      <div className={styles.barFields}>
        <div className={styles.field}>
          <label htmlFor={`${ids}-qty`} className={styles.label}>
            Quantity
          </label>
          <input
            id={`${ids}-qty`}
            className={`${styles.input} ${styles.small}`}
            inputMode="numeric"
            value={quantity.draft}
            disabled={p.readOnly}
            onFocus={quantity.focus}
            onChange={(e) => quantity.setDraft(stripNumericInput(e.target.value).replace('.', ''))}
            onBlur={commitQuantity}
            onKeyDown={(e) => e.key === 'Enter' && commitQuantity()}
            data-testid="instance-quantity"
          />
        </div>
        <div className={styles.field}>
          <label htmlFor={`${ids}-rank`} className={styles.label}>
            Position (1–{p.count})
          </label>
          <input
            id={`${ids}-rank`}
            className={`${styles.input} ${styles.small}`}
            inputMode="numeric"
            value={rank.draft}
            disabled={p.readOnly}
            onFocus={rank.focus}
            onChange={(e) => rank.setDraft(e.target.value)}
            onBlur={commitRank}
            onKeyDown={(e) => e.key === 'Enter' && commitRank()}
            data-testid="instance-rank"
          />
        </div>
        {p.onCustomPrice && (
          <div className={styles.field}>
            <label htmlFor={`${ids}-price`} className={styles.label}>
              Price ($)
            </label>
            <input
              id={`${ids}-price`}
              className={`${styles.input} ${styles.small}`}
              inputMode="decimal"
              value={price.draft}
              onFocus={price.focus}
              onChange={(e) => price.setDraft(stripNumericInput(e.target.value))}
              onBlur={commitPrice}
              onKeyDown={(e) => e.key === 'Enter' && commitPrice()}
              data-testid="custom-price"
            />
          </div>
        )}
        <div className={styles.barActions}>
          {p.onNotes && (
            <Button variant="quiet" onClick={p.onNotes} data-testid="notes-link">
              Notes{p.item.notes?.trim() ? ' •' : ''}
            </Button>
          )}
          {!p.readOnly && (
            <Button variant="secondary" onClick={p.onDelete} data-testid="delete-item">
              Delete item
            </Button>
          )}
        </div>
      </div>
      {p.view.productTitle && <p className={styles.muted}>{p.view.productTitle}</p>}
    </div>
  );
}
