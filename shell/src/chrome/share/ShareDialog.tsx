import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { api } from '@cpq/client';
import { JUST_NOTIFIED_MS, type InvolvedUsersResponse, type InvolvedUserView, type ShareeCandidate, type ShareeSuggestion, type SuggestionContext } from '@cpq/domain';
import { Button, Modal } from '@cpq/ui';
import { Collaborators } from './Collaborators.tsx';
import { displayName, messageOf } from './labels.ts';
import { ShareeSearch } from './ShareeSearch.tsx';
import { ShareLink } from './ShareLink.tsx';
import styles from './Share.module.css';

export interface ShareDialogProps {
  orgId: number;
  orgTitle: string;
  /** The order's number in its organisation (the page's address names it). */
  orderNo: number;
  /** The organisation's word for an order ("order", "quote"). */
  wordingOrder: string;
  currentUserId: number | null;
  /** An employee (not in guest mode). */
  employee: boolean;
  onClose(): void;
  /** After the viewer removed themselves from the order (they no longer reach it). */
  onLeft?(): void;
}

/** A person waiting to be shared with, and what the server said about their email. */
interface Pending {
  email: string;
  name: string | null;
  lookup: 'known' | 'looking' | 'found' | 'new' | 'failed';
  message?: string;
}

type Candidates = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; list: ShareeCandidate[] };

const MAX_SHAREES = 50;
const NO_CANDIDATES: ShareeCandidate[] = [];
const leaveOrder = () => window.location.assign('/');

/**
 * The order-sharing popup: the people involved (role, who sees prices, the pricing toggle and Remove
 * where the viewer may), the sharee search with a pending list and a note for Share, and the
 * order's shareable link. Every call shows its progress and, when it fails, the server's message.
 */
export function ShareDialog({ orgId, orgTitle, orderNo, wordingOrder, currentUserId, employee, onClose, onLeft = leaveOrder }: ShareDialogProps) {
  const noteId = useId();
  const [data, setData] = useState<InvolvedUsersResponse | null>(null);
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [candidates, setCandidates] = useState<Candidates>({ status: 'loading' });
  const [pending, setPending] = useState<Pending[]>([]);
  const [note, setNote] = useState('');
  const [info, setInfo] = useState<string | null>(null);
  const [sharing, setSharing] = useState(false);
  const [shareError, setShareError] = useState<string | null>(null);
  const [justNotified, setJustNotified] = useState(false);
  const [busy, setBusy] = useState<{ userId: number; action: 'pricing' | 'remove' } | null>(null);
  const [rowError, setRowError] = useState<{ userId: number; message: string } | null>(null);
  const live = useRef(true);
  const searchRef = useRef<HTMLInputElement>(null);
  const peopleHeading = useRef<HTMLHeadingElement>(null);
  const notifiedTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
      if (notifiedTimer.current) clearTimeout(notifiedTimer.current);
    };
  }, []);

  const load = useCallback(async (): Promise<InvolvedUsersResponse | null> => {
    setLoading(true);
    setLoadError(null);
    try {
      const answer = await api.getInvolvedUsers({ orgId, productOrderOrgSpecificId: orderNo });
      if (live.current) setData(answer);
      return answer;
    } catch (err) {
      if (live.current) setLoadError(messageOf(err));
      return null;
    } finally {
      if (live.current) setLoading(false);
    }
  }, [orgId, orderNo]);

  const loadCandidates = useCallback(async (productOrderId: number) => {
    setCandidates({ status: 'loading' });
    try {
      const list = await api.getShareeCandidates({ productOrderId });
      if (live.current) setCandidates({ status: 'ready', list });
    } catch (err) {
      if (live.current) setCandidates({ status: 'error', message: messageOf(err) });
    }
  }, []);

  // The people, then (once, when the popup opens) the candidates the search offers.
  const firstLoad = useCallback(async () => {
    const answer = await load();
    if (answer && live.current) await loadCandidates(answer.productOrderId);
  }, [load, loadCandidates]);
  useEffect(() => {
    void firstLoad();
  }, [firstLoad]);

  const involvedIds = useMemo(() => new Set((data?.involvedUsers ?? []).map((u) => u.userId)), [data]);
  const context = useMemo<SuggestionContext>(
    () => ({ currentUserId, ownerId: data?.ownerId ?? -1, involvedUserIds: involvedIds, pendingEmails: new Set(pending.map((p) => p.email.toLowerCase())) }),
    [currentUserId, data?.ownerId, involvedIds, pending],
  );

  const setLookup = (email: string, change: Partial<Pending> | null) =>
    setPending((list) => (change ? list.map((p) => (p.email === email ? { ...p, ...change } : p)) : list.filter((p) => p.email !== email)));

  const onChoose = (choice: Exclude<ShareeSuggestion, { kind: 'invalid' }>) => {
    setInfo(null);
    setShareError(null);
    if (pending.length >= MAX_SHAREES) return setInfo(`At most ${MAX_SHAREES} people can be shared with at a time: share with these first.`);
    if (choice.kind === 'person') {
      setPending((list) => [...list, { email: choice.candidate.email, name: displayName(choice.candidate), lookup: 'known' }]);
      return;
    }
    const email = choice.email;
    setPending((list) => [...list, { email, name: null, lookup: 'looking' }]);
    if (!data) return;
    // Who the address names (nothing is created until Share sends).
    api.getOrCreateSharee({ productOrderId: data.productOrderId, shareeEmail: email }).then(
      ({ sharee }) => {
        if (!live.current) return;
        if (sharee.userId !== null && involvedIds.has(sharee.userId)) {
          setLookup(email, null);
          setInfo(`${email} already has access to this ${wordingOrder}.`);
        } else {
          const name = displayName(sharee);
          setLookup(email, { lookup: sharee.isNew ? 'new' : 'found', name: name === sharee.email ? null : name });
        }
      },
      (err: unknown) => live.current && setLookup(email, { lookup: 'failed', message: messageOf(err) }),
    );
  };

  const onShare = async () => {
    if (sharing || pending.length === 0) return;
    setSharing(true);
    setShareError(null);
    setInfo(null);
    try {
      const trimmed = note.trim();
      await api.share({ orgId, productOrderOrgSpecificId: orderNo, sharees: pending.map((p) => ({ email: p.email })), shareNote: trimmed ? trimmed : null });
      if (!live.current) return;
      setPending([]);
      setNote('');
      setJustNotified(true);
      searchRef.current?.focus(); // the Share button is disabled now: focus must not be lost
      if (notifiedTimer.current) clearTimeout(notifiedTimer.current);
      notifiedTimer.current = setTimeout(() => setJustNotified(false), JUST_NOTIFIED_MS);
      void load();
    } catch (err) {
      if (live.current) setShareError(messageOf(err));
    } finally {
      if (live.current) setSharing(false);
    }
  };

  const onTogglePricing = async (user: InvolvedUserView, hidden: boolean) => {
    setBusy({ userId: user.userId, action: 'pricing' });
    setRowError(null);
    try {
      const answer = await api.updateInvolvedUsersData({ orgId, productOrderOrgSpecificId: orderNo, shareeId: user.userId, pricingIsHidden: hidden ? 1 : 0 });
      if (!live.current) return;
      // The answer is the order's involved users as stored: take everyone's pricing from it.
      setData((d) => d && { ...d, involvedUsers: d.involvedUsers.map((u) => ({ ...u, pricingIsHidden: answer.involvedUsers[String(u.userId)]?.pricingIsHidden ?? u.pricingIsHidden })) });
    } catch (err) {
      if (live.current) setRowError({ userId: user.userId, message: messageOf(err) });
    } finally {
      if (live.current) setBusy(null);
    }
  };

  const onRemove = async (user: InvolvedUserView) => {
    setBusy({ userId: user.userId, action: 'remove' });
    setRowError(null);
    try {
      // Named by email as the spec has it; a guest who came in through the order's link has none: by id.
      const who = user.email ? { shareeEmail: user.email } : { shareeId: user.userId };
      await api.removeSharee({ orgId, productOrderOrgSpecificId: orderNo, ...who });
      if (!live.current) return;
      if (user.userId === currentUserId) return onLeft();
      await load();
      peopleHeading.current?.focus(); // the row and its button are gone
    } catch (err) {
      if (live.current) setRowError({ userId: user.userId, message: messageOf(err) });
    } finally {
      if (live.current) setBusy(null);
    }
  };

  // Who may change who sees prices: the server says (employees and the order's owner, their own
  // prices visible); an employee in guest mode is shown what a guest sees (decision 0049).
  const own = data?.involvedUsers.find((u) => u.userId === currentUserId);
  const canTogglePricing = !!data && data.canTogglePricing && (employee || currentUserId === data.ownerId) && own?.pricingIsHidden !== 1;

  const title = `Share ${wordingOrder} #${orderNo}`;
  return (
    <Modal onClose={onClose} width="medium" title={title} subtitle={<p className={styles.subtitle}>{orgTitle}</p>} testId="share-dialog">
      {!data ? (
        loadError ? (
          <div className={styles.errorBox} role="alert" data-testid="share-load-error">
            <p>The people on this {wordingOrder} could not be loaded: {loadError}</p>
            <Button onClick={() => void firstLoad()} disabled={loading}>
              {loading ? 'Retrying…' : 'Retry'}
            </Button>
          </div>
        ) : (
          <p className={styles.muted} role="status" data-testid="share-loading">
            Loading the people on this {wordingOrder}…
          </p>
        )
      ) : (
        <>
          <section className={styles.section} aria-labelledby={`${noteId}-people`}>
            <div className={styles.sectionHead}>
              <h3 id={`${noteId}-people`} className={styles.sectionTitle} ref={peopleHeading} tabIndex={-1}>
                People with access
              </h3>
              {loading && (
                <span className={styles.muted} role="status">
                  Updating…
                </span>
              )}
            </div>
            {loadError && (
              <div className={styles.errorBox} role="alert" data-testid="share-refresh-error">
                <p>The list could not be updated: {loadError}</p>
                <Button variant="secondary" onClick={() => void load()} disabled={loading}>
                  Retry
                </Button>
              </div>
            )}
            <Collaborators
              data={data}
              currentUserId={currentUserId}
              canTogglePricing={canTogglePricing}
              busy={busy}
              rowError={rowError}
              onTogglePricing={(u, hidden) => void onTogglePricing(u, hidden)}
              onRemove={(u) => void onRemove(u)}
              wordingOrder={wordingOrder}
            />
          </section>

          <section className={styles.section} aria-labelledby={`${noteId}-share`}>
            <h3 id={`${noteId}-share`} className={styles.sectionTitle}>
              Share with people
            </h3>
            <ShareeSearch candidates={candidates.status === 'ready' ? candidates.list : NO_CANDIDATES} context={context} onChoose={onChoose} inputRef={searchRef} />
            {candidates.status === 'loading' && (
              <p className={styles.help} role="status">
                Loading the people you can share with… (you can type an email meanwhile)
              </p>
            )}
            {candidates.status === 'error' && (
              <div className={styles.errorBox} role="alert" data-testid="candidates-error">
                <p>The people you can share with could not be loaded: {candidates.message}. You can still type an email address.</p>
                <Button variant="secondary" onClick={() => void loadCandidates(data.productOrderId)}>
                  Retry
                </Button>
              </div>
            )}
            {pending.length > 0 && (
              <ul className={styles.chips} aria-label="To share with" data-testid="pending-sharees">
                {pending.map((p) => (
                  <li key={p.email} className={`${styles.chip} ${p.lookup === 'failed' ? styles.chipFailed : ''}`} data-testid="pending-sharee" data-lookup={p.lookup}>
                    <span className={styles.chipText}>
                      {p.name ? (
                        <>
                          {p.name} <span className={styles.muted}>({p.email})</span>
                        </>
                      ) : (
                        p.email
                      )}
                      {p.lookup === 'looking' && <span className={styles.muted}> · looking up…</span>}
                      {p.lookup === 'new' && <span className={styles.muted}> · new: Share invites them</span>}
                      {p.lookup === 'failed' && <span className={styles.chipError}> · {p.message}</span>}
                    </span>
                    <button type="button" className={styles.chipRemove} onClick={() => {
                        setLookup(p.email, null);
                        searchRef.current?.focus();
                      }}
                      aria-label={`Remove ${p.name ?? p.email} from the list`}>
                      ×
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {info && (
              <p className={styles.notice} role="status" data-testid="share-info">
                {info}
              </p>
            )}
            <label htmlFor={noteId} className={styles.label}>
              Note (optional)
            </label>
            <textarea
              id={noteId}
              className={styles.textarea}
              rows={3}
              maxLength={2000}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              placeholder="Add a message to the email"
              data-testid="share-note"
            />
            {shareError && (
              <p className={styles.error} role="alert" data-testid="share-error">
                {shareError}
              </p>
            )}
            <p className={styles.srOnly} role="status">
              {justNotified ? 'Shared: they have been notified.' : ''}
            </p>
            <div className={styles.actions}>
              {pending.length === 0 && !justNotified && <p className={styles.help}>Choose people above: Share emails them a link to this {wordingOrder}.</p>}
              <Button
                onClick={() => void onShare()}
                // Not disabled while sending (focus would fall out of the popup): a second press waits instead.
                disabled={justNotified || pending.length === 0}
                aria-disabled={sharing}
                aria-busy={sharing}
                className={justNotified ? styles.notified : undefined}
                data-testid="share-send"
              >
                {sharing ? 'Sharing…' : justNotified ? 'Just notified' : 'Share'}
              </Button>
            </div>
          </section>

          <ShareLink productOrderId={data.productOrderId} wordingOrder={wordingOrder} />
        </>
      )}
    </Modal>
  );
}
