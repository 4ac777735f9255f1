import { useEffect, useId, useRef, useState } from 'react';
import { activeDateSettings, api } from '@cpq/client';
import { SHARE_LINK_DAY_CHOICES, SHARE_LINK_DEFAULT_DAYS, shareLinkExpiryDay, type ShareableLinkResponse } from '@cpq/domain';
import { Button, useShowsKeyboardTips } from '@cpq/ui';
import { copyText } from './clipboard.ts';
import { messageOf } from './labels.ts';
import styles from './Share.module.css';

/** How long "Copied" stays on the Copy button. */
export const COPIED_MS = 2000;

type Days = (typeof SHARE_LINK_DAY_CHOICES)[number];

/**
 * The caller's link to the order: made on demand for the number of days they choose (only its hash is
 * kept, so the full link is shown once, here, with the day it works until), with a Copy button. Each
 * person has one link per order: a new one stops their previous one, and whoever came in only through
 * it loses access.
 */
export function ShareLink({ productOrderId, wordingOrder }: { productOrderId: number; wordingOrder: string }) {
  const fieldId = useId();
  const [link, setLink] = useState<ShareableLinkResponse | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const [days, setDays] = useState<Days>(SHARE_LINK_DEFAULT_DAYS as Days);
  const field = useRef<HTMLInputElement>(null);
  // A touch screen has no Ctrl+C: the fallback says how to copy there.
  const keyboard = useShowsKeyboardTips();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const create = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    setCopy('idle');
    try {
      setLink(await api.generateShareableLink({ productOrderId, validForDays: days }));
      // The new link is what the person came for: focus it (it selects itself, ready to copy).
      requestAnimationFrame(() => field.current?.focus());
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  const onCopy = async () => {
    if (!link) return;
    const ok = await copyText(link.shareableLink, field.current);
    setCopy(ok ? 'copied' : 'failed');
    if (timer.current) clearTimeout(timer.current);
    if (ok) timer.current = setTimeout(() => setCopy('idle'), COPIED_MS);
  };

  return (
    <section className={styles.section} aria-labelledby={`${fieldId}-heading`} data-testid="share-link">
      <h3 id={`${fieldId}-heading`} className={styles.sectionTitle}>
        Shareable link
      </h3>
      <p className={styles.help}>
        Anyone who opens the link can open this {wordingOrder} as a guest until the link expires. You have one link at a time: creating a link stops your earlier
        link to this {wordingOrder}, and people who came in only through it lose access.
      </p>
      {link && (
        <>
          <div className={styles.linkRow}>
            <label htmlFor={fieldId} className={styles.srOnly}>
              Link to this order
            </label>
            <input
              ref={field}
              id={fieldId}
              className={styles.input}
              type="text"
              readOnly
              value={link.shareableLink}
              onFocus={(e) => e.currentTarget.select()}
              data-testid="share-link-field"
            />
            <Button variant="secondary" onClick={() => void onCopy()} data-testid="share-link-copy">
              {copy === 'copied' ? 'Copied' : 'Copy'}
            </Button>
          </div>
          <p className={styles.srOnly} role="status" aria-live="polite">
            {copy === 'copied' ? 'Link copied' : ''}
          </p>
          {copy === 'failed' && (
            <p className={styles.error} role="alert" data-testid="share-link-copy-error">
              {keyboard
                ? 'The link could not be copied: it is selected, copy it with Ctrl+C (⌘C).'
                : 'The link could not be copied: touch and hold the link above, then choose Copy.'}
            </p>
          )}
          <p className={styles.notice} data-testid="share-link-expiry">
            This link works until {shareLinkExpiryDay(link.expires, activeDateSettings())}.
          </p>
          <p className={styles.help}>Copy it now: for safety the link is shown only once.</p>
          {link.pricingIsHidden === 1 && (
            <p className={styles.notice} data-testid="share-link-pricing-hidden">
              People who open this link will not see prices.
            </p>
          )}
        </>
      )}
      {error && (
        <p className={styles.error} role="alert" data-testid="share-link-error">
          {error}
        </p>
      )}
      <div className={styles.actions}>
        {link && <p className={styles.warning}>Creating a new link stops the link above, and people who came in only through it lose access.</p>}
        <label className={styles.days}>
          <span>Link works for</span>
          <select className={styles.input} value={days} onChange={(e) => setDays(Number(e.target.value) as Days)} data-testid="share-link-days">
            {SHARE_LINK_DAY_CHOICES.map((d) => (
              <option key={d} value={d}>
                {d} days
              </option>
            ))}
          </select>
        </label>
        <Button variant={link ? 'secondary' : 'primary'} onClick={() => void create()} aria-disabled={busy} aria-busy={busy} data-testid="share-link-create">
          {busy ? 'Creating…' : link ? 'Create a new link' : 'Create link'}
        </Button>
      </div>
    </section>
  );
}
