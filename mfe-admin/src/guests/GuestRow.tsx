import { useState } from 'react';
import { useDraft } from '../common/useDraft.ts';
import { api } from '@cpq/client';
import type { GuestView, UpdateGuestDataBody } from '@cpq/domain';
import { Button } from '@cpq/ui';
import { adminStyles, ConfirmDialog, errorText } from '../common/index.ts';
import { discountText, formatDateAdded, parseDiscount, SALES_TAX_CHOICES } from './guestFields.ts';
import styles from './guests.module.css';

export const DISINVITE_QUESTION = 'Are you sure you want to disinvite this guest?';

/** One of update-guest-data's two kinds of change, without the ids the row adds. */
type Change = UpdateGuestDataBody extends infer B ? (B extends unknown ? Omit<B, 'orgId' | 'userId'> : never) : never;

/**
 * One guest: discount, sales tax and price visibility saved as they change (each save in turn, its
 * error shown on the row), and Disinvite after the confirmation.
 */
export function GuestRow({ guest, orgId, onSaved, onDisinvited }: { guest: GuestView; orgId: number; onSaved(g: GuestView): void; onDisinvited(userId: number): void }) {
  const [discount, setDiscount] = useDraft(discountText(guest), JSON.stringify(guest));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [disinviting, setDisinviting] = useState(false);
  const [disinviteError, setDisinviteError] = useState<string | null>(null);
  const who = guest.email;
  const de = guest.appData.designEngine;

  const save = async (change: Change) => {
    setSaving(true);
    setError(null);
    try {
      const { guest: saved } = await api.updateGuestData({ orgId, userId: guest.userId, ...change });
      onSaved(saved);
    } catch (e) {
      setError(errorText(e));
      setDiscount(discountText(guest));
    } finally {
      setSaving(false);
    }
  };

  const saveDiscount = () => {
    if (discount.trim() === discountText(guest)) return;
    const parsed = parseDiscount(discount);
    if ('error' in parsed) {
      setError(parsed.error);
      return;
    }
    void save({ updateProps: { appData: { designEngine: { discount: parsed.discount } } } });
  };

  const disinvite = async () => {
    setDisinviting(true);
    setDisinviteError(null);
    try {
      await api.disinviteGuest({ orgId, userId: guest.userId });
      setConfirming(false);
      onDisinvited(guest.userId);
    } catch (e) {
      setDisinviteError(errorText(e));
    } finally {
      setDisinviting(false);
    }
  };

  return (
    <tr data-testid="guest-row" aria-busy={saving || undefined}>
      {/* data-label: the column's heading over each value where the row is a card (a phone). */}
      <td className={adminStyles.primaryCell}>{guest.email}</td>
      <td data-label="First Name">{guest.firstName}</td>
      <td data-label="Last Name">{guest.lastName}</td>
      <td data-label="Discount (%)">
        <input
          className={styles.discount}
          inputMode="decimal"
          aria-label={`Discount (%) of ${who}`}
          value={discount}
          disabled={saving}
          onChange={(e) => setDiscount(e.target.value)}
          onBlur={saveDiscount}
          onKeyDown={(e) => {
            if (e.key === 'Enter') (e.target as HTMLInputElement).blur();
            if (e.key === 'Escape') {
              setDiscount(discountText(guest));
              setError(null);
            }
          }}
        />
      </td>
      <td data-label="Sales Tax">
        <select
          className={styles.salesTax}
          aria-label={`Sales Tax of ${who}`}
          value={de.disableSalesTax ? 'Disabled' : 'Enabled'}
          disabled={saving}
          onChange={(e) => {
            const choice = SALES_TAX_CHOICES.find((c) => c.label === e.target.value)!;
            void save({ updateProps: { appData: { designEngine: { disableSalesTax: choice.disableSalesTax } } } });
          }}
        >
          {SALES_TAX_CHOICES.map((c) => (
            <option key={c.label} value={c.label}>
              {c.label}
            </option>
          ))}
        </select>
      </td>
      <td data-label="Date Added">{formatDateAdded(guest.created)}</td>
      <td>
        <div className={styles.rowActions}>
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={guest.orgAccessEdgeData.designEngine.pricingIsHidden === 1}
              disabled={saving}
              onChange={(e) => void save({ pricingIsHidden: e.target.checked ? 1 : 0 })}
            />
            <span>Pricing hidden</span>
          </label>
          <Button variant="secondary" onClick={() => setConfirming(true)} aria-label={`Disinvite ${who}`}>
            Disinvite
          </Button>
        </div>
        {saving ? (
          <span role="status" className={styles.note}>
            Saving…
          </span>
        ) : null}
        {error ? (
          <span role="alert" className={styles.error}>
            {error}
          </span>
        ) : null}
        {confirming ? (
          <ConfirmDialog
            destructive
            title="Disinvite guest"
            question={DISINVITE_QUESTION}
            confirmLabel="Disinvite"
            busy={disinviting}
            error={disinviteError}
            onConfirm={() => void disinvite()}
            onCancel={() => {
              setConfirming(false);
              setDisinviteError(null);
            }}
          />
        ) : null}
      </td>
    </tr>
  );
}
