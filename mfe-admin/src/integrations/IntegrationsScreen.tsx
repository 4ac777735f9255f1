import { useState } from 'react';
import { apiPost } from '@cpq/client';
import type { IntegrationConnectBody, IntegrationConnectResponse } from '@cpq/domain';
import { Button } from '@cpq/ui';
import { AdminPage, ErrorMessage, adminStyles, errorText, useActiveOrg } from '../common/index.ts';
import styles from './IntegrationsScreen.module.css';

/**
 * /admin/integrations: one row per integration the organisation has enabled, each with Manage, which
 * opens the integration provider's page for that connection in a new tab. The server says when no
 * provider is configured; that message is shown as it is.
 */
export default function IntegrationsScreen() {
  const org = useActiveOrg();
  const integrations = org.appData.designEngine.enabledIntegrations ?? [];
  return (
    <AdminPage title="Integrations" subtitle="Connect the tools your organisation works with.">
      {integrations.length === 0 ? (
        <div className={adminStyles.empty} role="status">
          <p>No integrations are enabled for this organisation.</p>
        </div>
      ) : (
        <table className={adminStyles.table}>
          <thead>
            <tr>
              <th scope="col">Integration</th>
              <th scope="col">
                <span className={styles.hidden}>Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {integrations.map((i) => (
              <IntegrationRow key={i.key} orgId={org.id} title={i.title} integrationKey={i.key} />
            ))}
          </tbody>
        </table>
      )}
    </AdminPage>
  );
}

function IntegrationRow({ orgId, title, integrationKey }: { orgId: number; title: string; integrationKey: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const manage = async () => {
    setBusy(true);
    setError(null);
    // Opened before the call so the browser treats it as the click's own window (no popup block).
    const tab = window.open('', '_blank');
    try {
      const body: IntegrationConnectBody = { orgId, integrationKey };
      const session = await apiPost<IntegrationConnectResponse>('/api/integrations/get-connect-session', body);
      if (tab) {
        tab.opener = null;
        tab.location.href = session.connectUrl;
      } else window.location.assign(session.connectUrl);
    } catch (e) {
      tab?.close();
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <tr>
      <td>
        <span className={styles.title}>{title}</span>
        <ErrorMessage error={error} className={styles.error} />
      </td>
      <td className={styles.action}>
        <Button variant="secondary" onClick={() => void manage()} disabled={busy} aria-label={`Manage ${title}`}>
          {busy ? 'Opening…' : 'Manage'}
        </Button>
      </td>
    </tr>
  );
}
