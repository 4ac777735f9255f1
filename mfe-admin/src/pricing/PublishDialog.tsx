import { useState } from 'react';
import { normalisePricingDate, type PricingRuleVersion } from '@cpq/domain';
import { Button, Modal } from '@cpq/ui';
import { errorText, useLoad } from '../common/index.ts';
import { ImpactDetails, ordersText, signed } from './ImpactFigures.tsx';
import { pricingRules } from './pricingApi.ts';
import { pricingTimeUtc, type PricingRuleRow } from './rules.ts';
import styles from './pricing.module.css';

/**
 * Publishing a draft: first what it would do to existing orders (the server prices every order it
 * would price), then the owner confirms. The server may still refuse (an empty draft, or one pricing
 * a product at $0): its message shows here and nothing changes.
 */
export function PublishDialog({ rule, versionKey, version, onPublished, onClose }: { rule: PricingRuleRow; versionKey: string; version: PricingRuleVersion; onPublished(rule: PricingRuleRow): void; onClose(): void }) {
  const impact = useLoad(() => pricingRules.impact(rule, versionKey), [rule.orgId, rule.id, versionKey]);
  const [publishing, setPublishing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const from = pricingTimeUtc(normalisePricingDate(version.created, 'startOfDay') ?? version.created);

  const publish = async () => {
    setPublishing(true);
    setError(null);
    try {
      onPublished(await pricingRules.publishVersion(rule, versionKey));
      onClose();
    } catch (e) {
      setError(errorText(e));
      setPublishing(false);
    }
  };

  return (
    <Modal
      title={`Publish version ${versionKey}?`}
      onClose={() => !publishing && onClose()}
      width="wide"
      testId="publish-version"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={publishing} data-autofocus>
            Cancel
          </Button>
          <Button onClick={() => void publish()} disabled={publishing || impact.status !== 'ready'} aria-busy={publishing || undefined}>
            {publishing ? 'Publishing…' : 'Publish'}
          </Button>
        </>
      }
    >
      <p>
        Once published, version {versionKey} prices every order whose effective pricing date is on or after {from} UTC (orders without one are priced at today's
        date), until a newer version takes over.
      </p>
      {impact.status === 'loading' ? (
        <p role="status" className={styles.muted}>
          Pricing the orders this version would price…
        </p>
      ) : impact.status === 'error' ? (
        <div role="alert">
          <p>The orders this version would price could not be priced: {impact.error}</p>
          <Button variant="secondary" onClick={impact.reload}>
            Try again
          </Button>
        </div>
      ) : impact.data.orders === 0 ? (
        <p data-testid="publish-impact">No existing order would be priced by this version now: orders move to it when their effective pricing date reaches it.</p>
      ) : (
        <div data-testid="publish-impact">
          <p>
            Published, this version would price {ordersText(impact.data.orders)} now. Their items' total changes by <strong>{signed(impact.data.totalChangeInCents)}</strong>;{' '}
            {impact.data.changedOrders} of them change.
          </p>
          <ImpactDetails impact={impact.data} />
        </div>
      )}
      {error ? (
        <p role="alert" className={styles.saveError}>
          Could not publish: {error}
        </p>
      ) : null}
    </Modal>
  );
}
