import { useEffect, useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { PRODUCT_NAME, signInBrandAtom, usePageTitle } from '@cpq/client';
import { Button } from '@cpq/ui';
import { signIn } from '../boot.ts';
import { loadSignInBrand } from '../brand.ts';
import styles from './Pages.module.css';

/**
 * Sign-in form (the spec has none): the server's message is shown as it is. Branded (logo, name,
 * accent, tab icon) for the organisation the visitor came for: its address or the last one used here.
 */
export function SignInPage({ sharedOrder = false }: { sharedOrder?: boolean }) {
  const brand = useAtomValue(signInBrandAtom);
  usePageTitle('Sign in');
  useEffect(() => {
    void loadSignInBrand();
  }, []);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await signIn({ email: email.trim(), password });
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      setBusy(false);
    }
  };

  return (
    <div className={styles.signInScreen}>
      <form className={styles.card} onSubmit={submit} aria-labelledby="sign-in-heading" noValidate>
        <div className={styles.signInBrand} data-testid="sign-in-brand" data-org-id={brand?.id}>
          {brand?.logoUrl ? (
            <img src={brand.logoUrl} alt={brand.title} className={styles.signInLogo} data-testid="sign-in-logo" />
          ) : (
            <p className={styles.brand}>{brand?.title ?? PRODUCT_NAME}</p>
          )}
        </div>
        <h1 id="sign-in-heading" className={styles.cardHeading}>
          Sign in
        </h1>
        {sharedOrder ? (
          <p className={styles.notice} data-testid="sign-in-shared-order">
            Sign in to open the order shared with you.
          </p>
        ) : null}
        <label className={styles.field}>
          <span>Email</span>
          <input
            type="email"
            name="email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </label>
        <label className={styles.field}>
          <span>Password</span>
          <input
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        {error ? (
          <p className={styles.formError} role="alert">
            {error}
          </p>
        ) : null}
        <Button type="submit" disabled={busy || !email || !password} className={styles.submit}>
          {busy ? 'Signing in…' : 'Sign in'}
        </Button>
      </form>
    </div>
  );
}
