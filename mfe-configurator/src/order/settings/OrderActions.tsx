import { useEffect, useId, useState } from 'react';
import { navigateToUrl } from 'single-spa';
import { api, apiPost } from '@cpq/client';
import { orderCatalogueRows, type OrderDataProductOrder, type OrderOwnerCandidate, type OrgMembership } from '@cpq/domain';
import type { PluginRules } from '@cpq/plugin-sdk';
import { Button } from '@cpq/ui';
import { FieldNote } from './fields.tsx';
import { orderCsv, orderExportFileName, type SettingsView } from './logic.ts';
import type { OrderSaver } from './useOrderSaver.ts';
import styles from './OrderSettingsDialog.module.css';

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));
const personName = (c: OrderOwnerCandidate) => [c.firstName, c.lastName].filter(Boolean).join(' ') || c.email;

/** Owner picker (employees): the organisation's members and guests; the change is saved with "Change owner". */
export function OwnerPicker({ order, org, saver }: { order: OrderDataProductOrder; org: OrgMembership; saver: OrderSaver }) {
  const [load, setLoad] = useState<{ status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; list: OrderOwnerCandidate[] }>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [chosen, setChosen] = useState(order.userId);
  const [busy, setBusy] = useState(false);
  const id = useId();
  useEffect(() => setChosen(order.userId), [order.userId]);
  useEffect(() => {
    let live = true;
    setLoad({ status: 'loading' });
    apiPost<OrderOwnerCandidate[]>('/api/configurator/get-order-owner-candidates', { orgId: org.id }).then(
      (list) => live && setLoad({ status: 'ready', list }),
      (err: unknown) => live && setLoad({ status: 'error', message: messageOf(err) }),
    );
    return () => {
      live = false;
    };
  }, [org.id, attempt]);

  const change = async () => {
    setBusy(true);
    saver.clear('owner');
    try {
      const next = await apiPost<OrderDataProductOrder>('/api/configurator/change-order-owner', { productOrderId: order.id, userId: chosen });
      saver.replace(next);
    } catch (err) {
      saver.reject('owner', messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  const list = load.status === 'ready' ? load.list : [];
  const owner = list.find((c) => c.userId === order.userId);
  return (
    <section className={styles.section} aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`} className={styles.sectionTitle}>
        Owner
      </h3>
      {load.status === 'loading' && (
        <p className={styles.fieldNote} role="status">
          Loading the people of {org.title}…
        </p>
      )}
      {load.status === 'error' && (
        <p className={styles.fieldError} role="alert">
          The list of people could not be loaded: {load.message}{' '}
          <button type="button" className={styles.linkButton} onClick={() => setAttempt((n) => n + 1)}>
            Retry
          </button>
        </p>
      )}
      {load.status === 'ready' && (
        <div className={styles.ownerRow}>
          <div className={styles.field}>
            <label htmlFor={id} className={styles.label}>
              Owner{owner ? '' : ' (not a current member)'}
            </label>
            <select id={id} className={styles.input} value={chosen} onChange={(e) => setChosen(Number(e.target.value))} data-testid="settings-owner" aria-describedby={`${id}-note`}>
              {!owner && <option value={order.userId}>User #{order.userId}</option>}
              {list.map((c) => (
                <option key={c.userId} value={c.userId}>
                  {personName(c)} ({c.role}) — {c.email}
                </option>
              ))}
            </select>
            <FieldNote id={`${id}-note`} state={saver.fields.owner} hint="The previous owner keeps access as a sharee." />
          </div>
          <Button variant="secondary" onClick={() => void change()} disabled={busy || chosen === order.userId} data-testid="settings-change-owner">
            {busy ? 'Changing…' : 'Change owner'}
          </Button>
        </div>
      )}
    </section>
  );
}

/** Downloads text as a file (a temporary object URL behind a link click). */
function download(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Export, duplicate and archive — the popup's footer. */
export function OrderActions(p: { order: OrderDataProductOrder; org: OrgMembership; rules: PluginRules; view: SettingsView; pricingHidden: boolean; userId: number | null; saver: OrderSaver; onClose(): void }) {
  const { order, org, saver } = p;
  const [busy, setBusy] = useState<null | 'export' | 'duplicate' | 'archive'>(null);
  const [error, setError] = useState<string | null>(null);
  const word = p.rules.wording.order;
  // Guests copy only the orders they own (the server says the same).
  const mayDuplicate = p.view.employee || (p.userId !== null && order.userId === p.userId);

  const run = async (what: 'export' | 'duplicate' | 'archive', work: () => Promise<void>, failure: string) => {
    setBusy(what);
    setError(null);
    try {
      await work();
    } catch (err) {
      console.error(failure, err);
      setError(`${failure} ${messageOf(err)}`);
    } finally {
      setBusy(null);
    }
  };

  const exportCsv = () =>
    run(
      'export',
      async () => {
        // The stored items and prices, as the server answers them to this user now.
        const [data, catalogue] = await Promise.all([api.orderData({ orgId: org.id, productOrderOrgSpecificId: order.orgSpecificId }), api.catalogue(org.id, order.orgSpecificId)]);
        const rows = orderCatalogueRows(catalogue, data.catalogueAdditions);
        download(orderCsv(data.productInstances, rows, p.pricingHidden || data.pricingIsHidden), orderExportFileName(order.title, new Date()));
      },
      `Something went wrong while exporting the ${word} to csv.`,
    );

  const duplicate = () =>
    run(
      'duplicate',
      async () => {
        const copy = await apiPost<OrderDataProductOrder>('/api/configurator/duplicate-product-order', { productOrderId: order.id });
        p.onClose();
        navigateToUrl(`/orders/${copy.orgSpecificId}`);
      },
      `The ${word} could not be duplicated.`,
    );

  const toggleArchive = () =>
    run(
      'archive',
      async () => {
        const next = await apiPost<OrderDataProductOrder>('/api/resources/productOrders/update', { where: { id: order.id }, props: { archived: order.archived ? 0 : 1 } });
        saver.replace(next);
      },
      `The ${word} could not be ${order.archived ? 'unarchived' : 'archived'}.`,
    );

  return (
    <div className={styles.actions}>
      {error && (
        <p className={styles.actionError} role="alert" data-testid="settings-action-error">
          {error}
        </p>
      )}
      <Button variant="secondary" onClick={() => void exportCsv()} disabled={busy !== null} data-testid="settings-export">
        {busy === 'export' ? 'Exporting…' : 'Export CSV'}
      </Button>
      {mayDuplicate && (
        <Button variant="secondary" onClick={() => void duplicate()} disabled={busy !== null} data-testid="settings-duplicate">
          {busy === 'duplicate' ? 'Duplicating…' : 'Duplicate Order'}
        </Button>
      )}
      <Button variant="secondary" onClick={() => void toggleArchive()} disabled={busy !== null} data-testid="settings-archive">
        {busy === 'archive' ? 'Saving…' : order.archived ? 'Unarchive Order' : 'Archive Order'}
      </Button>
      <Button onClick={p.onClose} data-testid="settings-done">
        Done
      </Button>
    </div>
  );
}
