import { useEffect, useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { api, signInBrandAtom, usePageTitle } from '@cpq/client';
import { PASSWORD_MIN_LENGTH, type InvitationView } from '@cpq/domain';
import { Button, LoadingScreen } from '@cpq/ui';
import { acceptInvitation } from '../boot.ts';
import { loadBrandOf } from '../brand.ts';
import styles from './Pages.module.css';

type Load = { status: 'loading' } | { status: 'ready'; invitation: InvitationView } | { status: 'unusable'; message: string; retryable: boolean };

/**
 * "Set your password": the page an invited guest's link opens. The link is checked first; a link
 * that no longer opens (used, expired, disinvited) shows the server's sentence and a way to sign in.
 */
export function InvitationPage({ token }: { token: string }) {
  usePageTitle('Set your password');
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setLoad({ status: 'loading' });
    if (!token) {
      setLoad({ status: 'unusable', message: 'This invitation link is incomplete. Open the link from your invitation mail again, or sign in.', retryable: false });
      return;
    }
    api.readInvitation({ token }).then(
      (invitation) => live && setLoad({ status: 'ready', invitation }),
      (err: unknown) => {
        if (!live) return;
        const status = (err as { status?: number }).status;
        setLoad({ status: 'unusable', message: err instanceof Error ? err.message : String(err), retryable: !(status && status >= 400 && status < 500) });
      },
    );
    return () => {
      live = false;
    };
  }, [token, attempt]);

  if (load.status === 'loading') return <LoadingScreen />;
  if (load.status === 'unusable') {
    return (
      <section className={styles.page} data-testid="invitation-unusable" aria-labelledby="invitation-unusable-heading">
        <h1 id="invitation-unusable-heading" className={styles.message}>
          This invitation link cannot be used
        </h1>
        <p className={styles.detail} role="alert">
          {load.message}
        </p>
        <div className={styles.pageActions}>
          {load.retryable ? (
            <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
              Try again
            </Button>
          ) : null}
          {/* A full load: the portal's applications have not started. */}
          <a href="/" className={styles.primaryLink}>
            Sign in
          </a>
        </div>
      </section>
    );
  }
  return <SetPasswordForm token={token} invitation={load.invitation} />;
}

function SetPasswordForm({ token, invitation }: { token: string; invitation: InvitationView }) {
  // The inviting organisation's logo, accent and tab icon, as on its sign-in page.
  const brand = useAtomValue(signInBrandAtom);
  useEffect(() => {
    void loadBrandOf(invitation.orgId);
  }, [invitation.orgId]);
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (password.length < PASSWORD_MIN_LENGTH) return setError(`Choose a password of at least ${PASSWORD_MIN_LENGTH} characters.`);
    if (password !== repeat) return setError('The two passwords are not the same.');
    setBusy(true);
    setError(null);
    try {
      await acceptInvitation(token, password, invitation.orgId);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      setBusy(false);
    }
  };

  return (
    <div className={styles.signInScreen}>
      <form className={styles.card} onSubmit={(e) => void submit(e)} aria-labelledby="set-password-heading" noValidate data-testid="set-password">
        <div className={styles.signInBrand}>
          {brand?.id === invitation.orgId && brand.logoUrl ? (
            <img src={brand.logoUrl} alt={invitation.orgTitle} className={styles.signInLogo} />
          ) : (
            <p className={styles.brand}>{invitation.orgTitle || 'Configurator'}</p>
          )}
        </div>
        <h1 id="set-password-heading" className={styles.cardHeading}>
          Set your password
        </h1>
        <p className={styles.notice}>
          You are invited as a guest. Choose a password for <strong>{invitation.email}</strong>; you will sign in with it from now on.
        </p>
        <input type="email" name="email" autoComplete="username" value={invitation.email} readOnly hidden />
        <label className={styles.field}>
          <span>New password</span>
          <input type="password" name="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} aria-describedby="password-rule" />
        </label>
        <p id="password-rule" className={styles.hint}>
          At least {PASSWORD_MIN_LENGTH} characters.
        </p>
        <label className={styles.field}>
          <span>Repeat the password</span>
          <input type="password" name="repeat" autoComplete="new-password" value={repeat} onChange={(e) => setRepeat(e.target.value)} />
        </label>
        {error ? (
          <p className={styles.formError} role="alert">
            {error}
          </p>
        ) : null}
        <Button type="submit" disabled={busy || !password || !repeat} className={styles.submit}>
          {busy ? 'Setting your password…' : 'Set password and sign in'}
        </Button>
      </form>
    </div>
  );
}
