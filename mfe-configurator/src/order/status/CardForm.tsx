import { useId } from 'react';
import { CARD_INCOMPLETE } from './logic.ts';
import type { CardEntry } from './types.ts';
import styles from './Status.module.css';

/** The card's fields, each keeping only the characters it can hold. */
const FIELDS: ReadonlyArray<{
  field: keyof CardEntry;
  idSuffix: string;
  label: string;
  autoComplete: string;
  maxLength: number;
  placeholder?: string;
  wide?: boolean;
  /** What typing may not put in the field. */
  strip: RegExp;
  testId: string;
}> = [
  { field: 'number', idSuffix: 'number', label: 'Card number', autoComplete: 'cc-number', maxLength: 23, wide: true, strip: /[^\d ]/g, testId: 'card-number' },
  { field: 'expiry', idSuffix: 'exp', label: 'MM / YY', autoComplete: 'cc-exp', maxLength: 7, placeholder: 'MM / YY', strip: /[^\d /]/g, testId: 'card-expiry' },
  { field: 'cvc', idSuffix: 'cvc', label: 'CVC', autoComplete: 'cc-csc', maxLength: 4, strip: /\D/g, testId: 'card-cvc' },
];

/** The card form: number, expiry and CVC, and what to enter when they do not make a card; the fee, the error and the button go in `children`. */
export function CardForm(props: {
  card: CardEntry;
  onEdit: (field: keyof CardEntry, value: string) => void;
  problem: boolean;
  disabled: boolean;
  children: React.ReactNode;
}) {
  const id = useId();
  return (
    <div className={styles.card} data-testid="card-form">
      <div className={styles.cardFields}>
        {FIELDS.map((f) => (
          <label key={f.field} className={f.wide ? `${styles.field} ${styles.fieldWide}` : styles.field} htmlFor={`${id}-${f.idSuffix}`}>
            <span>{f.label}</span>
            <input
              id={`${id}-${f.idSuffix}`}
              className={styles.input}
              inputMode="numeric"
              autoComplete={f.autoComplete}
              placeholder={f.placeholder}
              maxLength={f.maxLength}
              value={props.card[f.field]}
              onChange={(e) => props.onEdit(f.field, e.target.value.replace(f.strip, ''))}
              disabled={props.disabled}
              aria-invalid={props.problem}
              data-testid={f.testId}
            />
          </label>
        ))}
      </div>
      {props.problem && (
        <p className={styles.fieldError} role="alert" data-testid="card-problem">
          {CARD_INCOMPLETE}
        </p>
      )}
      {props.children}
    </div>
  );
}
