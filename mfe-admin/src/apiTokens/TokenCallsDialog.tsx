import { apiPost } from '@cpq/client';
import type { ApiTokenCallsResponse, ApiTokenSummary } from '@cpq/domain';
import { Button, Modal } from '@cpq/ui';
import { Loaded, adminStyles, useLoad } from '../common/index.ts';
import { when } from './apiTokenText.ts';
import styles from './apiTokens.module.css';

/** A token's audit trail: its latest calls, what they asked and how they were answered. */
export function TokenCallsDialog({ token, onClose }: { token: ApiTokenSummary; onClose(): void }) {
  const load = useLoad(() => apiPost<ApiTokenCallsResponse>('/api/orgs/api-tokens/calls', { orgId: token.orgId, id: token.id }), [token.id]);
  return (
    <Modal
      title={`Calls made with “${token.name}”`}
      subtitle="The latest 100, newest first."
      onClose={onClose}
      width="wide"
      testId="api-token-calls"
      footer={
        <Button onClick={onClose} data-autofocus>
          Done
        </Button>
      }
    >
      <Loaded load={load} heading="The calls could not be loaded.">
        {({ calls }) =>
          calls.length === 0 ? (
            <p className={adminStyles.empty} role="status">
              This token has not been used yet.
            </p>
          ) : (
            <table className={adminStyles.table}>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Call</th>
                  <th scope="col">Answer</th>
                  <th scope="col">From</th>
                </tr>
              </thead>
              <tbody>
                {calls.map((c, i) => (
                  <tr key={i}>
                    <td className={adminStyles.primaryCell}>{when(c.at)}</td>
                    <td data-label="Call">
                      <code className={styles.path}>
                        {c.method} {c.path}
                      </code>
                    </td>
                    <td data-label="Answer" className={c.status >= 400 ? styles.refused : undefined}>
                      {c.status}
                    </td>
                    <td data-label="From">{c.ip}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </Loaded>
    </Modal>
  );
}
