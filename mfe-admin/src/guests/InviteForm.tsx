import { useId, useState, type FormEvent } from 'react';
import { api } from '@cpq/client';
import type { GuestView } from '@cpq/domain';
import { Button } from '@cpq/ui';
import { errorText } from '../common/index.ts';
import inline from '../common/inlineForm.module.css';
import styles from './guests.module.css';

/**
 * Invites an address as a guest. The address is not checked here (the spec shows no client-side
 * check): the server's 400 or 409 sentence is shown as it comes.
 */
export function InviteForm({ orgId, onInvited }: { orgId: number; onInvited(guest: GuestView): void }) {
  const [email, setEmail] = useState('');
  const [pricingHidden, setPricingHidden] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const errorId = useId();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSending(true);
    setError(null);
    setSent(null);
    try {
      const { guest } = await api.inviteGuest({ email, activeOrgId: orgId, pricingIsHidden: pricingHidden ? 1 : 0 });
      onInvited(guest);
      setSent(`Invitation sent to ${guest.email}.`);
      setEmail('');
      setPricingHidden(false);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setSending(false);
    }
  };

  return (
    <form className={`${inline.form} ${styles.invite}`} onSubmit={(e) => void submit(e)} noValidate aria-label="Invite a guest" data-testid="invite-form">
      <label className={inline.field}>
        <span>Email</span>
        <input
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          autoComplete="off"
          disabled={sending}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
      </label>
      <label className={styles.check}>
        <input type="checkbox" checked={pricingHidden} onChange={(e) => setPricingHidden(e.target.checked)} disabled={sending} />
        <span>Hide pricing from this guest</span>
      </label>
      <Button type="submit" disabled={sending} aria-busy={sending || undefined}>
        {sending ? 'Sending…' : 'Invite guest'}
      </Button>
      {error ? (
        <p id={errorId} role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
      {sent ? (
        <p role="status" className={styles.note}>
          {sent}
        </p>
      ) : null}
    </form>
  );
}
