import { useId, useState, type FormEvent } from 'react';
import { Button, Link } from '@cpq/ui';
import type { QuoteAcceptanceModel } from './useQuoteAcceptance.ts';
import { LoadState } from './LoadState.tsx';
import {
  ACCEPT_HEADING,
  ACCEPT_LEAD,
  ACCEPT_QUOTE,
  ACCEPTANCE_SUPERSEDED,
  ACCEPTING,
  FULL_NAME,
  LOADING_TERMS,
  quoteRevisionHref,
  READ_QUOTE,
  RECORDING_ACCEPTANCE,
  TERMS_AGREED,
} from './words.ts';
import styles from './Acceptance.module.css';

/**
 * The customer accepts the current quote: they read it (a link to the revision's quote), type their
 * full name and tick the organisation's terms. The server prints the quote's PDF as they see it and
 * keeps its hash with the acceptance, which takes a few seconds: the button says so meanwhile.
 */
export function AcceptQuoteCard({ model, orgSpecificId }: { model: QuoteAcceptanceModel; orgSpecificId: number }) {
  const id = useId();
  const n = model.quoteRevision;
  const [fullName, setFullName] = useState('');
  // The tick is for one revision: a quote that changes under the card is unticked.
  const [agreedTo, setAgreedTo] = useState<number | null>(null);
  const agreed = agreedTo === n;
  const { terms, accepting } = model;
  const ready = fullName.trim() !== '' && agreed && terms !== null && !accepting;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (ready) void model.accept(fullName);
  };

  return (
    <section className={`${styles.box} ${styles.card}`} aria-labelledby={`${id}-heading`} data-testid="accept-quote-card">
      <h2 id={`${id}-heading`} className={styles.title}>
        {ACCEPT_HEADING}
      </h2>
      {model.view.note === 'superseded' && model.acceptedRevision !== null && (
        <p className={styles.inlineWarning} data-testid="acceptance-superseded">
          {ACCEPTANCE_SUPERSEDED(model.acceptedRevision, n)}
        </p>
      )}
      <p className={styles.text} data-testid="accept-lead">
        {ACCEPT_LEAD(n)}
      </p>
      <p className={styles.text}>
        <Link href={quoteRevisionHref(orgSpecificId, n)} className={styles.link} data-testid="read-quote">
          {READ_QUOTE(n)}
        </Link>
      </p>
      {terms === null ? (
        <TermsPending model={model} />
      ) : (
        terms.length > 0 && (
          <ul id={`${id}-terms`} className={styles.terms} data-testid="acceptance-terms">
            {terms.map((t, i) => (
              <li key={i}>{t}</li>
            ))}
          </ul>
        )
      )}
      <form className={styles.form} onSubmit={submit} noValidate>
        <label className={styles.field} htmlFor={`${id}-name`}>
          <span>{FULL_NAME}</span>
          <input
            id={`${id}-name`}
            className={styles.input}
            type="text"
            autoComplete="name"
            required
            maxLength={200}
            value={fullName}
            onChange={(e) => setFullName(e.target.value)}
            disabled={accepting}
            data-testid="accept-full-name"
          />
        </label>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={agreed}
            onChange={(e) => setAgreedTo(e.target.checked ? n : null)}
            disabled={accepting}
            {...(terms?.length ? { 'aria-describedby': `${id}-terms` } : {})}
            data-testid="accept-terms"
          />
          <span>{TERMS_AGREED}</span>
        </label>
        {model.refusal && (
          <p className={styles.refusal} role="alert" data-testid="accept-refusal">
            {model.refusal}
          </p>
        )}
        <div className={styles.actions}>
          <Button type="submit" disabled={!ready} aria-busy={accepting} data-testid="accept-quote">
            {accepting ? ACCEPTING : ACCEPT_QUOTE}
          </Button>
          {/* Present from the start, so the sentence is announced when it appears. */}
          <span className={styles.muted} role="status" data-testid="accept-progress">
            {accepting ? RECORDING_ACCEPTANCE : ''}
          </span>
        </div>
      </form>
    </section>
  );
}

/** The terms are still being read, or could not be: the card cannot be accepted without them. */
function TermsPending({ model }: { model: QuoteAcceptanceModel }) {
  return <LoadState model={model} loading={LOADING_TERMS} />;
}
