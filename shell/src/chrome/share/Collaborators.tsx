import { useState } from 'react';
import type { InvolvedUsersResponse, InvolvedUserView } from '@cpq/domain';
import { Button } from '@cpq/ui';
import { displayName, orgRoleLabel } from './labels.ts';
import styles from './Share.module.css';

export interface CollaboratorsProps {
  data: InvolvedUsersResponse;
  currentUserId: number | null;
  /** Whether the viewer may change who sees prices (see rowRights). */
  canTogglePricing: boolean;
  /** The row whose call is running, and which call. */
  busy: { userId: number; action: 'pricing' | 'remove' } | null;
  /** A failed row call: the server's message under that row. */
  rowError: { userId: number; message: string } | null;
  onTogglePricing(user: InvolvedUserView, hidden: boolean): void;
  onRemove(user: InvolvedUserView): void;
  /** The organisation's word for an order. */
  wordingOrder: string;
}

/**
 * What the viewer may do to one collaborator: never anything to the order's owner; the pricing toggle
 * when the viewer may toggle at all; Remove for everyone else who reaches the order.
 */
export function rowRights(user: InvolvedUserView, ownerId: number, canTogglePricing: boolean): { toggle: boolean; remove: boolean } {
  const isOwner = user.userId === ownerId || user.role === 'owner';
  return { toggle: canTogglePricing && !isOwner, remove: !isOwner };
}

/** The people involved in the order: name, email, role, who sees prices, with the toggle and Remove where allowed. */
export function Collaborators({ data, currentUserId, canTogglePricing, busy, rowError, onTogglePricing, onRemove, wordingOrder }: CollaboratorsProps) {
  const [confirming, setConfirming] = useState<number | null>(null);
  const others = data.involvedUsers.filter((u) => u.userId !== currentUserId);
  return (
    <>
      <ul className={styles.people} data-testid="collaborators">
        {data.involvedUsers.map((u) => {
          const name = displayName(u);
          const rights = rowRights(u, data.ownerId, canTogglePricing);
          const rowBusy = busy?.userId === u.userId ? busy.action : null;
          const hidden = u.pricingIsHidden === 1;
          return (
            <li key={u.userId} className={styles.person} data-testid={`collaborator-${u.userId}`}>
              <div className={styles.personMain}>
                <p className={styles.personName}>
                  {name}
                  {u.userId === currentUserId && <span className={styles.muted}> (you)</span>}
                </p>
                {u.email && name !== u.email && <p className={styles.personEmail}>{u.email}</p>}
                <p className={styles.personMeta}>
                  <span className={u.role === 'owner' ? styles.badgeOwner : styles.badge} data-testid="collaborator-role">
                    {u.role === 'owner' ? 'Owner' : 'Sharee'}
                  </span>
                  <span className={styles.muted}>{orgRoleLabel(u.orgRole)}</span>
                  <span className={hidden ? styles.pricingHidden : styles.muted} data-testid="collaborator-pricing">
                    {hidden ? 'Prices hidden' : 'Sees prices'}
                  </span>
                </p>
              </div>
              <div className={styles.personActions}>
                {rights.toggle && (
                  <label className={styles.check}>
                    <input
                      type="checkbox"
                      checked={hidden}
                      // Not disabled while saving (focus would fall out of the popup): changes wait instead.
                      aria-disabled={rowBusy !== null}
                      aria-busy={rowBusy === 'pricing'}
                      onChange={(e) => rowBusy === null && onTogglePricing(u, e.target.checked)}
                      data-testid="pricing-toggle"
                    />
                    <span>
                      {rowBusy === 'pricing' ? 'Saving…' : 'Hide prices'}
                      <span className={styles.srOnly}> from {name}</span>
                    </span>
                  </label>
                )}
                {rights.remove &&
                  (confirming === u.userId ? (
                    <span className={styles.confirm} role="group" aria-label={`Remove ${name}?`}>
                      <span className={styles.confirmText}>{u.userId === currentUserId ? `Leave this ${wordingOrder}?` : 'Remove access?'}</span>
                      <Button
                        variant="secondary"
                        className={styles.small}
                        aria-disabled={rowBusy !== null}
                        aria-busy={rowBusy === 'remove'}
                        onClick={() => rowBusy === null && onRemove(u)}
                        data-testid="remove-confirm"
                      >
                        {rowBusy === 'remove' ? 'Removing…' : 'Remove'}
                      </Button>
                      <Button variant="quiet" className={styles.small} aria-disabled={rowBusy !== null} onClick={() => rowBusy === null && setConfirming(null)}>
                        Keep
                      </Button>
                    </span>
                  ) : (
                    <Button variant="quiet" className={styles.small} onClick={() => setConfirming(u.userId)} data-testid="remove-collaborator">
                      Remove<span className={styles.srOnly}> {name}</span>
                    </Button>
                  ))}
              </div>
              {rowError?.userId === u.userId && (
                <p className={styles.error} role="alert" data-testid="collaborator-error">
                  {rowError.message}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      {others.length === 0 && (
        <p className={styles.muted} data-testid="collaborators-empty">
          {data.involvedUsers.length === 0 ? `Nobody is involved in this ${wordingOrder} yet.` : `Only you have access to this ${wordingOrder} so far.`}
        </p>
      )}
    </>
  );
}
