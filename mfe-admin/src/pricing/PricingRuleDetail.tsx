import { useState } from 'react';
import { Button, Modal } from '@cpq/ui';
import { AdminPage, ArchiveButton, EditableTitle, ErrorMessage, Loaded, MissingRow, adminStyles, useActiveOrg, useLoad, useSaving } from '../common/index.ts';
import { pricingRules } from './pricingApi.ts';
import { ruleTitle, versionsNewestFirst, type PricingRuleRow } from './rules.ts';
import { VersionEditor } from './VersionEditor.tsx';
import styles from './pricing.module.css';

/** A pricing rule: its title, settings, help, and one editor per version, newest first. */
export default function PricingRuleDetail({ id }: { id: number }) {
  const org = useActiveOrg();
  const load = useLoad(() => pricingRules.one(org.id, id), [org.id, id]);
  return (
    <Loaded load={load} heading="The pricing rule could not be loaded">
      {(rule) =>
        rule ? (
          <RulePage rule={rule} onChange={(next) => load.set(() => next)} />
        ) : (
          <AdminPage title="Pricing rule">
            <MissingRow what="pricing rule" listHref="/admin/product-pricing-rules" listLabel="Pricing rules" />
          </AdminPage>
        )
      }
    </Loaded>
  );
}

function RulePage({ rule, onChange }: { rule: PricingRuleRow; onChange(rule: PricingRuleRow): void }) {
  const [dialog, setDialog] = useState<'settings' | 'help' | null>(null);
  const { saving: adding, error: addError, run } = useSaving();
  const versions = versionsNewestFirst(rule.versions ?? {});
  const addVersion = () => run(async () => onChange(await pricingRules.addVersion(rule.id)));

  return (
    <AdminPage
      testId="pricing-rule"
      title={<EditableTitle value={rule.title ?? ''} onSave={async (title) => onChange(await pricingRules.update(rule.id, { title }))} />}
      subtitle={`ID ${rule.id}${rule.deleted ? ' · Archived' : ''}`}
      actions={
        <>
          <Button variant="quiet" onClick={() => setDialog('help')}>
            Help
          </Button>
          <Button variant="secondary" onClick={() => setDialog('settings')}>
            Settings
          </Button>
          <Button onClick={() => void addVersion()} disabled={adding} aria-busy={adding || undefined}>
            {adding ? 'Adding…' : 'Add version'}
          </Button>
        </>
      }
    >
      <ErrorMessage error={addError} prefix="Could not add a version: " className={adminStyles.fieldError} />
      {versions.length === 0 ? (
        <p className={adminStyles.empty}>No versions available for this pricing rule.</p>
      ) : (
        <div className={styles.versions}>
          {versions.map(({ key, version }) => (
            <VersionEditor key={key} rule={rule} versionKey={key} version={version} onRuleChange={onChange} />
          ))}
        </div>
      )}
      {dialog === 'settings' ? <SettingsDialog rule={rule} onChange={onChange} onClose={() => setDialog(null)} /> : null}
      {dialog === 'help' ? (
        <Modal title="How pricing versions work" onClose={() => setDialog(null)} footer={<Button onClick={() => setDialog(null)}>Close</Button>}>
          <p>
            A pricing rule keeps several versions. The version used for a quote is chosen by the order's effective pricing date: the newest version created on or
            before that date applies (an order without an effective pricing date is priced at today's date).
          </p>
          <p>
            Changing a version changes the price of every order it already prices. New prices should go in a version dated in the future: add a version (it is
            dated tomorrow) or set its date, and orders keep their price until their effective pricing date reaches it.
          </p>
          <p>
            A version you add is a draft: it prices no order, whatever its date, until you publish it. Edit and save a draft as often as you like and try it
            with the test bench. Publish shows how many existing orders it would price and how their totals change, then asks; a draft with no expressions, or
            one that would price every item of a product at $0.00, cannot be published.
          </p>
          <p>Money is written in whole cents (43.70 is 4370). Try a draft on existing orders with the test bench under each editor before saving it.</p>
        </Modal>
      ) : null}
    </AdminPage>
  );
}

function SettingsDialog({ rule, onChange, onClose }: { rule: PricingRuleRow; onChange(rule: PricingRuleRow): void; onClose(): void }) {
  const [title, setTitle] = useState(rule.title ?? '');
  const { saving, error, run } = useSaving();
  const trimmed = title.trim();
  const save = () =>
    run(async () => {
      onChange(await pricingRules.update(rule.id, { title: trimmed }));
      onClose();
    });
  return (
    <Modal
      title="Pricing rule settings"
      subtitle={ruleTitle(rule)}
      onClose={onClose}
      testId="pricing-rule-settings"
      footer={
        <>
          <ArchiveButton archived={rule.deleted === 1} onChange={async (archived) => onChange(await pricingRules.update(rule.id, { deleted: archived ? 1 : 0 }))} />
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button onClick={() => void save()} disabled={saving || !trimmed || trimmed === (rule.title ?? '')}>
            {saving ? 'Saving…' : 'Save'}
          </Button>
        </>
      }
    >
      <label className={styles.field}>
        <span>Title</span>
        <input value={title} maxLength={255} onChange={(e) => setTitle(e.target.value)} onKeyDown={(e) => e.key === 'Enter' && trimmed && void save()} />
      </label>
      {error ? <p role="alert">{error}</p> : null}
    </Modal>
  );
}
