import { useState } from 'react';
import { Link } from '@cpq/ui';
import { AddButton, AdminPage, ErrorMessage, Loaded, StatusFilter, adminStyles, byStatus, useActiveOrg, useAddRow, useLoad, type StatusFilterValue } from '../common/index.ts';
import { pricingRules } from './pricingApi.ts';
import { ruleTitle } from './rules.ts';

const BASE = '/admin/product-pricing-rules';

/** The pricing rule list: ID and title, filtered by status (a rule's deleted flag), and the add button. */
export function PricingRuleList() {
  const org = useActiveOrg();
  const load = useLoad(() => pricingRules.list(org.id), [org.id]);
  const [status, setStatus] = useState<StatusFilterValue>('active');
  const adding = useAddRow(() => pricingRules.create(org.id, 'Untitled Pricing Rule'), { open: (rule) => `${BASE}/${rule.id}` });

  return (
    <AdminPage title="Pricing rules" testId="pricing-rules" toolbar={<StatusFilter value={status} onChange={setStatus} />}>
      <ErrorMessage error={adding.error} prefix="Could not add a pricing rule: " className={adminStyles.fieldError} />
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
      <AddButton label="Add pricing rule" onClick={adding.add} busy={adding.adding} />
    </AdminPage>
  );
}
