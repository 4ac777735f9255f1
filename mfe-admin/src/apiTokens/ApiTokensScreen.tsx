import { useState } from 'react';
import { apiPost } from '@cpq/client';
import type { ApiTokenRevoked, ApiTokenSummary, ApiTokensResponse } from '@cpq/domain';
import { Button } from '@cpq/ui';
import { AdminPage, ConfirmDialog, Loaded, adminStyles, errorText, useActiveOrg, useLoad } from '../common/index.ts';
import { scopesText, statusText, when } from './apiTokenText.ts';
import { NewTokenDialog } from './NewTokenDialog.tsx';
import { TokenCallsDialog } from './TokenCallsDialog.tsx';
import styles from './apiTokens.module.css';

/**
 * /admin/api-tokens (owners): the organisation's API tokens for scripts and other systems — make one
 * (shown once), see what each may do and when it was last used, read its calls, revoke it
 * (decision 0119).
 */
export default function ApiTokensScreen() {
  const org = useActiveOrg();
  const load = useLoad(() => apiPost<ApiTokensResponse>('/api/orgs/api-tokens/get', { orgId: org.id }), [org.id]);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiTokenSummary | null>(null);
  const [revokeBusy, setRevokeBusy] = useState(false);
  const [revokeError, setRevokeError] = useState<string | null>(null);
  const [reading, setReading] = useState<ApiTokenSummary | null>(null);

  const replace = (token: ApiTokenSummary) => load.set((d) => ({ apiTokens: d.apiTokens.some((t) => t.id === token.id) ? d.apiTokens.map((t) => (t.id === token.id ? token : t)) : [token, ...d.apiTokens] }));

  const revoke = async () => {
    if (!revoking) return;
    setRevokeBusy(true);
    setRevokeError(null);
    try {
      const { apiToken } = await apiPost<ApiTokenRevoked>('/api/orgs/api-tokens/revoke', { orgId: org.id, id: revoking.id });
      replace(apiToken);
      setRevoking(null);
    } catch (err) {
      setRevokeError(errorText(err));
    } finally {
      setRevokeBusy(false);
    }
  };

  return (
    <AdminPage
      title="API tokens"
      subtitle="Scripts and other systems call the portal's API with a token. Each token acts as the owner who made it, only for what its scopes allow."
      actions={<Button onClick={() => setCreating(true)}>New token</Button>}
      testId="api-tokens-screen"
    >
      <Loaded load={load} heading="The API tokens could not be loaded.">
        {({ apiTokens }) =>
          apiTokens.length === 0 ? (
            <div className={adminStyles.empty} role="status" data-testid="api-tokens-empty">
              <p>No API tokens yet. Make one for each script or system that calls the portal, so you can revoke them one by one.</p>
            </div>
          ) : (
            <table className={adminStyles.table}>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">May</th>
                  <th scope="col">Token</th>
                  <th scope="col">Made</th>
                  <th scope="col">Last used</th>
                  <th scope="col">Status</th>
                  <th scope="col">
                    <span className={styles.visuallyHidden}>Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {apiTokens.map((token) => (
                  <tr key={token.id} data-testid={`api-token-${token.id}`} className={token.revoked ? styles.revokedRow : undefined}>
                    <td className={adminStyles.primaryCell}>{token.name}</td>
                    <td data-label="May">{scopesText(token)}</td>
                    <td data-label="Token">
                      <code>{token.hint}…</code>
                    </td>
                    <td data-label="Made">
                      {when(token.created)} by {token.createdBy.name}
                    </td>
                    <td data-label="Last used">{when(token.lastUsed)}</td>
                    <td data-label="Status">
                      <span className={token.revoked ? styles.revoked : styles.active}>{statusText(token)}</span>
                    </td>
                    <td>
                      <div className={styles.actions}>
                      <Button variant="secondary" onClick={() => setReading(token)} aria-label={`Calls made with ${token.name}`}>
                        Calls
                      </Button>
                      {token.revoked ? null : (
                        <Button variant="secondary" onClick={() => (setRevokeError(null), setRevoking(token))} aria-label={`Revoke ${token.name}`}>
                          Revoke
                        </Button>
                      )}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </Loaded>
      {creating ? <NewTokenDialog orgId={org.id} onCreated={replace} onClose={() => setCreating(false)} /> : null}
      {reading ? <TokenCallsDialog token={reading} onClose={() => setReading(null)} /> : null}
      {revoking ? (
        <ConfirmDialog
          title="Revoke API token"
          question={`Revoke “${revoking.name}”? Anything still using it will be refused from now on. This cannot be undone.`}
          confirmLabel="Revoke"
          destructive
          busy={revokeBusy}
          error={revokeError}
          onConfirm={() => void revoke()}
          onCancel={() => setRevoking(null)}
        />
      ) : null}
    </AdminPage>
  );
}
