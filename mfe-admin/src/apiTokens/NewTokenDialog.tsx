import { useState, type FormEvent } from 'react';
import { apiPost } from '@cpq/client';
import { API_TOKEN_SCOPES, API_TOKEN_SCOPE_LABELS, type ApiTokenCreated, type ApiTokenScope, type ApiTokenSummary } from '@cpq/domain';
import { Button, Modal } from '@cpq/ui';
import { ErrorMessage, errorText } from '../common/index.ts';
import inline from '../common/inlineForm.module.css';
import styles from './apiTokens.module.css';

/**
 * Makes a token: a name and at least one scope, then the token itself, shown this once with a copy
 * button (the server keeps only its hash).
 */
export function NewTokenDialog({ orgId, onCreated, onClose }: { orgId: number; onCreated(token: ApiTokenSummary): void; onClose(): void }) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiTokenScope[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [made, setMade] = useState<ApiTokenCreated | null>(null);
  const [copied, setCopied] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError('Give the token a name, so you know later what uses it.');
    if (scopes.length === 0) return setError('Choose at least one thing the token may do.');
    setBusy(true);
    setError(null);
    try {
      const created = await apiPost<ApiTokenCreated>('/api/orgs/api-tokens/create', { orgId, name: name.trim(), scopes });
      setMade(created);
      onCreated(created.apiToken);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(made!.token);
      setCopied(true);
    } catch {
      setError('The token could not be copied. Select it and copy it yourself.');
    }
  };

  if (made) {
    return (
      <Modal
        title="Your new API token"
        onClose={onClose}
        width="medium"
        testId="api-token-created"
        footer={
          <Button onClick={onClose} data-autofocus>
            Done
          </Button>
        }
      >
        <p className={styles.warning}>Copy this token now. It will not be shown again.</p>
        <div className={styles.tokenRow}>
          <input className={styles.token} readOnly value={made.token} aria-label="API token" data-testid="api-token-value" onFocus={(e) => e.currentTarget.select()} />
          <Button variant="secondary" onClick={() => void copy()}>
            {copied ? 'Copied' : 'Copy'}
          </Button>
        </div>
        <p className={styles.hint}>
          Send it in the <code>Authorization</code> header of each call: <code>Bearer {made.token.slice(0, 8)}…</code>
        </p>
        <ErrorMessage error={error} />
      </Modal>
    );
  }

  return (
    <Modal
      title="New API token"
      onClose={onClose}
      width="medium"
      testId="api-token-new"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form="api-token-form" disabled={busy} aria-busy={busy || undefined}>
            {busy ? 'Creating…' : 'Create token'}
          </Button>
        </>
      }
    >
      <form id="api-token-form" className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <label className={inline.field}>
          <span>Name</span>
          <input value={name} maxLength={100} onChange={(e) => setName(e.target.value)} disabled={busy} placeholder="e.g. ERP order sync" data-autofocus />
        </label>
        <fieldset className={styles.scopes} disabled={busy}>
          <legend>What it may do</legend>
          {API_TOKEN_SCOPES.map((scope) => (
            <label key={scope} className={styles.scope}>
              <input
                type="checkbox"
                checked={scopes.includes(scope)}
                onChange={(e) => setScopes((s) => (e.target.checked ? [...s, scope] : s.filter((x) => x !== scope)))}
              />
              <span>
                <strong>{API_TOKEN_SCOPE_LABELS[scope].title}</strong>
                <span className={styles.scopeText}>{API_TOKEN_SCOPE_LABELS[scope].description}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <p className={styles.hint}>The token acts as you, within these scopes. Sharing, guests, PDF downloads and card payments are not open to tokens.</p>
        <ErrorMessage error={error} />
      </form>
    </Modal>
  );
}
