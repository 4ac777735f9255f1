import { useId, useState, type FormEvent } from 'react';
import { api } from '@cpq/client';
import type { QuoteAcceptanceSettingResponse } from '@cpq/domain';
import { Button, ErrorPanel, LoadingScreen } from '@cpq/ui';
import { AdminPage, ErrorMessage, useActiveOrg, useLoad, useSaving } from '../common/index.ts';
import styles from './quotes.module.css';

/**
 * /admin/quotes (owners): whether customers accept an approved quote online — their full name and
 * the organisation's terms — before they can pay (decision 0122). The terms are the quote terms the
 * documents print; this screen shows them, it does not edit them.
 */
export default function QuotesScreen() {
  const org = useActiveOrg();
  const load = useLoad(() => api.quoteAcceptanceSetting({ orgId: org.id }), [org.id]);
  return (
    <AdminPage title="Quotes" subtitle="How customers accept the quotes you approve." testId="quotes-screen">
      {load.status === 'loading' ? (
        <LoadingScreen />
      ) : load.status === 'error' ? (
        <ErrorPanel heading="The quote settings could not be loaded." detail={load.error} testId="quotes-error">
          <p>
            <Button onClick={load.reload}>Try again</Button>
          </p>
        </ErrorPanel>
      ) : (
        // Keyed by the organisation: another one's setting starts from its own saved value.
        <AcceptanceForm key={org.id} orgId={org.id} setting={load.data} onSaved={(saved) => load.set(() => saved)} />
      )}
    </AdminPage>
  );
}

function AcceptanceForm({ orgId, setting, onSaved }: { orgId: number; setting: QuoteAcceptanceSettingResponse; onSaved: (saved: QuoteAcceptanceSettingResponse) => void }) {
  const id = useId();
  const [required, setRequired] = useState(setting.acceptanceRequiredBeforePayment);
  const [saved, setSaved] = useState(false);
  const saving = useSaving();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    void saving.run(async () => {
      const answer = await api.quoteAcceptanceSetting({ orgId, acceptanceRequiredBeforePayment: required });
      onSaved(answer);
      setRequired(answer.acceptanceRequiredBeforePayment);
      setSaved(true);
    });
  };

  return (
    <form className={styles.form} onSubmit={submit} data-testid="quote-acceptance-form">
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={required}
          onChange={(e) => {
            setRequired(e.target.checked);
            setSaved(false); // "Saved." would now be about the value before this change
          }}
          aria-describedby={`${id}-help ${id}-terms`}
          data-testid="acceptance-required"
        />
        <span>Customers accept the quote online before paying</span>
      </label>
      <div className={styles.help}>
        <p id={`${id}-help`}>
          When this is on, a customer types their full name and ticks your terms to accept an approved quote before they can pay. Your terms are the ones printed under your quotes:
        </p>
        {setting.acceptanceTerms.length ? (
          <ul id={`${id}-terms`} className={styles.terms} data-testid="acceptance-terms">
            {setting.acceptanceTerms.map((term, i) => (
              <li key={i}>{term}</li>
            ))}
          </ul>
        ) : (
          <p id={`${id}-terms`} className={styles.noTerms} data-testid="acceptance-terms">
            Your quotes print no terms.
          </p>
        )}
      </div>
      <ErrorMessage error={saving.error} prefix="Not saved: " />
      <div className={styles.actions}>
        <Button type="submit" disabled={saving.saving} data-testid="save-quote-acceptance">
          {saving.saving ? 'Saving…' : 'Save'}
        </Button>
        {/* Always present, so the confirmation is announced when it appears. */}
        <p className={styles.saved} role="status" aria-live="polite" data-testid="quote-acceptance-saved">
          {saved ? 'Saved.' : ''}
        </p>
      </div>
    </form>
  );
}
