import { useState } from 'react';
import { navigateToUrl } from 'single-spa';
import { Link } from '@cpq/ui';
import { AddButton, AdminPage, Loaded, StatusFilter, adminStyles, byStatus, errorText, useActiveOrg, useLoad, type StatusFilterValue } from '../common/index.ts';
import { pricingRules } from './pricingApi.ts';
import { ruleTitle } from './rules.ts';

const BASE = '/admin/product-pricing-rules';

/** The pricing rule list: ID and title, filtered by status (a rule's deleted flag), and the add button. */
export function PricingRuleList() {
  const org = useActiveOrg();
  const load = useLoad(() => pricingRules.list(org.id), [org.id]);
  const [status, setStatus] = useState<StatusFilterValue>('active');
  const [adding, setAdding] = useState(false);
  const [addError, setAddError] = useState<string | null>(null);

  const add = async () => {
    setAdding(true);
    setAddError(null);
    try {
      const rule = await pricingRules.create(org.id, 'Untitled Pricing Rule');
      navigateToUrl(`${BASE}/${rule.id}`);
    } catch (e) {
      setAddError(errorText(e));
      setAdding(false);
    }
  };

  return (
    <AdminPage title="Pricing rules" testId="pricing-rules" toolbar={<StatusFilter value={status} onChange={setStatus} />}>
      {addError ? (
        <p role="alert" className={adminStyles.fieldError}>
          Could not add a pricing rule: {addError}
        </p>
      ) : null}
      <Loaded load={load} heading="The pricing rules could not be loaded">
        {(rows) => {
          const shown = byStatus(rows, status, 'deleted').sort((a, b) => a.id - b.id);
          if (!shown.length) return <p className={adminStyles.empty}>{rows.length ? 'No pricing rules match this filter.' : 'This organisation has no pricing rules yet.'}</p>;
          return (
            <table className={adminStyles.table}>
              <thead>
                <tr>
                  <th scope="col">ID</th>
                  <th scope="col">Title</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((r) => (
                  <tr key={r.id}>
                    <td>{r.id}</td>
                    <td>
                      <Link href={`${BASE}/${r.id}`}>{ruleTitle(r)}</Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          );
        }}
      </Loaded>
      <AddButton label="Add pricing rule" onClick={() => void add()} busy={adding} />
    </AdminPage>
  );
}
